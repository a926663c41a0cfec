import PrefsModel

/// Collects the names of settings changed elsewhere (another program, another `Preferences` in
/// this process) between two turns of the loop, and wakes the loop for each batch. The store
/// says where a change came from, whatever thread delivers it; the editor's own writes are left
/// out, since their results come back as `writeFinished`.
final class OutsideChanges: Sendable {
    /// Shared with the observer, which runs on the thread that made the change.
    private final class Names: Sendable {
        let set = Locked(Set<String>())
    }

    private let names = Names()
    private let token: ObservationToken

    init(_ prefs: Preferences, wake: @escaping @Sendable () -> Void) {
        let names = self.names
        token = prefs.observeAll { changes in
            let outside = changes.filter { $0.origin != .thisPreferences }.map(\.name)
            guard !outside.isEmpty else { return }
            names.set.withLock { $0.formUnion(outside) }
            wake()
        }
    }

    /// The changes collected since the last call, as one `externalChange` event (nil: none).
    func take(from prefs: Preferences) -> EditorEvent? {
        let taken = takeNames()
        return taken.isEmpty ? nil : Self.event(for: taken, in: prefs)
    }

    /// The names of the settings changed since the last call.
    func takeNames() -> Set<String> {
        names.set.withLock { names in defer { names.removeAll() }; return names }
    }

    /// The event for these changed keys: their values as stored now. Read when the loop takes
    /// the event, not when the change was reported, so that of several changes in a row (or a
    /// change reported while the editor's own write was under way) the last one is shown.
    static func event(for names: Set<String>, in prefs: Preferences) -> EditorEvent {
        var values: [String: PlistValue?] = [:]
        for name in names { values[name] = .some(prefs.store.storedValue(forKey: name)) }
        return .externalChange(values, site: prefs.site?.layers, loadProblem: prefs.store.loadProblem)
    }

    func cancel() { token.cancel() }
}
