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

    /// Commits the changes `transaction` decides on from the values stored at that moment: a
    /// decision on the current values, not on what this process read earlier (a rename that
    /// must not overwrite a key another program just added). All or none, and no other writer
    /// of the suite in between (for ``SuiteStore``: under the suite's lock). An error thrown by
    /// `transaction` is rethrown and nothing is written. A store of your own gets a version that
    /// reads, decides and commits one after the other, without that guarantee.
    ///
    /// ```swift
    /// try store.commit(by: writer) { current in current["old"].map { ["old": nil, "new": $0] } ?? [:] }
    /// ```
    @discardableResult
    func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange]

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
    /// Not atomic: the values may change between the read and the commit. ``SuiteStore`` and
    /// ``InMemoryStore`` decide under their own lock.
    @discardableResult
    public func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange] {
        try commit(transaction(storedValues()), by: writer)
    }

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
