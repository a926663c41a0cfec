/// The rule every key follows on top of its own: text holds no control characters but tab,
/// and line feed only where a `multiline` text rule allows it. A line break or an escape
/// sequence in a one-line value would split `get` output into two values and could recolour or
/// redraw the terminal of whoever lists it.
enum ControlCharacterRule {
    /// What is allowed, for the error message.
    static func allowedText(allowingNewlines: Bool) -> String {
        allowingNewlines
            ? "text without control characters other than tab and line feed (\\t, \\n), and without U+FEFF"
            : "text on one line, without control characters other than tab (\\t), and without U+FEFF"
    }

    /// The first forbidden control character in any text a stored value holds (strings, list
    /// items, dictionary keys and values), or nil.
    static func firstViolation(in stored: PlistValue?, allowingNewlines: Bool) -> Unicode.Scalar? {
        switch stored {
        case .string(let text)?:
            return text.firstForbiddenControlCharacter(allowingNewlines: allowingNewlines)
        case .array(let items)?:
            // A loop, not a lazy `compactMap`: this runs for every list value judged.
            for item in items {
                if let found = firstViolation(in: item, allowingNewlines: allowingNewlines) { return found }
            }
            return nil
        case .dictionary(let entries)?:
            return entries.lazy.compactMap { name, value in
                name.firstForbiddenControlCharacter(allowingNewlines: allowingNewlines)
                    ?? firstViolation(in: value, allowingNewlines: allowingNewlines)
            }.first
        default:
            return nil
        }
    }
}

extension RuleDescription {
    /// Whether the rule lets text hold line feeds: a `multiline` text rule, or a list whose
    /// items follow one.
    var allowsLineBreaks: Bool {
        switch self {
        case .text(_, _, _, let multiline): return multiline
        case .each(let inner): return inner.allowsLineBreaks
        default: return false
        }
    }
}
