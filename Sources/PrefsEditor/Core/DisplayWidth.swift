import PrefsFormats

/// How many terminal columns text takes: CJK and most emoji take two, combining marks none.
///
/// Computed from the Unicode scalar itself rather than `wcwidth`, because `wcwidth` depends on
/// the process's locale (it answers -1 for every non-ASCII character in the "C" locale), and the
/// screen must be laid out the same way in tests, in `render` and in the terminal.
enum DisplayWidth {
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        // An emoji presentation selector (🌧️ is U+1F327 U+FE0F) does not widen the symbol:
        // ncurses, through `wcwidth`, gives it one column, and `drawable` leaves the selector
        // out, so terminals draw the one-column text form. Counted as two, the row's cells after
        // it were drawn one column off and the last left stale.
        return of(first)
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII first: asking a scalar's general category costs hundreds of
        // instructions, and nearly every character shown is one of these.
        if value >= 0x20 && value < 0x7F { return 1 }
        if value == 0 { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        // Arrows, mathematical and technical symbols, box drawing, shapes and dingbats (the
        // frame's borders, marks and hints) are symbols only, never a mark or a format
        // character: their category need not be asked.
        if (0x2190..<0x2400).contains(value) || (0x2500..<0x2800).contains(value) { return isWide(value) ? 2 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(value) ? 2 : 1
    }

    static func of(_ text: String) -> Int {
        // Printable ASCII is one column a byte, with no walk by characters (in which "\r\n"
        // is one): measuring the cells was 46% of `list` at 10,000 settings.
        if text.isPrintableASCII { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The character as it can be handed to ncurses within the columns `of` gives it. ncurses
    /// (through the C library's `wcwidth`) measures every scalar on its own, so an emoji
    /// modifier, a second emoji joined by ZWJ or the second half of a flag (👍🏽, 👨‍👩‍👧, 🇳🇴)
    /// would move its cursor past those columns and push the rest of the row out of place
    /// (a value's last letters and the border after them were lost). Such scalars are left out;
    /// the first scalar and the zero-width marks that combine with it stay.
    static func drawable(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        guard scalars.count > 1, let first = scalars.first else { return String(character) }
        var kept = String.UnicodeScalarView([first])
        // Hangul medial and final jamo combine with the initial one (wcwidth gives them 0).
        for scalar in scalars.dropFirst() where scalar.value != 0xFE0F && (of(scalar) == 0 || (0x1160...0x11FF).contains(scalar.value)) {
            kept.append(scalar)
        }
        return String(kept)
    }

    /// East Asian Wide and Fullwidth ranges, and the emoji blocks terminals draw two columns wide.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F320,
             0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
             0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
             0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F,
             0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC,
             0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
             0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// Columns this text takes on a terminal.
    package var displayWidth: Int { DisplayWidth.of(self) }

    /// The longest prefix that fits in `columns`, with `…` at the end when something was cut.
    /// Reads only as far as `columns` reach (plus one character), however long the text.
    func truncated(toWidth columns: Int) -> String {
        guard columns > 0 else { return "" }
        // Where a cut would end (the prefix of at most columns − 1, leaving room for "…").
        var cut = startIndex
        var used = 0
        var index = startIndex
        while index < endIndex {
            used += DisplayWidth.of(self[index])
            if used > columns { return String(self[..<cut]) + "…" }
            index = self.index(after: index)
            if used <= columns - 1 { cut = index }
        }
        return self
    }

    /// Pads with spaces (or truncates) to exactly `columns`.
    func padded(toWidth columns: Int) -> String {
        let fitted = truncated(toWidth: columns)
        return fitted + String(repeating: " ", count: max(0, columns - fitted.displayWidth))
    }

    /// Splits into lines of `columns` (the last may be shorter), breaking between any two
    /// characters, for data such as values where a break at a space would hide that space.
    /// With `maxLines`, stops once that many lines are made and ends the last one with `…` when
    /// text was left over, so the work is bounded by what is shown, however long the text.
    func broken(toWidth columns: Int, maxLines: Int = .max) -> [String] {
        guard columns > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for character in self {
            let width = DisplayWidth.of(character)
            if lineWidth + width > columns && lineWidth > 0 {
                guard lines.count + 1 < maxLines else {
                    // Text is left over: the last line shown ends with `…` in its last column.
                    lines.append((line + "…").truncated(toWidth: columns))
                    return lines
                }
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            line.append(character)
            lineWidth += width
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Splits into lines of at most `columns`, breaking at spaces where possible (runs of
    /// spaces count as one) and inside words longer than a line. With `maxLines`, stops once
    /// that many lines are made and, if text was left over, ends the last one with `…`: the
    /// work is then bounded by what is shown, however long the text (a 32 KB value wrapped
    /// whole, once per frame, had frozen the editor).
    func wrapped(toWidth columns: Int, maxLines: Int = .max) -> [String] {
        guard columns > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var line = "", lineWidth = 0
        var word = "", wordWidth = 0

        /// Ends the line; false once more lines than asked for exist (the extra one proves
        /// that text was left over).
        func endLine() -> Bool {
            lines.append(line)
            line = ""
            lineWidth = 0
            return lines.count <= maxLines
        }
        /// Puts the word on the line, or on the next one when it does not fit.
        func placeWord() -> Bool {
            guard !word.isEmpty else { return true }
            defer { word = ""; wordWidth = 0 }
            if line.isEmpty {
                line = word
                lineWidth = wordWidth
            } else if lineWidth + 1 + wordWidth <= columns {
                line += " " + word
                lineWidth += 1 + wordWidth
            } else {
                guard endLine() else { return false }
                line = word
                lineWidth = wordWidth
            }
            return true
        }

        scan: for character in self {
            switch character {
            case "\n":
                guard placeWord(), endLine() else { break scan }
            case " ":
                guard placeWord() else { break scan }
            default:
                let width = DisplayWidth.of(character)
                if wordWidth + width > columns && !word.isEmpty {
                    // A word longer than a line: its first line's worth goes on a line of its own.
                    if !line.isEmpty { guard endLine() else { break scan } }
                    line = word
                    lineWidth = wordWidth
                    word = ""
                    wordWidth = 0
                    guard endLine() else { break scan }
                }
                word.append(character)
                wordWidth += width
            }
        }
        if lines.count <= maxLines, placeWord() { _ = endLine() }
        guard lines.count > maxLines else { return lines }
        lines.removeLast(lines.count - maxLines)
        lines[maxLines - 1] = (lines[maxLines - 1] + "…").truncated(toWidth: columns)
        return lines
    }
}
