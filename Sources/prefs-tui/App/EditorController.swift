import PrefsModel

/// Runs the state machine against real settings: feeds keys to `EditorUpdate`, carries out the
/// writes it asks for through PrefsModel, and renders frames. Nothing here touches a terminal,
/// so tests and `prefs-tui render` drive it directly.
final class EditorController {
    let prefs: Preferences
    private(set) var state: EditorState

    init(prefs: Preferences, suiteName: String, location: String? = nil, width: Int, height: Int) {
        self.prefs = prefs
        state = EditorState(schema: prefs.schema, suiteName: suiteName, location: location ?? prefs.store.location,
                            width: width, height: height)
        state.rebuildRows(isModified: { !prefs.isDefault($0) })
        if let problem = prefs.store.loadProblem {
            state.message = .init(text: problem, kind: .warning)
        } else {
            let diagnostics = prefs.diagnostics()
            if let first = diagnostics.first {
                let count = diagnostics.count == 1 ? "1 stored value" : "\(diagnostics.count) stored values"
                state.message = .init(text: "\(count) ignored (marked !): \(first.key): \(first.reason)", kind: .warning)
            }
        }
    }

    var shouldQuit: Bool { state.shouldQuit }

    func handle(_ key: KeyEvent) {
        for effect in EditorUpdate.update(&state, key: key, prefs: prefs) { perform(effect) }
    }

    func handle(_ keys: [KeyEvent]) {
        for key in keys where !state.shouldQuit { handle(key) }
    }

    /// Another process changed these keys (reported by the suite's file watcher).
    func externalChange(_ names: Set<String>) {
        EditorUpdate.externalChange(&state, names: names, prefs: prefs)
    }

    func frame() -> ScreenGrid {
        EditorRenderer.render(state, prefs: prefs)
    }

    private func perform(_ effect: EditorEffect) {
        switch effect {
        case .write(let changes, let undo, let success):
            do {
                try prefs.write(changes)
                if let undo { state.undoStack.append(undo) }
                let warnings = prefs.store.takeWarnings()
                state.message = warnings.isEmpty ? .init(text: success, kind: .info) : .init(text: warnings.joined(separator: "; "), kind: .warning)
                if state.modifiedOnly { state.rebuildRows(isModified: { !self.prefs.isDefault($0) }) }
            } catch {
                state.message = .init(text: "\(error)", kind: .error)
            }
        }
    }
}
