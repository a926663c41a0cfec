import Foundation

extension PlistXMLWriter {
    /// What in one stored entry an XML property list cannot carry, described for a person
    /// ("text an XML property list cannot carry (U+001B)"), or nil when the entry can be
    /// written. The same limits ``document(_:order:)`` refuses, found without writing, so a
    /// refused write can name every entry that blocks it, not only the first one.
    package static func refusal(ofKey key: String, value: PlistValue) -> String? {
        if let character = refusedCharacter(in: key) {
            return "text an XML property list cannot carry (\(character)) in its name"
        }
        return refusal(in: value)
    }

    private static func refusal(in value: PlistValue) -> String? {
        switch value {
        case .string(let text):
            return refusedCharacter(in: text).map { "text an XML property list cannot carry (\($0))" }
        case .date(let date):
            guard !dateRange.contains(date.timeIntervalSinceReferenceDate.rounded(.down)) else { return nil }
            return "a date an XML property list cannot carry (outside the years 1–9999)"
        case .array(let items):
            return items.lazy.compactMap { refusal(in: $0) }.first
        case .dictionary(let entries):
            return entries.lazy.compactMap { refusal(ofKey: $0.key, value: $0.value) }.first
        case .bool, .int, .unsignedInt, .double, .data:
            return nil
        }
    }

    /// The first character XML 1.0 cannot carry even escaped (C0 controls other than tab, line
    /// feed and carriage return; U+FFFE; U+FFFF), as "U+001B", or a leading U+FEFF (which
    /// readers drop as a byte-order mark); nil for none.
    private static func refusedCharacter(in text: String) -> String? {
        if text.unicodeScalars.first == "\u{FEFF}" { return "U+FEFF at its start" }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: continue
            case 0x00..<0x20, 0xFFFE, 0xFFFF: return "U+\(hex(scalar.value))"
            default: continue
            }
        }
        return nil
    }
}
