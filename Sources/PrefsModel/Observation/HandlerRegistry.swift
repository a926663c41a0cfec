
/// Handlers registered under tokens: the one bookkeeping behind store change handlers and
/// `Preferences` observers. Cancelling a token removes its handler.
final class HandlerRegistry<Argument: Sendable>: Sendable {
    typealias Handler = @Sendable (Argument) -> Void

    private struct State {
        var handlers: [Int: Handler] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    func add(_ handler: @escaping Handler) -> ObservationToken {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.handlers[state.nextID] = handler
            return state.nextID
        }
        return ObservationToken { [weak self] in
            _ = self?.state.withLock { $0.handlers.removeValue(forKey: id) }
        }
    }

    /// The handlers in the order they were added, taken under the lock and called outside it.
    var handlers: [Handler] {
        state.withLock { $0.handlers.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Calls every handler with `argument`.
    func notify(_ argument: Argument) {
        for handler in handlers { handler(argument) }
    }
}
