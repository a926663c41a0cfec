/// Where settings live: raw plist values by key, committed atomically, with change reports.
///
/// ``SuiteStore`` keeps them in a Foundation defaults suite on disk; ``InMemoryStore`` in memory
/// for tests and previews. ``Preferences`` adds types, rules and defaults on top.
///
/// ```swift
/// let store: any PreferenceStore = InMemoryStore()
/// try store.commit(["city": .string("Bergen")])
/// store.storedValue(forKey: "city")  // .string("Bergen")
/// ```
public protocol PreferenceStore: AnyObject, Sendable {
    /// Where the values live, for headers and messages: a file path or "memory".
    var location: String { get }

    /// The stored value of one key, from memory (never from disk).
    func storedValue(forKey key: String) -> PlistValue?

    /// Every stored value.
    func storedValues() -> [String: PlistValue]

    /// Sets (non-nil) and removes (nil) values together: all are saved or none. When it
    /// returns, the values are on disk (for a persistent store). Returns what really changed,
    /// which includes changes another process made since the last look. `writer` identifies
    /// the committer in the batch that change handlers receive.
    ///
    /// ```swift
    /// try store.commit(["city": .string("Bergen"), "lastRefresh": nil], by: writer)
    /// ```
    @discardableResult
    func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange]

    /// Calls `handler` with each batch of changes, from this process or another, once, with
    /// where it came from.
    ///
    /// ```swift
    /// let token = store.addChangeHandler { batch in print(batch.changes.map(\.key)) }
    /// ```
    func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken

    /// A problem with the stored data that makes reads fall back to defaults (an unreadable
    /// file), or nil.
    var loadProblem: String? { get }

    /// Warnings from writes, each returned once (such as where a corrupt file was preserved).
    func takeWarnings() -> [String]
}

extension PreferenceStore {
    /// Commits without a writer identity: handlers see the changes as `.commit(by: nil)`.
    ///
    /// ```swift
    /// try store.commit(["city": .string("Bergen")])
    /// ```
    @discardableResult
    public func commit(_ changes: [String: PlistValue?]) throws -> [StoredChange] {
        try commit(changes, by: nil)
    }
}
