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

    /// Applies an editing key; returns false for keys that are not editing keys.
    mutating func apply(_ key: KeyEvent) -> Bool {
        switch key {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("k"): characters.removeSubrange(cursor...)
        case .control("u"):
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        default:
            return false
        }
        return true
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
