/// Whitespace trimming in plain Swift.
///
/// Why: `trimmingCharacters(in:)` goes through `NSString` and a `CharacterSet` on Linux, which
/// cost about 85 M instructions while loading a schema of ten thousand settings, nearly all of it
/// on text that had no spaces to trim. These walk the Unicode scalars once and copy only when
/// something is trimmed. The sets are CoreFoundation's fixed lists, checked against Foundation
/// for every scalar: `.whitespaces` is tab, space, U+00A0, U+1680, U+2000–U+200B, U+202F,
/// U+205F and U+3000 (U+200B included, unlike Unicode's category Zs today);
/// `.whitespacesAndNewlines` adds U+000A–U+000D, U+0085, U+2028 and U+2029.
extension Unicode.Scalar {
    /// Whether Foundation's `CharacterSet.whitespaces` holds this scalar.
    @usableFromInline package var isSpaceOrTab: Bool {
        switch value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Whether Foundation's `CharacterSet.whitespacesAndNewlines` holds this scalar.
    @usableFromInline package var isSpaceOrNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return isSpaceOrTab
        }
    }
}

// Inlinable: called from other modules, a generic member ran unspecialized, with the string
// type's witnesses and metadata looked up at run time (`isBlank` cost 660 instructions a call
// checking defaults as a 10,000-setting schema loaded).
extension StringProtocol {
    /// The text without leading and trailing spaces and tabs, as
    /// `trimmingCharacters(in: .whitespaces)` returns it.
    @inlinable package var trimmingSpaces: String { trimming(where: \.isSpaceOrTab) }

    /// The text without leading and trailing whitespace and newlines, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` returns it.
    @inlinable package var trimmingSpacesAndNewlines: String { trimming(where: \.isSpaceOrNewline) }

    /// Whether the text is empty once whitespace and newlines are trimmed, without building it.
    @inlinable package var isBlank: Bool { unicodeScalars.allSatisfy(\.isSpaceOrNewline) }

    @usableFromInline func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
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
