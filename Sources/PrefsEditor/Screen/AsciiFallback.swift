/// What a non-ASCII character becomes on a terminal whose locale is not UTF-8: line drawing is
/// left to the terminal's own line-drawing set (see `isLineDrawing`), markers and arrows get
/// their ASCII look-alikes, and anything else a `?` rather than bytes the terminal would garble.
enum AsciiFallback {
    /// The ASCII look-alike of the cell `character`, whose neighbours on the row are `before`
    /// and `after`. Between two digits `…` is a range (`5…1440`), and reads `5-1440`: its
    /// look-alike elsewhere, a full stop, made it `5.1440`, a decimal number.
    static func text(for character: String, before: String = "", after: String = "") -> String {
        if character == "…", before.first?.isASCII == true, before.first?.isNumber == true,
           after.first?.isASCII == true, after.first?.isNumber == true || after == "-" {
            return "-"
        }
        switch character {
        case "●": return "*"
        case "‹": return "<"
        case "›": return ">"
        case "…": return "."
        case "↑": return "^"
        case "↓": return "v"
        case "←": return "<"
        case "→": return ">"
        case "×": return "x"
        case "·": return "-"
        case "—", "–": return "-"
        default:
            if character.unicodeScalars.allSatisfy(\.isASCII) { return character }
            // As many `?` as the character has columns: one `?` for 東 left everything after
            // it on the row, and the cursor of a field, a column from where the grid has it.
            return String(repeating: "?", count: max(1, character.first.map(DisplayWidth.of) ?? 1))
        }
    }

    /// Box characters the renderer draws, which the terminal has its own glyphs for.
    static let isLineDrawing: Set<String> = ["│", "─", "┌", "┐", "└", "┘", "┃", "┬"]
}
