import Synchronization

/// The observers registered on one ``Preferences``, each called with every batch of changes.
final class ObserverList: Sendable {
    typealias Observer = @Sendable ([StoredChange]) -> Void

    private struct State {
        var observers: [Int: Observer] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    func add(_ observer: @escaping Observer) -> ObservationToken {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.observers[state.nextID] = observer
            return state.nextID
        }
        return ObservationToken { [weak self] in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
    }

    func notify(_ changes: [StoredChange]) {
        let observers = state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in observers { observer(changes) }
    }
}
