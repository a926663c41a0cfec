/// One line of the key map: the keys, what each does, and the words that describe them. The
/// dispatch, the help overlay, the hint row and the README's key table all read these, so a key
/// cannot do something that is written nowhere.
struct KeyBinding<Action: Sendable & Equatable>: Sendable {
    /// How the keys are written in help and README (`↑/↓, k/j`).
    let label: String
    /// What they do, as help and README say it.
    let help: String
    /// The short form for the hint row (`↑↓`, `move`), if the binding has a place there.
    let hint: (keys: String, text: String)?
    /// Hints with a lower rank come first, so the most needed survive a narrow row.
    let hintRank: Int
    /// Each key and its action.
    let actions: [(key: KeyEvent, action: Action)]

    init(_ label: String, _ help: String, hint: (String, String)? = nil, rank: Int = 9, _ actions: [(KeyEvent, Action)]) {
        self.label = label
        self.help = help
        self.hint = hint.map { (keys: $0.0, text: $0.1) }
        hintRank = rank
        self.actions = actions.map { (key: $0.0, action: $0.1) }
    }

    /// Several keys with one action.
    init(_ label: String, _ help: String, hint: (String, String)? = nil, rank: Int = 9, keys: [KeyEvent], _ action: Action) {
        self.init(label, help, hint: hint, rank: rank, keys.map { ($0, action) })
    }
}

extension Array {
    /// The action a key has in this table, or nil.
    func action<Action>(for key: KeyEvent) -> Action? where Element == KeyBinding<Action> {
        for binding in self {
            if let found = binding.actions.first(where: { $0.key == key }) { return found.action }
        }
        return nil
    }
}

extension KeyBinding where Action == BrowseAction {
    /// Whether this is `s`, which shows a secret: hinted only where a secret is selected.
    var reveals: Bool { actions.contains { $0.action == .reveal } }
}
