import PrefsModel

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
    ///
    /// When the text before the cursor is wider than the field, the field ends at the cursor
    /// (its own column left free). Only the characters around the cursor are measured: walking
    /// back from it and then forward costs what is shown, however long the text. (Measuring
    /// the whole text before the cursor once per character scrolled past took minutes per
    /// frame for a 32 KB value.) Zero-width characters take no column, so each walk also stops
    /// after a few characters per column; more of them would not show anyway.
    ///
    /// `mask`: each character shows as this one instead (a secret being typed shows one mask
    /// character per character typed), so the cursor arithmetic below measures what is drawn.
    func visible(width: Int, mask: Character? = nil) -> (text: String, cursorColumn: Int) {
        guard width > 1 else { return ("", 0) }
        let shown = { (character: Character) in mask.map { String($0) } ?? Self.shown(character) }
        let limit = 4 * width
        var start = cursor
        var cursorColumn = 0
        // The columns of the character under the cursor (an escape such as `\u{1B}` takes six),
        // or one for the cursor after the text: kept free at the end, so it is drawn too.
        let underCursor = cursor < characters.count ? min(width, shown(characters[cursor]).displayWidth) : 1
        while start > 0, cursor - start < limit {
            let characterWidth = shown(characters[start - 1]).displayWidth
            // Keep the cursor inside the window, with room for what it stands on.
            if cursorColumn + characterWidth > width - max(1, underCursor) { break }
            cursorColumn += characterWidth
            start -= 1
        }
        var text = ""
        var used = 0
        var index = start
        while index < characters.count, index - start < limit {
            let form = shown(characters[index])
            let characterWidth = form.displayWidth
            if used + characterWidth > width { break }
            text += form
            used += characterWidth
            index += 1
        }
        return (text, cursorColumn)
    }

    /// How a character shows in the field: a control character (or a byte-order mark) as its
    /// escape (`\t`, `\n`, `\u{1B}`), as values show everywhere else. Drawn as itself it would
    /// take no column: a tab or a line break could not be seen, and the cursor would count one
    /// column short.
    private static func shown(_ character: Character) -> String {
        String(character).controlCharactersEscaped
    }
}
