import Foundation
import PrefsModel

/// Runs the state machine against real settings: feeds events to `EditorUpdate`, carries out
/// the effects it asks for, and feeds their results back as events. Nothing here touches a
/// terminal, so tests and `prefs-tui render` drive it directly; the terminal loop adds keys,
/// outside changes, resizes and timers.
///
/// The store is read once, when the controller is made (the state's snapshot); after that only
/// events change what the state holds.
package final class EditorController {
    let prefs: Preferences
    private(set) var state: EditorState
    /// How the person ended the session, set by the `quit` effect; nil while it runs.
    private(set) var ending: EditorEnding?
    var shouldQuit: Bool { ending != nil }
    /// When the loop should send `.timer` (asked for by the `wakeUp` effect), or nil.
    private(set) var wakeUp: Date?
    /// Carries out Ctrl-Z: the terminal loop leaves the screen, stops, and redraws on return.
    var suspend: () -> Void = {}
    /// Turns the terminal's mouse reporting on or off (`M`).
    var captureMouse: (Bool) -> Void = { _ in }
    /// What the editor's own writes changed, in order (for the summary a host gets back).
    private(set) var committed = SessionChanges()
    /// Where writes run: on the loop's thread (nil: tests, `render`), or off it.
    private let writes: WriteQueue?

    /// `location` and `loadProblem` describe the suite when `prefs` works on a copy of it
    /// (`prefs-tui render`), so the first frame says what the editor on the suite itself would:
    /// where it is, and that its file could not be read. `keyListing`: whether the key list
    /// follows the file's keys as other programs add and remove them. `writes`: a queue that carries out writes off the caller's thread.
    package init(prefs: Preferences, suiteName: String, location: String? = nil, loadProblem: String? = nil,
                 width: Int, height: Int, asciiMarkers: Bool = false, showsCursor: Bool = false, capturesMouse: Bool = false,
                 keyListing: KeyListing = .schema,
                 writes: WriteQueue? = nil) {
        self.prefs = prefs
        self.writes = writes
        // The state's values change in place at each event from now on, so they get storage of
        // their own rather than the store's (whose next change would otherwise copy it all).
        let snapshot = SettingsSnapshot(schema: prefs.schema, values: prefs.store.storedValues().ownStorage(),
                                        loadProblem: loadProblem ?? prefs.store.loadProblem, keyListing: keyListing,
                                        site: prefs.siteLayers, overrides: prefs.overrides,
                                        userPath: location ?? prefs.store.location)
        state = EditorState(settings: snapshot, suiteName: suiteName, location: location ?? prefs.store.location,
                            width: width, height: height)
        state.asciiMarkers = asciiMarkers
        state.showsCursor = showsCursor
        state.capturesMouse = capturesMouse
        state.rebuildRows()
        state.computeDependencies(changed: nil)
        state.computeDerived()
        // An unreadable file first, then the site's problems, a project file found but not
        // applied among them (with the command that trusts it).
        if let problem = snapshot.loadProblem ?? snapshot.site.problems.first {
            state.message = .init(text: problem, kind: .warning)
        } else {
            let all = snapshot.diagnostics()
            let ignored = all.filter { !$0.breaksRule }
            if let first = ignored.first {
                state.message = .init(text: "\(SettingWords.storedIgnored(count: ignored.count)) (marked !): \(first.key): \(first.reason)",
                                      kind: .warning)
            } else if let broken = all.first {
                state.message = .init(text: "Stored values break a rule (marked !): \(broken.reason)", kind: .warning)
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
            let next = events.removeFirst()
            if case .writeFinished(.committed(let changes, let edited, _)) = next { committed.record(changes, edited: edited) }
            for effect in EditorUpdate.update(&state, next) {
                if let result = perform(effect) { events.append(result) }
            }
        }
    }

    /// Keys in order, stopping at quit (as the terminal would).
    package func handle(_ keys: [KeyEvent]) {
        for key in keys where !shouldQuit { send(.key(key)) }
    }

    func handle(_ key: KeyEvent) { handle([key]) }

    /// Another program changed these keys (for tests whose store does not watch its file):
    /// their values now, read from the store, go to the state as one event.
    func changedOutside(_ names: Set<String>) {
        var values: [String: PlistValue?] = [:]
        for name in names { values[name] = .some(prefs.store.storedValue(forKey: name)) }
        send(.externalChange(values, site: prefs.site == nil && prefs.project == nil ? nil : prefs.siteLayers, loadProblem: .some(prefs.store.loadProblem)))
    }

    /// Shows the state as the plain mode's questions from now on (see ``PlainView``).
    func startConversation() {
        state.startConversation()
    }

    /// Drops the keys held behind a pending write, for an editor that has closed.
    func discardHeldInput() {
        state.heldInput.removeAll()
    }

    /// The screen, drawn from the state alone.
    package func frame() -> ScreenGrid {
        EditorRenderer.render(state)
    }

    private func perform(_ effect: EditorEffect) -> EditorEvent? {
        switch effect {
        case .write(let changes):
            guard let writes else { return .writeFinished(WriteQueue.write(changes, to: prefs)) }
            writes.submit(changes)
        case .quit(let how):
            ending = how
        case .suspend:
            suspend()
        case .captureMouse(let on):
            captureMouse(on)
        case .wakeUp(let date):
            wakeUp = date
        }
        return nil
    }
}
