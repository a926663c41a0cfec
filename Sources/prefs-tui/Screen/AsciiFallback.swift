/// What a non-ASCII character becomes on a terminal whose locale is not UTF-8: line drawing is
/// left to the terminal's own line-drawing set (see `isLineDrawing`), markers and arrows get
/// their ASCII look-alikes, and anything else a `?` rather than bytes the terminal would garble.
enum AsciiFallback {
    static func text(for character: String) -> String {
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
        default: return character.unicodeScalars.allSatisfy(\.isASCII) ? character : "?"
        }
    }

    /// Box characters the renderer draws, which the terminal has its own glyphs for.
    static let isLineDrawing: Set<String> = ["│", "─", "┌", "┐", "└", "┘", "┃"]
}
