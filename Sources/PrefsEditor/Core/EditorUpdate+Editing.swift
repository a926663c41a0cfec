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
        switch KeyBindings.lineEditing.action(for: event) as LineEditAction? {
        case .cancel?:
            state.message = .init(text: "Cancelled; \(key.name) is \(state.settings.displayText(of: key))", kind: .info)
            return []
        case .commit?:
            // The field stays open (with the text) until the write has succeeded.
            state.mode = .editingLine(edit)
            return commit(&state, key, text: edit.editor.text)
        default:
            _ = edit.editor.apply(event)
            state.mode = .editingLine(edit)
            return []
        }
    }

    // MARK: Choice list

    static func choose(_ state: inout EditorState, _ popup: EditorState.ChoicePopup, key event: KeyEvent) -> [EditorEffect] {
        var popup = popup
        guard let action: ChoiceAction = KeyBindings.choice.action(for: event) else { return [] }
        switch action {
        case .up: popup.highlighted = max(0, popup.highlighted - 1)
        case .down: popup.highlighted = min(popup.options.count - 1, popup.highlighted + 1)
        case .first: popup.highlighted = 0
        case .last: popup.highlighted = popup.options.count - 1
        case .cancel:
            state.mode = .browse
            return []
        case .select:
            let key = state.keys[popup.keyIndex]
            return commit(&state, key, text: popup.options[popup.highlighted].value)
        }
        state.mode = .choosing(popup)
        return []
    }

    // MARK: List editing

    static func editList(_ state: inout EditorState, _ list: EditorState.ListEdit, key event: KeyEvent) -> [EditorEffect] {
        var list = list
        let key = state.keys[list.keyIndex]
        if var itemEdit = list.itemEdit {
            switch KeyBindings.lineEditing.action(for: event) as LineEditAction? {
            case .cancel?:
                list.itemEdit = nil
            case .commit?:
                guard let item = listItem(key, text: itemEdit.editor.text, state: &state) else { return [] }
                // The item is checked alone first: the whole list's refusal quotes every item
                // as JSON (`"[""]" is not allowed; allowed: a list where each item…`) and is
                // cut off before the rule the typed item broke.
                if case .each(let itemRule) = key.rule, (try? key.storedValue(json: .array([item]))) == nil {
                    let shown = EditorField.itemText(item).controlCharactersEscaped
                    state.message = .init(text: "\(key.name): item \"\(shown)\" is not allowed; allowed: \(itemRule.allowedText)", kind: .error)
                    return []
                }
                var after = list
                switch itemEdit.target {
                case .listItem(let index?): after.items[index] = item
                default:
                    after.items.append(item)
                    after.selected = after.items.count - 1
                }
                after.itemEdit = nil
                // Until the write succeeds, the list shows what is stored and the item field
                // keeps the typed text.
                return commitList(&state, key, after)
            default:
                _ = itemEdit.editor.apply(event)
                list.itemEdit = itemEdit
            }
            state.mode = .editingList(list)
            return []
        }
        guard let action: ListAction = KeyBindings.list.action(for: event) else { return [] }
        switch action {
        case .close:
            state.mode = .browse
            return []
        case .up: list.selected = max(0, list.selected - 1)
        case .down: list.selected = min(max(0, list.items.count - 1), list.selected + 1)
        case .add:
            list.itemEdit = .init(keyIndex: list.keyIndex, editor: LineEditor(text: ""), target: .listItem(nil))
        case .edit:
            if list.items.indices.contains(list.selected) {
                let text = EditorField.itemText(list.items[list.selected])
                list.itemEdit = .init(keyIndex: list.keyIndex, editor: LineEditor(text: text), target: .listItem(list.selected))
            } else {
                list.itemEdit = .init(keyIndex: list.keyIndex, editor: LineEditor(text: ""), target: .listItem(nil))
            }
        case .delete:
            guard list.items.indices.contains(list.selected) else { break }
            var after = list
            after.items.remove(at: list.selected)
            after.selected = min(list.selected, max(0, after.items.count - 1))
            return commitList(&state, key, after)
        case .moveItemUp, .moveItemDown:
            let target = list.selected + (action == .moveItemUp ? -1 : 1)
            guard list.items.indices.contains(list.selected), list.items.indices.contains(target) else { break }
            var after = list
            after.items.swapAt(list.selected, target)
            after.selected = target
            return commitList(&state, key, after)
        }
        state.mode = .editingList(list)
        return []
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
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let line = lines.replacingOccurrences(of: "\n", with: " ")
        switch state.mode {
        case .editingLine(var edit):
            if case .text(_, _, _, multiline: true) = state.keys[edit.keyIndex].rule {
                edit.editor.insert(lines)
            } else {
                edit.editor.insert(line)
            }
            state.mode = .editingLine(edit)
        case .editingList(var list) where list.itemEdit != nil:
            list.itemEdit?.editor.insert(line)
            state.mode = .editingList(list)
        case .filtering(var editor):
            editor.insert(line)
            state.filter = editor.text
            state.mode = .filtering(editor)
            state.rebuildRows()
        default:
            state.message = .init(text: "Paste ignored: open a field with Enter to paste into it", kind: .warning)
        }
    }
}
