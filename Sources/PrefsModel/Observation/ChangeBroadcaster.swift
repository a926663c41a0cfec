
/// Delivers batches of changes to handlers, each batch once and in the order the changes were
/// made, without holding any lock while a handler runs.
///
/// A store enqueues a batch while it still holds its own state lock (that fixes the order), then
/// calls `drain()` after releasing it. One thread at a time drains; a thread that finds another
/// draining leaves its batch to that one. So a handler may write settings (its batch is delivered
/// after it returns) and two writing threads cannot deadlock on delivery.
final class ChangeBroadcaster: Sendable {
    typealias Handler = @Sendable (StoreChangeBatch) -> Void

    private struct State {
        var pending: [StoreChangeBatch] = []
        var draining = false
    }

    private let state = Locked(State())
    private let registry = HandlerRegistry<StoreChangeBatch>()

    func addHandler(_ handler: @escaping Handler) -> ObservationToken {
        registry.add(handler)
    }

    func enqueue(_ changes: [StoredChange], source: StoreChangeSource, loadProblem: String?? = .none) {
        guard !changes.isEmpty else { return }
        state.withLock { $0.pending.append(StoreChangeBatch(changes: changes, source: source, loadProblem: loadProblem)) }
    }

    func drain() {
        let claimed = state.withLock { state -> Bool in
            guard !state.draining else { return false }
            state.draining = true
            return true
        }
        guard claimed else { return }
        while true {
            let next = state.withLock { state -> StoreChangeBatch? in
                guard !state.pending.isEmpty else {
                    state.draining = false
                    return nil
                }
                return state.pending.removeFirst()
            }
            guard let batch = next else { return }
            registry.notify(batch)
        }
    }
}
