extension String {
    /// The text with every control character written visibly, for showing a value to a person:
    /// a line break, tab or escape would otherwise move the cursor, split a table row or
    /// recolour the terminal. `\n`, `\r` and `\t` keep their usual names; every other control
    /// character (U+0000–U+001F, U+007F–U+009F) is written `\u{1B}`.
    ///
    /// ```swift
    /// "Oslo\nBergen\u{1B}[31m".controlCharactersEscaped  // #"Oslo\nBergen\u{1B}[31m"#
    /// ```
    public var controlCharactersEscaped: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.isControlCharacter:
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The first control character a single-line or multi-line text value may not hold: any
    /// but tab, and line feed too unless `allowingNewlines`.
    func firstForbiddenControlCharacter(allowingNewlines: Bool) -> Unicode.Scalar? {
        unicodeScalars.first { scalar in
            scalar.isControlCharacter && scalar != "\t" && !(allowingNewlines && scalar == "\n")
        }
    }
}

extension Unicode.Scalar {
    /// A C0 or C1 control character, or DEL (Unicode category Cc).
    var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
