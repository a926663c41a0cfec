/// The rest of an SGR mouse report after its `ESC [ <`, read one character at a time: the pure
/// part of reading the mouse, so that no character of a malformed, cut or split report is ever
/// taken as a typed key (its tail typed into an open field, or its `M` read as the key that
/// switches the mouse off).
///
/// A report is a control sequence (ECMA-48): parameter bytes (`0`–`9`, `;`, and the rest of
/// 0x30–0x3F), then intermediate bytes (0x20–0x2F), then one final byte (0x40–0x7E). Whatever
/// the bytes between, everything up to the final byte belongs to the report and is dropped with
/// it; only a well-formed report with final `M` or `m` becomes a ``MouseEvent``.
///
/// An escape sequence that cuts a report off (`ESC [ < 0;30;5` then `ESC [ A`, read before the
/// terminal library could match it as a key) is dropped with it, to its final byte; a new
/// `ESC [ <` starts the report over. Any other character that no control sequence can hold (a
/// control character, or anything beyond ASCII) interrupts the report: the report is dropped and
/// that character is read again as input of its own.
struct SGRMouseReport: Sendable, Equatable {
    /// What the report became after one more character.
    enum Outcome: Sendable, Equatable {
        /// The report goes on.
        case incomplete
        /// The report ended: the event, or nil for one the editor does not use or that does not
        /// parse (dropped whole, with whatever cut it off).
        case finished(MouseEvent?)
        /// The character cannot belong to a report: the report is dropped and the character is
        /// input of its own.
        case interrupted
    }

    /// No real report is longer than `255;65535;65535`: the parameters are kept up to this many
    /// characters, and a longer report is read to its end but dropped.
    static let longestParameters = 32

    private enum Phase: Sendable, Equatable {
        /// Inside the report (or a new one after a second `ESC [ <`).
        case report
        /// An ESC cut the report off.
        case escape
        /// `ESC [`: a control sequence, perhaps a new report.
        case sequenceStart
        /// Some other control sequence, dropped to its final byte.
        case foreignSequence
        /// `ESC O`: one more character ends it.
        case shiftThree
    }

    private var phase = Phase.report
    private var parameters = ""
    private var isMalformed = false
    private var sawIntermediate = false

    /// Takes the next character of the report.
    mutating func feed(_ character: UInt32) -> Outcome {
        switch phase {
        case .report:
            return feedReport(character)
        case .escape:
            switch character {
            case 0x5B: phase = .sequenceStart; return .incomplete          // [
            case 0x4F: phase = .shiftThree; return .incomplete             // O
            default: return .interrupted
            }
        case .sequenceStart:
            if character == 0x3C {                                         // <: a new report
                self = SGRMouseReport()
                return .incomplete
            }
            phase = .foreignSequence
            return feed(character)
        case .foreignSequence:
            switch character {
            case 0x20...0x3F: return .incomplete
            case 0x40...0x7E: return .finished(nil)
            default: return .interrupted
            }
        case .shiftThree:
            return (0x20...0x7E).contains(character) ? .finished(nil) : .interrupted
        }
    }

    private mutating func feedReport(_ character: UInt32) -> Outcome {
        switch character {
        case 0x30...0x3F:
            // A parameter byte after an intermediate one breaks the grammar; still the report's.
            if sawIntermediate { isMalformed = true }
            if parameters.utf8.count < Self.longestParameters {
                parameters.unicodeScalars.append(Unicode.Scalar(UInt8(character)))
            } else {
                isMalformed = true
            }
            return .incomplete
        case 0x20...0x2F:
            sawIntermediate = true
            isMalformed = true
            return .incomplete
        case 0x40...0x7E:
            guard !isMalformed, character == 0x4D || character == 0x6D else { return .finished(nil) }
            return .finished(MouseEvent.sgr(parameters: parameters, final: character == 0x4D ? "M" : "m"))
        case 0x1B:
            phase = .escape
            return .incomplete
        default:
            return .interrupted
        }
    }
}
