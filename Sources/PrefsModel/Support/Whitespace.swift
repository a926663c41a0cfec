/// Whitespace trimming in plain Swift.
///
/// Why: `trimmingCharacters(in:)` goes through `NSString` and a `CharacterSet` on Linux, which
/// cost about 85 M instructions while loading a schema of ten thousand settings, nearly all of it
/// on text that had no spaces to trim. These walk the Unicode scalars once and copy only when
/// something is trimmed. The sets match Foundation's: `.whitespaces` is the space separators
/// (category Zs) and tab; `.whitespacesAndNewlines` adds the line and paragraph separators and
/// the newline controls U+000A–U+000D and U+0085.
extension Unicode.Scalar {
    /// Whether Foundation's `CharacterSet.whitespaces` holds this scalar.
    var isSpaceOrTab: Bool {
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return properties.generalCategory == .spaceSeparator
    }

    /// Whether Foundation's `CharacterSet.whitespacesAndNewlines` holds this scalar.
    var isSpaceOrNewline: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        switch properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return value == 0x85
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs, as
    /// `trimmingCharacters(in: .whitespaces)` returns it.
    var trimmingSpaces: String { trimming(where: \.isSpaceOrTab) }

    /// The text without leading and trailing whitespace and newlines, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` returns it.
    var trimmingSpacesAndNewlines: String { trimming(where: \.isSpaceOrNewline) }

    /// Whether the text is empty once whitespace and newlines are trimmed, without building it.
    var isBlank: Bool { unicodeScalars.allSatisfy(\.isSpaceOrNewline) }

    private func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        // The loop above stopped at a scalar that stays, so searching backwards ends there too.
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return String(self) }
        // Through the scalar view, not `self[first...last]`: a kept combining mark right after a
        // trimmed space is not a character boundary, and Foundation keeps it.
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
