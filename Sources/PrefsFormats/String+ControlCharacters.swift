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
        if isPrintableASCII { return self }
        guard unicodeScalars.contains(where: { $0.isControlCharacter || $0 == Unicode.Scalar.byteOrderMark }) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.isControlCharacter || scalar == Unicode.Scalar.byteOrderMark:
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The text with control characters escaped as ``controlCharactersEscaped`` does, but for
    /// its line breaks, which stay: for text of several lines whose pieces come from files.
    ///
    /// ```swift
    /// "T\u{1B}]0;x\u{7}\nnext".controlCharactersEscapedKeepingLineBreaks  // "T\\u{1B}]0;x\\u{7}\nnext"
    /// ```
    package var controlCharactersEscapedKeepingLineBreaks: String {
        guard unicodeScalars.contains(where: { ($0.isControlCharacter && $0 != "\n") || $0 == Unicode.Scalar.byteOrderMark }) else { return self }
        return split(separator: "\n", omittingEmptySubsequences: false).map { String($0).controlCharactersEscaped }.joined(separator: "\n")
    }

    /// The text in double quotes with control characters escaped, for one-line messages: an
    /// empty value shows as `""`, a line break as `\n`, so the message stays one line and
    /// shows what was given.
    ///
    /// ```swift
    /// "a\nb".quotedForMessage  // #""a\nb""#
    /// ```
    package var quotedForMessage: String { "\"\(controlCharactersEscaped)\"" }

    /// The first character a single-line or multi-line text value may not hold: any control
    /// character but tab (and line feed too unless `allowingNewlines`), and U+FEFF.
    ///
    /// Why U+FEFF: Foundation's plist reader drops it at the start of a string, even written as
    /// `&#xFEFF;`, so `"\u{FEFF}"` would read back as `""` and a list holding such an item would
    /// break its rule and read as its default (found by the hostile suite's random inputs). It
    /// is invisible, so refusing it anywhere loses nothing a person meant to type.
    package func firstForbiddenControlCharacter(allowingNewlines: Bool) -> Unicode.Scalar? {
        if isPrintableASCII { return nil }
        return unicodeScalars.first { scalar in
            (scalar.isControlCharacter && scalar != "\t" && !(allowingNewlines && scalar == "\n"))
                || scalar == Unicode.Scalar.byteOrderMark
        }
    }
}

extension String {
    /// Whether every character is printable ASCII (U+0020 to U+007E), nearly every text shown:
    /// nothing to escape, nothing to refuse, and one column a byte. Asked of the bytes in place,
    /// a byte at a time, before anything walks characters or scalars (a walk by scalars asking
    /// each one's properties cost hundreds of instructions a character; `allSatisfy` over the
    /// `utf8` view, a call a byte, was 6% of `list`).
    ///
    /// ```swift
    /// "Oslo".isPrintableASCII     // true
    /// "Tromsø".isPrintableASCII   // false
    /// ```
    package var isPrintableASCII: Bool {
        if let answer = utf8.withContiguousStorageIfAvailable(Self.arePrintableASCII) { return answer }
        return utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Whether every byte is printable ASCII.
    @inlinable
    package static func arePrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Eight bytes a step: a byte below 0x20 borrows into its top bit when 0x20 is taken
        // from it (x − 0x20… & ~x), one of 0x7F or above has its top bit set once 1 is added
        // (or before). A carry or borrow only runs on from a byte already flagged. A byte at a
        // time, this was 200 instructions for each cell of a table and each text read.
        var index = 0
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if ((word &- ones &* 0x20) & ~word | (word &+ ones) | word) & (ones &* 0x80) != 0 { return false }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] &- 0x20 >= 0x5F { return false }
            index += 1
        }
        return true
    }
}

extension Unicode.Scalar {
    /// U+FEFF, the byte-order mark (zero-width no-break space): invisible, and dropped by
    /// Foundation's plist reader at the start of a string.
    package static let byteOrderMark = Unicode.Scalar(0xFEFF)!

    /// A C0 or C1 control character, or DEL (Unicode category Cc).
    package var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
