import PrefsModel

extension EditorState {
    /// The choice list a setting with choices opens: its own state, and its own update, which
    /// says what became of a key; the editor acts on that (a write, closing it), as a parent
    /// acts on a child component's message.
    struct ChoicePopup: Sendable {
        var keyIndex: Int
        var options: [ChoiceOption]
        var highlighted: Int

        /// What a key did to the popup.
        enum Outcome: Equatable {
            /// Still open (the highlight may have moved), or the key means nothing here.
            case open
            case cancelled
            /// This choice's stored value was picked.
            case chosen(String)
        }

        mutating func update(_ event: KeyEvent) -> Outcome {
            guard let action: ChoiceAction = KeyBindings.choice.action(for: event) else { return .open }
            switch action {
            case .up: highlighted = max(0, highlighted - 1)
            case .down: highlighted = min(options.count - 1, highlighted + 1)
            case .first: highlighted = 0
            case .last: highlighted = options.count - 1
            case .cancel: return .cancelled
            case .select: return .chosen(options[highlighted].value)
            }
            return .open
        }
    }
}
