/// A one-line text editor: cursor movement, deletion and the readline keys, by character
/// (so é and 東 move as one), laid out by display width.
struct LineEditor: Sendable, Equatable {
    private(set) var characters: [Character]
    private(set) var cursor: Int

    init(text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }

    /// Applies an editing key: an action of `KeyBindings.lineEditing`, or a character typed.
    /// Returns false for keys that neither edit nor move (commit and cancel are the caller's).
    mutating func apply(_ key: KeyEvent) -> Bool {
        if let action: LineEditAction = KeyBindings.lineEditing.action(for: key) { return apply(action) }
        if case .character(let character) = key {
            insert(String(character))
            return true
        }
        return false
    }

    mutating func apply(_ action: LineEditAction) -> Bool {
        switch action {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .start: cursor = 0
        case .end: cursor = characters.count
        case .deleteBackward:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .cutToEnd: characters.removeSubrange(cursor...)
        case .cutToStart:
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .commit, .cancel:
            return false
        }
        return true
    }

    /// Inserts text at the cursor (a typed character or a paste).
    mutating func insert(_ text: String) {
        characters.insert(contentsOf: text, at: cursor)
        cursor += text.count
    }

    /// The part of the text to show in `width` columns, scrolled so the cursor is visible, and
    /// the cursor's column within it.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 1 else { return ("", 0) }
        var start = 0
        // Keep the cursor inside the window, leaving its own column free at the end.
        while DisplayWidth.of(String(characters[start..<cursor])) > width - 1 { start += 1 }
        var shown = ""
        var used = 0
        for character in characters[start...] {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width { break }
            shown.append(character)
            used += characterWidth
        }
        return (shown, DisplayWidth.of(String(characters[start..<cursor])))
    }
}
