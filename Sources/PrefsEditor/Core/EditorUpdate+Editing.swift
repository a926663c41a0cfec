import PrefsModel

/// The open fields: a line editor, a choice list, the list editor, and pastes into them.
extension EditorUpdate {
    // MARK: Line editing

    static func editLine(_ state: inout EditorState, key event: KeyEvent) -> [EditorEffect] {
        guard case .editingLine(var edit) = state.mode else { return [] }
        // Taken out of the state while it changes, so `edit` holds the only reference to the
        // text and a key edits it in place: a copy of every character per key made each
        // keystroke in a megabyte's value cost as much as the whole value.
        state.mode = .browse
        let key = state.keys[edit.keyIndex]
        switch edit.update(event) {
        case .cancelled:
            state.message = .init(text: "Cancelled; \(key.name) is \(state.settings.displayText(of: key))", kind: .info)
            return []
        case .committed(let text):
            // The field stays open (with the text) until the write has succeeded.
            state.mode = .editingLine(edit)
            return commit(&state, key, text: text)
        case .editing:
            state.mode = .editingLine(edit)
            return []
        }
    }

    // MARK: Choice list

    static func choose(_ state: inout EditorState, _ popup: EditorState.ChoicePopup, key event: KeyEvent) -> [EditorEffect] {
        var popup = popup
        switch popup.update(event) {
        case .open:
            state.mode = .choosing(popup)
            return []
        case .cancelled:
            state.mode = .browse
            return []
        case .chosen(let value):
            return commit(&state, state.keys[popup.keyIndex], text: value)
        }
    }

    // MARK: List editing

    static func editList(_ state: inout EditorState, _ list: EditorState.ListEdit, key event: KeyEvent) -> [EditorEffect] {
        var list = list
        let key = state.keys[list.keyIndex]
        switch list.update(event) {
        case .open:
            state.mode = .editingList(list)
            return []
        case .closed:
            state.mode = .browse
            return []
        case .write(let after):
            return commitList(&state, key, after)
        case .itemTyped(let text, let target):
            guard let item = listItem(key, text: text, state: &state) else { return [] }
            // The item is checked alone first: the whole list's refusal quotes every item
            // as JSON (`"[""]" is not allowed; allowed: a list where each item…`) and is
            // cut off before the rule the typed item broke.
            if case .each(let itemRule) = key.rule, (try? key.storedValue(json: .array([item]))) == nil {
                let shown = EditorField.itemText(item).controlCharactersEscaped
                state.message = .init(text: "\(key.name): item \"\(shown)\" is not allowed; allowed: \(itemRule.allowedText)", kind: .error)
                return []
            }
            // Until the write succeeds, the list shows what is stored and the item field
            // keeps the typed text.
            return commitList(&state, key, list.with(item, at: target))
        }
    }

    /// An item typed into the list editor, read by the item type's own parser (the one `set`
    /// uses, so the message is the command line's). Nil (with the message) when it is none.
    private static func listItem(_ key: AnyPreferenceKey, text: String, state: inout EditorState) -> JSONValue? {
        do { return try key.listItem(parsing: text) } catch {
            state.message = .init(text: EditorUpdate.message(for: error), kind: .error)
            return nil
        }
    }

    /// Writes the list the editor would show after this change; the editor moves to it only
    /// when the write succeeded.
    private static func commitList(_ state: inout EditorState, _ key: AnyPreferenceKey, _ after: EditorState.ListEdit) -> [EditorEffect] {
        do {
            let value = try key.storedValue(json: .array(after.items))
            return write(&state, key, value, modeAfter: .editingList(after))
        } catch {
            state.message = .init(text: EditorUpdate.message(for: error), kind: .error)
            return []
        }
    }

    // MARK: Paste

    /// A bracketed paste goes into the open field as text and never commits: line breaks become
    /// spaces, or stay where the setting's rule allows them. With no field open it does nothing
    /// but say so.
    static func paste(_ state: inout EditorState, _ text: String) {
        guard text.unicodeScalars.count <= EditorState.pasteLimit else {
            state.message = .init(text: "Paste refused: it is longer than \(EditorState.pasteLimit) characters", kind: .warning)
            return
        }
        switch state.mode {
        case .editingLine(var edit):
            var multiline = false
            if case .text(_, _, _, multiline: true) = state.keys[edit.keyIndex].rule { multiline = true }
            edit.paste(text, multiline: multiline)
            state.mode = .editingLine(edit)
        case .editingList(var list) where list.itemEdit != nil:
            list.itemEdit?.paste(text, multiline: false)
            state.mode = .editingList(list)
        case .filtering(var field):
            filterDid(&state, field.paste(text), field)
        default:
            state.message = .init(text: "Paste ignored: open a field with Enter to paste into it", kind: .warning)
        }
    }
}
