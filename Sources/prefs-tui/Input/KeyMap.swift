/// What a key does while browsing the list (the key map shown by `?`).
enum BrowseAction: Equatable {
    case moveUp, moveDown, pageUp, pageDown, first, last, nextSection, previousSection
    case activate, toggle, decrease, increase, clear
    case filter, cancel, modifiedOnly, reset, resetAll, undo, help, quit
}

enum KeyMap {
    static func browseAction(for key: KeyEvent) -> BrowseAction? {
        switch key {
        case .up, .character("k"): return .moveUp
        case .down, .character("j"): return .moveDown
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home, .character("g"): return .first
        case .end, .character("G"): return .last
        case .tab: return .nextSection
        case .backTab: return .previousSection
        case .enter: return .activate
        case .character(" "): return .toggle
        case .left, .character("h"): return .decrease
        case .right, .character("l"): return .increase
        case .delete, .backspace, .character("x"): return .clear
        case .character("/"): return .filter
        case .escape: return .cancel
        case .character("m"): return .modifiedOnly
        case .character("r"): return .reset
        case .character("R"): return .resetAll
        case .character("u"): return .undo
        case .character("?"), .function(1): return .help
        case .character("q"), .function(10): return .quit
        default: return nil
        }
    }

    /// The help overlay's lines: key, then what it does.
    static let help: [(keys: String, action: String)] = [
        ("↑/↓  k/j", "move"),
        ("PgUp/PgDn", "page up / down"),
        ("Home/End  g/G", "first / last setting"),
        ("Tab/Shift-Tab", "next / previous section"),
        ("Enter", "edit or commit; toggle; open a choice list"),
        ("Space", "toggle a switch"),
        ("←/→", "cycle a choice, step a number"),
        ("Del  x", "clear an optional value (unset)"),
        ("Esc", "cancel an edit, restoring the value"),
        ("/", "filter by title or key (Esc clears)"),
        ("m", "show only modified settings"),
        ("r", "reset the selected setting"),
        ("R", "reset all settings (asks first)"),
        ("u", "undo the last change, repeatedly"),
        ("?", "this help"),
        ("q  F10  Ctrl-C", "quit"),
        ("Line editing", "←/→ Home/End Ctrl-A/E/K/U Bksp Del"),
        ("Lists", "a add · Enter edit · d delete · K/J move"),
    ]
}
