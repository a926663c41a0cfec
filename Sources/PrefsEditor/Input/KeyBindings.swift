/// What a key does while browsing the list.
enum BrowseAction: Sendable, Equatable {
    case moveUp, moveDown, pageUp, pageDown, first, last, nextSection, previousSection
    case activate, toggle, decrease, increase, clear
    case filter, cancel, modifiedOnly, reset, resetAll, undo, details, help, quit, suspend, toggleMouse, reveal
}

/// What a key does in a line editor (a value, a list item, the filter).
enum LineEditAction: Sendable, Equatable {
    case left, right, start, end, deleteBackward, deleteForward, cutToEnd, cutToStart, commit, cancel
}

/// What a key does in the list editor.
enum ListAction: Sendable, Equatable {
    case up, down, add, edit, delete, moveItemUp, moveItemDown, close
}

/// What a key does in an open choice list.
enum ChoiceAction: Sendable, Equatable {
    case up, down, first, last, select, cancel
}

/// The editor's key map, by mode. Order is the order of the help overlay and the README.
enum KeyBindings {
    static let browse: [KeyBinding<BrowseAction>] = [
        .init("↑/↓, k/j", "move", hint: ("↑↓", "move"), rank: 0,
              [(.up, .moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown)]),
        .init("PgUp/PgDn", "page up / down", [(.pageUp, .pageUp), (.pageDown, .pageDown)]),
        .init("Home/End, g/G", "first / last setting",
              [(.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last)]),
        .init("Tab/Shift-Tab", "next / previous section", [(.tab, .nextSection), (.backTab, .previousSection)]),
        .init("Enter", "edit; toggle a switch; open a choice list", hint: ("Enter", "edit"), rank: 2, keys: [.enter], .activate),
        .init("Space", "toggle a switch; open a choice list", keys: [.character(" ")], .toggle),
        .init("←/→, h/l", "cycle a choice, step a number", hint: ("←→", "change"), rank: 1,
              [(.left, .decrease), (.character("h"), .decrease), (.right, .increase), (.character("l"), .increase)]),
        .init("Del, Backspace, x", "clear an optional value (unset)", keys: [.delete, .backspace, .character("x")], .clear),
        .init("i", "details of the setting and the whole last message", hint: ("i", "details"), rank: 5,
              keys: [.character("i")], .details),
        .init("/", "filter by title or key (Esc clears)", hint: ("/", "filter"), keys: [.character("/")], .filter),
        .init("Esc", "clear the filter", keys: [.escape], .cancel),
        .init("m", "show only modified settings (again: all)", hint: ("m", "modified"), keys: [.character("m")], .modifiedOnly),
        .init("r", "reset the selected setting to its default", hint: ("r", "reset"), keys: [.character("r")], .reset),
        .init("R", "reset all listed settings (asks first)", keys: [.character("R")], .resetAll),
        .init("u", "undo the last change, repeatedly", hint: ("u", "undo"), keys: [.character("u")], .undo),
        .init("s", "show a secret's value until the selection moves", hint: ("s", "show secret"), rank: 10,
              keys: [.character("s")], .reveal),
        .init("?, F1", "this help", hint: ("?", "help"), rank: 3, keys: [.character("?"), .function(1)], .help),
        .init("q, F10, Ctrl-C, Ctrl-\\", "quit", hint: ("q", "quit"), rank: 4,
              keys: [.character("q"), .function(10), .control("c"), .control("\\")], .quit),
        .init("Ctrl-Z", "suspend (fg resumes)", keys: [.control("z")], .suspend),
        .init("M", "mouse on / off (off: the terminal selects text)", keys: [.character("M")], .toggleMouse),
    ]

    static let lineEditing: [KeyBinding<LineEditAction>] = [
        .init("Enter", "save the value (checked by its rule)", hint: ("Enter", "save"), keys: [.enter], .commit),
        .init("Esc", "cancel, restoring the value", hint: ("Esc", "cancel"), keys: [.escape], .cancel),
        .init("←/→", "move the cursor", [(.left, .left), (.right, .right)]),
        .init("Home/End, Ctrl-A/E", "start / end of the line", hint: ("Ctrl-A/E", "start/end"),
              [(.home, .start), (.control("a"), .start), (.end, .end), (.control("e"), .end)]),
        .init("Backspace, Delete", "delete before / at the cursor",
              [(.backspace, .deleteBackward), (.control("h"), .deleteBackward), (.delete, .deleteForward), (.control("d"), .deleteForward)]),
        .init("Ctrl-K/U", "cut to the end / start", hint: ("Ctrl-K/U", "cut"), [(.control("k"), .cutToEnd), (.control("u"), .cutToStart)]),
    ]

    /// Typing a filter: the line editor's keys, but Enter keeps the filter and returns to the
    /// list, and Esc clears it (the hint row said "Enter save" while filtering).
    static let filtering: [KeyBinding<LineEditAction>] = [
        .init("Enter", "keep the filter and go back to the list", hint: ("Enter", "keep"), keys: [.enter], .commit),
        .init("Esc", "clear the filter", hint: ("Esc", "clear"), keys: [.escape], .cancel),
    ] + lineEditing.filter { binding in !binding.actions.contains { $0.key == .enter || $0.key == .escape } }

    static let list: [KeyBinding<ListAction>] = [
        .init("↑/↓, k/j", "move between items", [(.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down)]),
        .init("a, +", "add an item", hint: ("a", "add"), keys: [.character("a"), .character("+")], .add),
        .init("Enter", "edit the item", hint: ("Enter", "edit"), rank: 2, keys: [.enter], .edit),
        .init("d, Del", "delete the item", hint: ("d", "delete"), keys: [.character("d"), .delete], .delete),
        .init("K/J", "move the item up / down", hint: ("K/J", "move"), [(.character("K"), .moveItemUp), (.character("J"), .moveItemDown)]),
        .init("Esc, q", "close the list", hint: ("Esc", "close"), keys: [.escape, .character("q")], .close),
    ]

    static let choice: [KeyBinding<ChoiceAction>] = [
        .init("↑/↓, k/j", "highlight a choice", hint: ("↑↓", "choose"),
              [(.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down)]),
        .init("Home/End", "first / last choice", [(.home, .first), (.end, .last)]),
        .init("Enter, Space", "select it", hint: ("Enter", "select"), keys: [.enter, .character(" ")], .select),
        .init("Esc, q", "close without changing", hint: ("Esc", "cancel"), keys: [.escape, .character("q")], .cancel),
    ]

    /// Answers to "Reset …? (y/n)"; any key not listed answers no.
    static let confirm: [KeyBinding<Bool>] = [
        .init("y", "reset", hint: ("y", "reset"), keys: [.character("y"), .character("Y")], true),
        .init("n, Esc, any other key", "keep the values", hint: ("n", "cancel"), keys: [.character("n"), .escape], false),
    ]

    /// The help overlay's and README's sections: a title and its lines (keys, what they do).
    static var sections: [(title: String, lines: [(keys: String, help: String)])] {
        [
            ("Browsing", browse.map { ($0.label, $0.help) }),
            ("Editing a value", lineEditing.map { ($0.label, $0.help) }),
            ("Typing a filter", filtering.prefix(2).map { ($0.label, $0.help) }),
            ("The list editor", list.map { ($0.label, $0.help) }),
            ("A choice list", choice.map { ($0.label, $0.help) }),
            ("Reset …? (y/n)", confirm.map { ($0.label, $0.help) }),
        ]
    }

    /// The browsing hints for the selected setting: `s show secret` only where it means
    /// something (a secret is selected), and then first, so a narrow row keeps it.
    static func browseHints(secretSelected: Bool) -> [(keys: String, text: String)] {
        secretSelected ? browseHintsForASecret : browseHintsForOthers
    }

    // Each hint row is worked out once: it is drawn on every frame, and sorting a table cost a
    // browsing frame 90,000 instructions.
    private static let browseHintsForOthers = hints(browse.filter { !$0.reveals })
    private static let browseHintsForASecret = (browse.first(where: \.reveals)?.hint).map { [$0] + browseHintsForOthers }
        ?? browseHintsForOthers
    static let lineEditingHints = hints(lineEditing)
    static let filteringHints = hints(filtering)
    static let listHints = hints(list)
    static let choiceHints = hints(choice)
    static let confirmHints = hints(confirm)

    /// The hint row of a table: its bindings that have a hint, by rank, then in order.
    static func hints<Action>(_ table: [KeyBinding<Action>]) -> [(keys: String, text: String)] {
        table.indices.filter { table[$0].hint != nil }
            .sorted { (table[$0].hintRank, $0) < (table[$1].hintRank, $1) }
            .compactMap { table[$0].hint }
    }
}
