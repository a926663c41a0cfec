/// How a cell looks on the terminal: a colour pair and video attributes, decided without
/// ncurses, so the frame diff can compare looks and tests can read them. The terminal file maps
/// a look to curses attributes.
struct CellLook: Hashable, Sendable {
    /// The colour pair (see ``Theme/colourPairs``), or nil for the terminal's own colours.
    var colourPair: CellStyle?
    var bold = false
    var reverse = false
    var underline = false
    var dim = false

    static let plain = CellLook()
}

/// The editor's colours, and what stands in for them without colour.
enum Theme {
    /// Terminal colours by number, as curses numbers them (COLOR_BLACK … COLOR_WHITE).
    enum Colour: Int16, Sendable {
        case black = 0, red, green, yellow, blue, magenta, cyan, white
    }

    /// The colour pair of each style that has one: foreground and background (nil: the
    /// terminal's default background, so the editor suits light and dark terminals alike).
    static let colourPairs: [CellStyle: (foreground: Colour, background: Colour?)] = [
        .header: (.black, .cyan),
        .sectionTitle: (.yellow, nil),
        .modified: (.green, nil),
        .warning: (.yellow, nil),
        .error: (.white, .red),
        .field: (.black, .white),
        .panelTitle: (.cyan, nil),
        .popup: (.white, .blue),
        .popupSelected: (.black, .cyan),
        .key: (.cyan, nil),
    ]

    /// The look of a cell of this style.
    static func look(_ style: CellStyle, bold: Bool, monochrome: Bool) -> CellLook {
        var look = CellLook(bold: bold)
        if monochrome {
            // Without colour, every role still shows: reverse for bars, bold and underline for marks.
            switch style {
            case .header, .selected, .popupSelected: look.reverse = true
            case .sectionTitle, .warning: look.bold = true; look.underline = true
            case .modified, .panelTitle, .key: look.bold = true
            case .error: look.reverse = true; look.bold = true
            case .field: look.underline = true
            case .dim: look.dim = true
            case .normal, .popup: break
            }
        } else if style == .dim {
            look.dim = true
        } else if style == .selected {
            // Reverse video, not a colour pair: the bar then suits light and dark themes alike,
            // and a move of the selection costs 4 bytes of escapes on each side, not 10.
            look.reverse = true
        } else if colourPairs[style] != nil {
            look.colourPair = style
        }
        return look
    }

    /// Whether a space of this style is invisible whatever its other attributes (no
    /// background, no underline).
    static func hasNoBackground(_ style: CellStyle, monochrome: Bool) -> Bool {
        switch style {
        case .normal, .modified, .dim, .panelTitle, .key: return true
        case .sectionTitle, .warning: return !monochrome   // underlined in monochrome
        case .header, .selected, .error, .field, .popup, .popupSelected: return false
        }
    }
}
