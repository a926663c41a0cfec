import PrefsModel

/// The editor's state machine: a key event and the current state give the next state and the
/// writes to make. It reads current values from `prefs` (memory only) and never writes.
enum EditorUpdate {
    static func update(_ state: inout EditorState, key: KeyEvent, prefs: Preferences) -> [EditorEffect] {
        if case .resize(let width, let height) = key {
            state.width = width
            state.height = height
            state.scrollToSelection(visibleRows: state.layout.listHeight)
            return []
        }
        if key == .control("c") {
            state.shouldQuit = true
            return []
        }
        let effects: [EditorEffect]
        switch state.mode {
        case .browse: effects = browse(&state, key: key, prefs: prefs)
        case .editingLine(let edit): effects = editLine(&state, edit, key: key, prefs: prefs)
        case .choosing(let popup): effects = choose(&state, popup, key: key, prefs: prefs)
        case .editingList(let list): effects = editList(&state, list, key: key, prefs: prefs)
        case .confirmingResetAll(let count): effects = confirmResetAll(&state, count: count, key: key, prefs: prefs)
        case .filtering(let editor): effects = filter(&state, editor, key: key, prefs: prefs)
        case .help:
            state.mode = .browse
            effects = []
        }
        state.scrollToSelection(visibleRows: state.layout.listHeight)
        return effects
    }

    /// Another process changed these keys: the list shows the new values by itself; a field
    /// being edited keeps the user's text, with a warning rather than a silent overwrite.
    static func externalChange(_ state: inout EditorState, names: Set<String>, prefs: Preferences) {
        if state.modifiedOnly || !state.filter.isEmpty { state.rebuildRows(isModified: { !prefs.isDefault($0) }) }
        switch state.mode {
        case .editingLine(let edit) where names.contains(state.keys[edit.keyIndex].name):
            let key = state.keys[edit.keyIndex]
            state.message = .init(text: "\(key.name) was changed by another program to \(display(prefs.text(of: key))); Enter keeps your edit, Esc shows the new value", kind: .warning)
        case .editingList(let list) where names.contains(state.keys[list.keyIndex].name):
            let key = state.keys[list.keyIndex]
            state.message = .init(text: "\(key.name) was changed by another program; the list shows the new items", kind: .warning)
            var updated = list
            updated.items = items(of: key, prefs: prefs)
            updated.selected = min(updated.selected, max(0, updated.items.count - 1))
            updated.itemEdit = nil
            state.mode = .editingList(updated)
        default:
            let shown = names.sorted().joined(separator: ", ")
            state.message = .init(text: "Changed by another program: \(shown)", kind: .info)
        }
    }

    // MARK: Browsing

    private static func browse(_ state: inout EditorState, key: KeyEvent, prefs: Preferences) -> [EditorEffect] {
        guard let action = KeyMap.browseAction(for: key) else { return [] }
        let page = max(1, state.layout.listHeight - 1)
        switch action {
        case .moveUp: state.selection = max(0, state.selection - 1)
        case .moveDown: state.selection = min(max(0, state.listedCount - 1), state.selection + 1)
        case .pageUp: state.selection = max(0, state.selection - page)
        case .pageDown: state.selection = min(max(0, state.listedCount - 1), state.selection + page)
        case .first: state.selection = 0
        case .last: state.selection = max(0, state.listedCount - 1)
        case .nextSection: moveSection(&state, forward: true)
        case .previousSection: moveSection(&state, forward: false)
        case .help: state.mode = .help
        case .quit: state.shouldQuit = true
        case .filter:
            state.mode = .filtering(LineEditor(text: state.filter))
        case .cancel:
            guard !state.filter.isEmpty else { return [] }
            state.filter = ""
            state.rebuildRows(isModified: { !prefs.isDefault($0) })
            state.message = .init(text: "Filter cleared", kind: .info)
        case .modifiedOnly:
            state.modifiedOnly.toggle()
            state.rebuildRows(isModified: { !prefs.isDefault($0) })
            state.message = .init(text: state.modifiedOnly ? "Showing modified settings only (m shows all)" : "Showing all settings", kind: .info)
        case .undo:
            guard let entry = state.undoStack.popLast() else {
                state.message = .init(text: "Nothing to undo", kind: .info)
                return []
            }
            return [.write(changes: entry.previous, undo: nil, success: "Undid: \(entry.label)")]
        case .resetAll:
            let count = state.keys.filter { !prefs.isDefault($0) }.count
            if count == 0 {
                state.message = .init(text: "All settings already have their defaults", kind: .info)
            } else {
                state.mode = .confirmingResetAll(count: count)
            }
        case .reset, .activate, .toggle, .decrease, .increase, .clear:
            guard let index = state.selectedKeyIndex else { return [] }
            return act(on: index, action: action, state: &state, prefs: prefs)
        }
        return []
    }

    private static func moveSection(_ state: inout EditorState, forward: Bool) {
        guard let current = state.selectedKey?.section else { return }
        let indices = forward
            ? Array(state.selection + 1 ..< state.listedCount)
            : Array((0..<state.selection).reversed())
        guard let target = indices.first(where: { section(of: $0, in: state) != current }) else { return }
        if forward {
            state.selection = target
        } else {
            // The first setting of the previous section.
            let section = section(of: target, in: state)
            var first = target
            while first > 0 && self.section(of: first - 1, in: state) == section { first -= 1 }
            state.selection = first
        }
    }

    private static func section(of listed: Int, in state: EditorState) -> String {
        guard case .setting(let index) = state.rows[state.settingRows[listed]] else { return "" }
        return state.keys[index].section
    }

    private static func act(on index: Int, action: BrowseAction, state: inout EditorState, prefs: Preferences) -> [EditorEffect] {
        let key = state.keys[index]
        let stored = prefs.store.storedValue(forKey: key.name)
        switch action {
        case .reset:
            guard stored != nil else {
                state.message = .init(text: "\(key.name) already has its default", kind: .info)
                return []
            }
            return [write(key, nil, previous: stored, success: "Reset \(key.name) to its default (\(display(key.defaultText)))")]
        case .clear:
            guard key.type.isOptional else {
                state.message = .init(text: "\(key.name) cannot be unset; r resets it to its default", kind: .info)
                return []
            }
            guard stored != nil else { return [] }
            return [write(key, nil, previous: stored, success: "Cleared \(key.name)")]
        default:
            break
        }
        switch WidgetKind(for: key) {
        case .toggle:
            let current = prefs.text(of: key) == "true"
            return commit(key, text: current ? "false" : "true", previous: stored, state: &state)
        case .choice:
            let options = key.rule.choices ?? []
            let current = options.firstIndex { $0.value == prefs.text(of: key) }
            switch action {
            case .activate, .toggle:
                state.mode = .choosing(.init(keyIndex: index, options: options, highlighted: current ?? 0))
                return []
            case .decrease, .increase:
                guard !options.isEmpty else { return [] }
                let step = action == .increase ? 1 : options.count - 1
                let next = ((current ?? 0) + step) % options.count
                return commit(key, text: options[next].value, previous: stored, state: &state)
            default: return []
            }
        case .stepper:
            switch action {
            case .activate:
                openLineEditor(&state, index: index, text: prefs.text(of: key))
                return []
            case .decrease, .increase:
                return step(key, up: action == .increase, previous: stored, state: &state, prefs: prefs)
            default: return []
            }
        case .list:
            guard action == .activate else { return [] }
            state.mode = .editingList(.init(keyIndex: index, items: items(of: key, prefs: prefs), selected: 0, itemEdit: nil))
            return []
        case .line:
            guard action == .activate else { return [] }
            openLineEditor(&state, index: index, text: prefs.text(of: key))
            return []
        }
    }

    private static func openLineEditor(_ state: inout EditorState, index: Int, text: String) {
        state.mode = .editingLine(.init(keyIndex: index, editor: LineEditor(text: text), target: .value))
    }

    /// One step of a number, held in the range: the step and bounds come from the rule.
    private static func step(_ key: AnyPreferenceKey, up: Bool, previous: PlistValue?, state: inout EditorState, prefs: Preferences) -> [EditorEffect] {
        var minimum: Double?, maximum: Double?, stepSize = 1.0
        if case .range(let low, let high, let step) = key.rule {
            minimum = low
            maximum = high
            if let step { stepSize = step }
        }
        var next: Double
        if let current = Double(prefs.text(of: key)) {
            next = current + (up ? stepSize : -stepSize)
            if let minimum, next < minimum { next = minimum }
            if let maximum, next > maximum { next = maximum }
            if next == current {
                state.message = .init(text: "\(key.name) is at its \(up ? "maximum" : "minimum") (\(RuleDescription.number(current)))", kind: .info)
                return []
            }
        } else {
            // An unset optional number starts from the bottom of its range.
            next = minimum ?? 0
        }
        let text = key.type.unwrapped == .int ? String(Int(next.rounded())) : RuleDescription.number(next)
        return commit(key, text: text, previous: previous, state: &state)
    }

    /// Parses and checks `text` for `key`; a valid value becomes a write, an invalid one a
    /// message (and nothing is written).
    private static func commit(_ key: AnyPreferenceKey, text: String, previous: PlistValue?, state: inout EditorState) -> [EditorEffect] {
        do {
            let value = try key.storedValue(parsing: [text])
            return [write(key, value, previous: previous, success: "Saved \(key.name) = \(display(key.text(of: value)))")]
        } catch {
            state.message = .init(text: "\(error)", kind: .error)
            return []
        }
    }

    private static func write(_ key: AnyPreferenceKey, _ value: PlistValue?, previous: PlistValue?, success: String) -> EditorEffect {
        let undoLabel = "\(key.name) = \(display(key.text(of: previous)))"
        return .write(changes: [key.name: value], undo: .init(previous: [key.name: previous], label: undoLabel), success: success)
    }

    static func display(_ text: String) -> String { text.isEmpty ? "(unset)" : text }

    // MARK: Line editing

    private static func editLine(_ state: inout EditorState, _ edit: EditorState.LineEdit, key event: KeyEvent, prefs: Preferences) -> [EditorEffect] {
        var edit = edit
        let key = state.keys[edit.keyIndex]
        switch event {
        case .escape:
            state.mode = .browse
            state.message = .init(text: "Cancelled; \(key.name) is \(display(prefs.text(of: key)))", kind: .info)
            return []
        case .enter:
            let previous = prefs.store.storedValue(forKey: key.name)
            let effects = commit(key, text: edit.editor.text, previous: previous, state: &state)
            if !effects.isEmpty { state.mode = .browse }
            return effects
        default:
            _ = edit.editor.apply(event)
            state.mode = .editingLine(edit)
            return []
        }
    }

    // MARK: Choice list

    private static func choose(_ state: inout EditorState, _ popup: EditorState.ChoicePopup, key event: KeyEvent, prefs: Preferences) -> [EditorEffect] {
        var popup = popup
        switch event {
        case .up, .character("k"): popup.highlighted = max(0, popup.highlighted - 1)
        case .down, .character("j"): popup.highlighted = min(popup.options.count - 1, popup.highlighted + 1)
        case .home: popup.highlighted = 0
        case .end: popup.highlighted = popup.options.count - 1
        case .escape, .character("q"):
            state.mode = .browse
            return []
        case .enter, .character(" "):
            state.mode = .browse
            let key = state.keys[popup.keyIndex]
            return commit(key, text: popup.options[popup.highlighted].value, previous: prefs.store.storedValue(forKey: key.name), state: &state)
        default: break
        }
        state.mode = .choosing(popup)
        return []
    }

    // MARK: List editing

    static func items(of key: AnyPreferenceKey, prefs: Preferences) -> [String] {
        guard case .array(let items) = prefs.json(of: key) else { return [] }
        return items.map { $0.stringValue ?? $0.text }
    }

    private static func editList(_ state: inout EditorState, _ list: EditorState.ListEdit, key event: KeyEvent, prefs: Preferences) -> [EditorEffect] {
        var list = list
        let key = state.keys[list.keyIndex]
        if var itemEdit = list.itemEdit {
            switch event {
            case .escape:
                list.itemEdit = nil
            case .enter:
                var items = list.items
                let text = itemEdit.editor.text
                switch itemEdit.target {
                case .listItem(let index?): items[index] = text
                default: items.append(text)
                }
                let effects = commitList(key, items: items, state: &state, prefs: prefs)
                if effects.isEmpty {
                    state.mode = .editingList(list)   // stays open with the error shown
                    return []
                }
                list.items = items
                if case .listItem(nil) = itemEdit.target { list.selected = items.count - 1 }
                list.itemEdit = nil
                state.mode = .editingList(list)
                return effects
            default:
                _ = itemEdit.editor.apply(event)
                list.itemEdit = itemEdit
            }
            state.mode = .editingList(list)
            return []
        }
        switch event {
        case .escape, .character("q"):
            state.mode = .browse
            return []
        case .up, .character("k"): list.selected = max(0, list.selected - 1)
        case .down, .character("j"): list.selected = min(max(0, list.items.count - 1), list.selected + 1)
        case .character("a"), .character("+"):
            list.itemEdit = .init(keyIndex: list.keyIndex, editor: LineEditor(text: ""), target: .listItem(nil))
        case .enter:
            guard list.items.indices.contains(list.selected) else {
                list.itemEdit = .init(keyIndex: list.keyIndex, editor: LineEditor(text: ""), target: .listItem(nil))
                break
            }
            let text = list.items[list.selected]
            list.itemEdit = .init(keyIndex: list.keyIndex, editor: LineEditor(text: text), target: .listItem(list.selected))
        case .character("d"), .delete:
            guard list.items.indices.contains(list.selected) else { break }
            var items = list.items
            items.remove(at: list.selected)
            let effects = commitList(key, items: items, state: &state, prefs: prefs)
            if !effects.isEmpty {
                list.items = items
                list.selected = min(list.selected, max(0, items.count - 1))
            }
            state.mode = .editingList(list)
            return effects
        case .character("K"), .character("J"):
            let offset = event == .character("K") ? -1 : 1
            let target = list.selected + offset
            guard list.items.indices.contains(list.selected), list.items.indices.contains(target) else { break }
            var items = list.items
            items.swapAt(list.selected, target)
            let effects = commitList(key, items: items, state: &state, prefs: prefs)
            if !effects.isEmpty {
                list.items = items
                list.selected = target
            }
            state.mode = .editingList(list)
            return effects
        default: break
        }
        state.mode = .editingList(list)
        return []
    }

    /// Items are passed as one JSON array of strings, so an item that itself starts with `[`
    /// is still one item; each is parsed by the element type's own parser.
    private static func commitList(_ key: AnyPreferenceKey, items: [String], state: inout EditorState, prefs: Preferences) -> [EditorEffect] {
        let json = JSONValue.array(items.map(JSONValue.string)).text
        return commit(key, text: json, previous: prefs.store.storedValue(forKey: key.name), state: &state)
    }

    // MARK: Reset all, filter

    private static func confirmResetAll(_ state: inout EditorState, count: Int, key event: KeyEvent, prefs: Preferences) -> [EditorEffect] {
        state.mode = .browse
        guard event == .character("y") || event == .character("Y") else {
            state.message = .init(text: "Reset all cancelled", kind: .info)
            return []
        }
        var changes: [String: PlistValue?] = [:]
        var previous: [String: PlistValue?] = [:]
        for key in state.keys {
            guard let stored = prefs.store.storedValue(forKey: key.name) else { continue }
            changes[key.name] = .some(nil)
            previous[key.name] = .some(stored)
        }
        return [.write(changes: changes, undo: .init(previous: previous, label: "reset of \(changes.count) settings"),
                       success: "Reset \(changes.count) settings to their defaults")]
    }

    private static func filter(_ state: inout EditorState, _ editor: LineEditor, key event: KeyEvent, prefs: Preferences) -> [EditorEffect] {
        var editor = editor
        switch event {
        case .escape:
            state.filter = ""
            state.mode = .browse
        case .enter:
            state.mode = .browse
            state.selection = 0
            if state.listedCount == 0 { state.message = .init(text: "No setting matches \"\(state.filter)\"", kind: .warning) }
            return []
        default:
            guard editor.apply(event) else { return [] }
            state.filter = editor.text
            state.mode = .filtering(editor)
        }
        state.rebuildRows(isModified: { !prefs.isDefault($0) })
        return []
    }
}
