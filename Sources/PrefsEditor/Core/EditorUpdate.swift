import Foundation
import PrefsModel

/// The editor's state machine: an event and the current state give the next state and the
/// effects for the loop to carry out. Everything it reads is in the state (the values shown
/// are a snapshot that events change); it never reads the store, writes, sleeps or draws, and
/// what it asks for comes back as later events.
enum EditorUpdate {
    static func update(_ state: inout EditorState, _ event: EditorEvent) -> [EditorEffect] {
        let selected = state.selectedKey?.name
        let effects = state.conversation == nil ? step(&state, event) : converse(&state, event)
        // A secret shown with `s` is hidden again as soon as the selection moves off it.
        if state.revealed != nil, state.selectedKey?.name != selected || state.selectedKey?.name != state.revealed {
            state.revealed = nil
        }
        // So is a message about the setting that was selected: it would speak of another one.
        if let subject = state.message?.subject, state.selectedKey?.name != subject { state.message = nil }
        return effects
    }

    /// One event's work, the same in both views.
    static func step(_ state: inout EditorState, _ event: EditorEvent) -> [EditorEffect] {
        var effects: [EditorEffect] = []
        switch event {
        case .key(let key): effects = handle(&state, key: key)
        case .paste(let text):
            if state.pendingWrite != nil { hold(&state, event) } else { paste(&state, text) }
        case .mouse(let mouse):
            if state.pendingWrite != nil { hold(&state, event) } else { effects = self.mouse(&state, mouse) }
        case .resize(let width, let height):
            state.width = width
            state.height = height
        case .externalChange(let values, let site, let loadProblem): externalChange(&state, values: values, site: site, loadProblem: loadProblem)
        case .writeFinished(let result): effects = writeFinished(&state, result)
        case .writeWaiting(let note): effects = writeWaiting(&state, note: note)
        case .timer:
            state.wakeUp = nil
            state.computeDerived()
        case .line:
            // A typed line is the plain mode's input (see `converse`); the full screen takes keys.
            break
        }
        state.scrollToSelection(visibleRows: state.layout.listHeight)
        return effects + timerRequest(&state)
    }

    static func handle(_ state: inout EditorState, key: KeyEvent) -> [EditorEffect] {
        // While a write is pending, the values it changes are not yet known: keys wait for its
        // result and then run in the order typed, so none acts on a value about to change, and
        // a `q` typed after quick changes quits after them, not before. Only a write that waits
        // for a lock held elsewhere lets quit (and suspend) through at once.
        if state.pendingWrite != nil && !state.writeIsWaiting {
            hold(&state, .key(key))
            return []
        }
        // Quit and suspend act in every mode; while the terminal is too small nothing else
        // does, since nothing else could be seen.
        if quits(key, in: state) { return [.quit(.ofQuitKey(key))] }
        switch KeyBindings.browse.action(for: key) {
        case .suspend?: return [.suspend]
        default: if state.layout.tooSmall { return [] }
        }
        if state.pendingWrite != nil {
            hold(&state, .key(key))
            return []
        }
        switch state.mode {
        case .browse: return browse(&state, key: key)
        case .editingLine: return editLine(&state, key: key)
        case .choosing(let popup): return choose(&state, popup, key: key)
        case .editingList(let list): return editList(&state, list, key: key)
        case .confirmingReset(let indices, _): return confirmReset(&state, indices: indices, key: key)
        case .filtering(let editor): filter(&state, editor, key: key)
        case .help(let scroll):
            // ↑/↓ and the page keys scroll a help taller than the screen; any other key closes it.
            switch key {
            case .down, .character("j"): state.mode = .help(scroll: scroll + 1)
            case .pageDown, .character(" "): state.mode = .help(scroll: scroll + max(1, state.height - 6))
            case .up, .character("k"): state.mode = .help(scroll: max(0, scroll - 1))
            case .pageUp: state.mode = .help(scroll: max(0, scroll - max(1, state.height - 6)))
            default: state.mode = .browse
            }
        case .details: state.mode = .browse
        }
        return []
    }

    /// Keeps input for after the pending write; past a limit (a key held down while a write
    /// waits for a lock), more is dropped, and the status line says so.
    static func hold(_ state: inout EditorState, _ input: EditorEvent) {
        guard state.heldInput.count < EditorState.heldInputLimit else {
            state.message = .init(text: "Keys ignored while the change is being saved", kind: .warning)
            return
        }
        state.heldInput.append(input)
    }

    /// Whether the key quits in this state: Ctrl-C (and its kind) anywhere, `q` where it is not
    /// text being typed.
    static func quits(_ key: KeyEvent, in state: EditorState) -> Bool {
        guard isQuit(key) else { return false }
        return key.isControl || state.layout.tooSmall || isBrowsing(state)
    }

    /// Whether the key is bound to quit (`q`, Ctrl-C …), whatever the mode.
    static func isQuit(_ key: KeyEvent) -> Bool { KeyBindings.browse.action(for: key) == .quit }

    static func isBrowsing(_ state: EditorState) -> Bool {
        switch state.mode {
        case .browse, .help, .details: return true
        default: return false
        }
    }

    // MARK: Timers

    /// Asks for a timer at the moment a shown derived value changes by itself (it reads the
    /// clock), and only when that moment differs from the one already asked for.
    private static func timerRequest(_ state: inout EditorState) -> [EditorEffect] {
        let layout = state.layout
        // A too-small screen has no live preview (it needs 72×14), so it asks for no timer.
        let shown = state.derived.prefix(layout.shownDerivedCount(of: state.derived.count))
        let next = shown.compactMap(\.nextChange).min()
        guard next != state.wakeUp else { return [] }
        state.wakeUp = next
        return [.wakeUp(at: next)]
    }

    // MARK: Browsing

    private static func browse(_ state: inout EditorState, key: KeyEvent) -> [EditorEffect] {
        guard let action: BrowseAction = KeyBindings.browse.action(for: key) else { return [] }
        let page = max(1, state.layout.listHeight - 1)
        let last = max(0, state.listedCount - 1)
        switch action {
        case .moveUp: state.selection = max(0, state.selection - 1)
        case .moveDown: state.selection = min(last, state.selection + 1)
        case .pageUp: state.selection = max(0, state.selection - page)
        case .pageDown: state.selection = min(last, state.selection + page)
        case .first: state.selection = 0
        case .last: state.selection = last
        case .nextSection: moveSection(&state, forward: true)
        case .previousSection: moveSection(&state, forward: false)
        case .help: state.mode = .help(scroll: 0)
        case .details: state.mode = .details
        case .quit: return [.quit(.ofQuitKey(key))]
        case .suspend: return [.suspend]
        case .filter: state.mode = .filtering(.init(editor: LineEditor(text: state.filter)))
        case .cancel:
            guard !state.filter.isEmpty else { return [] }
            state.filter = ""
            state.rebuildRows()
            state.message = .init(text: "Filter cleared", kind: .info)
        case .toggleMouse:
            state.capturesMouse.toggle()
            state.message = .init(text: state.capturesMouse ? "Mouse on (M turns it off, for the terminal's own text selection)"
                                                           : "Mouse off: the terminal selects text again; M turns it back on", kind: .info)
            return [.captureMouse(state.capturesMouse)]
        case .modifiedOnly:
            state.modifiedOnly.toggle()
            state.rebuildRows()
            state.message = .init(text: state.modifiedOnly ? "Showing modified settings only (m shows all)" : "Showing all settings", kind: .info)
        case .undo: return undo(&state)
        case .reveal:
            guard let key = state.selectedKey, key.isSecret else {
                state.message = .init(text: "s shows a secret setting's value; this one is no secret", kind: .info,
                                      subject: state.selectedKey?.name)
                return []
            }
            state.revealed = state.revealed == key.name ? nil : key.name
        case .resetAll: askToReset(&state)
        case .reset, .activate, .toggle, .decrease, .increase, .clear:
            guard let index = state.selectedKeyIndex else { return [] }
            return act(on: index, action: action, state: &state)
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

    static func section(of listed: Int, in state: EditorState) -> String {
        guard case .setting(let index) = state.rows[state.settingRows[listed]] else { return "" }
        return state.keys[index].section
    }

}

extension KeyEvent {
    /// Ctrl-C and its kind: keys that quit even from inside a field.
    var isControl: Bool {
        if case .control = self { return true }
        return false
    }
}
