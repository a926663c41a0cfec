import Foundation
import PrefsModel

/// Runs the state machine against real settings: feeds events to `EditorUpdate`, carries out
/// the effects it asks for, and feeds their results back as events. Nothing here touches a
/// terminal, so tests and `prefs-tui render` drive it directly; the terminal loop adds keys,
/// outside changes, resizes and timers.
package final class EditorController {
    let prefs: Preferences
    private(set) var state: EditorState
    /// Set by the `quit` effect.
    private(set) var shouldQuit = false
    /// When the loop should send `.timer` (asked for by the `wakeUp` effect), or nil.
    private(set) var wakeUp: Date?
    /// Carries out Ctrl-Z: the terminal loop leaves the screen, stops, and redraws on return.
    var suspend: () -> Void = {}
    /// What the editor's own writes changed, in order (for the summary a host gets back).
    private(set) var committed: [StoredChange] = []

    /// `location` and `loadProblem` describe the suite when `prefs` works on a copy of it
    /// (`prefs-tui render`), so the first frame says what the editor on the suite itself would:
    /// where it is, and that its file could not be read.
    package init(prefs: Preferences, suiteName: String, location: String? = nil, loadProblem: String? = nil,
         width: Int, height: Int, asciiMarkers: Bool = false) {
        self.prefs = prefs
        state = EditorState(schema: prefs.schema, suiteName: suiteName, location: location ?? prefs.store.location,
                            width: width, height: height)
        state.asciiMarkers = asciiMarkers
        state.rebuildRows(isModified: { !prefs.isDefault($0) })
        if let problem = loadProblem ?? prefs.store.loadProblem {
            state.message = .init(text: problem, kind: .warning)
        } else {
            let diagnostics = prefs.diagnostics()
            if let first = diagnostics.first {
                let count = diagnostics.count == 1 ? "1 stored value" : "\(diagnostics.count) stored values"
                state.message = .init(text: "\(count) ignored (marked !): \(first.key): \(first.reason)", kind: .warning)
            }
        }
        // The first frame may show a value that reads the clock: ask for its timer now.
        send(.resize(width: width, height: height))
    }

    /// Runs one event through the update, then the effects it asked for, whose results come
    /// back as further events, until nothing is left to do.
    func send(_ event: EditorEvent) {
        var events = [event]
        while !events.isEmpty {
            for effect in EditorUpdate.update(&state, events.removeFirst(), prefs: prefs) {
                if let result = perform(effect) { events.append(result) }
            }
        }
    }

    /// Keys in order, stopping at quit (as the terminal would).
    package func handle(_ keys: [KeyEvent]) {
        for key in keys where !shouldQuit { send(.key(key)) }
    }

    func handle(_ key: KeyEvent) { handle([key]) }

    package func frame() -> ScreenGrid {
        EditorRenderer.render(state, prefs: prefs)
    }

    private func perform(_ effect: EditorEffect) -> EditorEvent? {
        switch effect {
        case .write(let changes):
            do {
                committed += try prefs.write(changes)
                return .writeFinished(error: nil, warnings: prefs.store.takeWarnings())
            } catch {
                return .writeFinished(error: "\(error)", warnings: [])
            }
        case .quit:
            shouldQuit = true
        case .suspend:
            suspend()
        case .wakeUp(let date):
            wakeUp = date
        }
        return nil
    }
}

