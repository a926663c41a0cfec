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

    /// The names collected since the last call, as one `externalChange` event (nil: none).
    func take() -> EditorEvent? {
        let taken = names.set.withLock { names in defer { names.removeAll() }; return names }
        return taken.isEmpty ? nil : .externalChange(taken)
    }

    func cancel() { token.cancel() }
}
