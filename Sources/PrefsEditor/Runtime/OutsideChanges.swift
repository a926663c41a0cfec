import PrefsModel

/// Collects the news of settings changed elsewhere (another program, another `Preferences` in
/// this process) between two turns of the loop, with the values the news carried, and wakes the
/// loop for each. The loop then reads nothing again: the event it takes holds the new values.
/// The editor's own writes are left out, since their results come back as `writeFinished`.
final class OutsideChanges: Sendable {
    /// What arrived since the last take, merged: the latest value of each key, the latest site
    /// layers and load problem.
    private struct Pending {
        var values: [String: PlistValue?] = [:]
        var site: SiteLayers?
        var loadProblem: String?? = .none
        /// Asked on every key: `site == nil` compared a copy of the whole layers (every folder's
        /// values, the project's), a thousand instructions a key; the tag alone says it.
        var isEmpty: Bool {
            guard values.isEmpty, loadProblem == nil else { return false }
            if case Optional.none = site { return true }
            return false
        }
    }

    private let pending = Locked(Pending())
    private let token: ObservationToken

    init(_ prefs: Preferences, wake: @escaping @Sendable () -> Void) {
        let pending = self.pending
        token = prefs.observeNews { news in
            let isOutside = pending.withLock { pending -> Bool in
                guard news.origin != .thisPreferences else {
                    // The editor's own write supersedes an older outside value of the same key:
                    // kept, it would be applied after the write's result, and show the older value.
                    for name in news.storedValues.keys { pending.values.removeValue(forKey: name) }
                    // The file's problem came with those values; the write that replaced them read it.
                    if pending.values.isEmpty && pending.site == nil {
                        pending = Pending()
                    } else if pending.loadProblem != nil {
                        // Older news still to apply, with a problem the own write has since
                        // mended (or not): the file as the write found it is what holds.
                        pending.loadProblem = news.loadProblem
                    }
                    return false
                }
                pending.values.merge(news.storedValues) { _, newer in newer }
                if let site = news.site { pending.site = site }
                if case .some(let problem) = news.loadProblem { pending.loadProblem = .some(problem) }
                return true
            }
            if isOutside { wake() }
        }
    }

    /// The news collected since the last call, as one `externalChange` event (nil: none).
    func take() -> EditorEvent? {
        pending.withLock { pending in
            guard !pending.isEmpty else { return nil }
            defer { pending = Pending() }
            return .externalChange(pending.values, site: pending.site, loadProblem: pending.loadProblem)
        }
    }

    func cancel() { token.cancel() }
}
