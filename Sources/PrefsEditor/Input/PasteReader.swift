/// The bytes of a bracketed paste, from after its start marker (`ESC [200~`) to its end marker
/// (`ESC [201~`), taken in chunks as they are read from the terminal, without a terminal.
///
/// Why not through ncurses: it reads input one byte at a time and matches each against every
/// defined key, so a 10 MB paste cost 41 s of CPU and held the editor (keys, Ctrl-C, other
/// programs' changes) until all of it was read and decoded. Here the cost is linear and small:
/// the text is kept up to one character past the limit (the update refuses it whole, with a
/// message), and every byte after that is only scanned for the end marker and dropped.
struct PasteReader {
    /// What feeding a chunk found.
    enum Progress: Equatable {
        /// The end marker has not come yet.
        case more
        /// The paste ended in this chunk; the bytes after the end marker are input of their own.
        case ended(after: [UInt8])
    }

    private static let endMarker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]   // ESC [ 2 0 1 ~

    /// The most characters (Unicode scalars) kept: one past this, the paste is known too long.
    let limit: Int
    /// The text kept: a line break sent as CR is a line feed, bytes that are not UTF-8 are U+FFFD.
    private(set) var text = ""
    /// Characters in ``text``.
    private(set) var kept = 0
    /// How many bytes of the end marker the last bytes matched.
    private var matched = 0
    /// The character being decoded: continuation bytes still needed, its value so far, and the
    /// range the next byte must be in.
    private var needed = 0
    private var value: UInt32 = 0
    private var nextLow: UInt8 = 0x80
    private var nextHigh: UInt8 = 0xBF

    init(limit: Int) { self.limit = limit }

    /// Whether more characters came than ``limit``.
    var isTooLong: Bool { kept > limit }

    /// Takes the next bytes read.
    mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> Progress where Bytes.Element == UInt8 {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            // Past the limit, only an ESC can matter: jump to the next one.
            if matched == 0, kept > limit {
                guard let escape = bytes[index...].firstIndex(of: Self.endMarker[0]) else { return .more }
                index = escape
            }
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            if byte == Self.endMarker[matched] {
                matched += 1
                if matched == Self.endMarker.count {
                    matched = 0
                    finishCharacter()
                    return .ended(after: Array(bytes[index...]))
                }
                continue
            }
            // What looked like the marker was text after all.
            let held = Self.endMarker.prefix(matched)
            matched = byte == Self.endMarker[0] ? 1 : 0
            for heldByte in held { take(heldByte) }
            if matched == 0 { take(byte) }
        }
        return .more
    }

    /// The text when the terminal stopped sending before the end marker: what was held as part
    /// of a marker is text too.
    mutating func finishWithoutEndMarker() -> String {
        for heldByte in Self.endMarker.prefix(matched) { take(heldByte) }
        matched = 0
        finishCharacter()
        return text
    }

    /// Decodes UTF-8 a byte at a time (a character may be split between two reads). A sequence
    /// cut short, an overlong form, a surrogate or a stray byte is one U+FFFD.
    private mutating func take(_ byte: UInt8) {
        guard kept <= limit else { return }
        if needed > 0 {
            if (nextLow...nextHigh).contains(byte) {
                value = value << 6 | UInt32(byte & 0x3F)
                needed -= 1
                nextLow = 0x80
                nextHigh = 0xBF
                if needed == 0 { append(Unicode.Scalar(value) ?? "\u{FFFD}") }
                return
            }
            needed = 0
            append("\u{FFFD}")
        }
        switch byte {
        case ..<0x80: append(Unicode.Scalar(byte))
        case 0xC2...0xDF: begin(needing: 1, value: byte & 0x1F)
        case 0xE0: begin(needing: 2, value: 0, low: 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: begin(needing: 2, value: byte & 0x0F)
        case 0xED: begin(needing: 2, value: 0x0D, high: 0x9F)
        case 0xF0: begin(needing: 3, value: 0, low: 0x90)
        case 0xF1...0xF3: begin(needing: 3, value: byte & 0x07)
        case 0xF4: begin(needing: 3, value: 0x04, high: 0x8F)
        default: append("\u{FFFD}")
        }
    }

    private mutating func begin(needing count: Int, value: UInt8, low: UInt8 = 0x80, high: UInt8 = 0xBF) {
        needed = count
        self.value = UInt32(value)
        nextLow = low
        nextHigh = high
    }

    private mutating func finishCharacter() {
        if needed > 0 { append("\u{FFFD}") }
        needed = 0
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        guard kept <= limit else { return }
        KeyDecoder.appendPasted(scalar.value, to: &text)
        kept += 1
    }
}
