
/// A store that keeps values in memory only: for tests and previews.
///
/// ```swift
/// let prefs = Preferences(store: InMemoryStore(), schema: schema)
/// prefs[.city] = "Bergen"
/// ```
public final class InMemoryStore: PreferenceStore {
    private let values: Locked<[String: PlistValue]>
    private let broadcaster = ChangeBroadcaster()

    /// Makes a store, optionally with values already stored.
    ///
    /// ```swift
    /// InMemoryStore(["refreshInterval": .int(30)])
    /// ```
    public init(_ initial: [String: PlistValue] = [:]) {
        values = Locked(initial)
        location = "memory"
    }

    /// A store standing in for the file at `location` (a frozen copy of a suite's values), so
    /// that sources name that file.
    package init(_ initial: [String: PlistValue], location: String) {
        values = Locked(initial)
        self.location = location
    }

    public let location: String
    public var loadProblem: String? { nil }
    public func takeWarnings() -> [String] { [] }

    public func storedValue(forKey key: String) -> PlistValue? {
        values.withLock { $0[key] }
    }

    public func storedValues() -> [String: PlistValue] {
        values.withLock { $0 }
    }

    @discardableResult
    public func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] {
        try commit(by: writer) { _ in changes }
    }

    @discardableResult
    public func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange] {
        let applied = try values.withLock { values throws -> [StoredChange] in
            let changes = try transaction(values)
            let applied = StoredChange.applying(changes, to: &values)
            broadcaster.enqueue(applied, source: .commit(by: writer))
            return applied
        }
        broadcaster.drain()
        return applied
    }

    public func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken {
        broadcaster.addHandler(handler)
    }
}
