import Synchronization

/// Identifies one writer of a store in this process, such as one ``Preferences``, so that the
/// changes it commits can be told apart from everyone else's.
///
/// ```swift
/// let me = StoreWriter()
/// try store.commit(["city": .string("Bergen")], by: me)
/// ```
public struct StoreWriter: Sendable, Hashable {
    private static let counter = Atomic<UInt64>(0)
    private let id: UInt64

    /// A new identity, different from every other in this process.
    ///
    /// ```swift
    /// let writer = StoreWriter()
    /// ```
    public init() {
        id = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
}

/// Where a store's batch of changes came from.
///
/// ```swift
/// switch batch.source { case .commit(let writer): …; case .otherProcess: … }
/// ```
public enum StoreChangeSource: Sendable, Hashable {
    /// A commit in this process, by `writer` (nil when the committer gave no identity). A change
    /// another store instance in this process wrote to the same file counts as such a commit.
    ///
    /// ```swift
    /// if case .commit(let writer) = batch.source, writer == me { return }  // our own write
    /// ```
    case commit(by: StoreWriter?)
    /// Another process changed the file.
    ///
    /// ```swift
    /// if batch.source == .otherProcess { refreshScreen() }
    /// ```
    case otherProcess
}

/// One batch of stored changes, as a store reports it to change handlers, with its source.
///
/// ```swift
/// store.addChangeHandler { batch in print(batch.changes.map(\.key), batch.source) }
/// ```
public struct StoreChangeBatch: Sendable, Hashable {
    /// The keys whose stored values changed, sorted by name.
    ///
    /// ```swift
    /// batch.changes.map(\.key)  // ["city", "units"]
    /// ```
    public let changes: [StoredChange]
    /// Who made them.
    ///
    /// ```swift
    /// batch.source == .otherProcess
    /// ```
    public let source: StoreChangeSource
    /// Why the store's file could not be read as the batch was made (`.some(nil)`: it could), as
    /// a suite store carries it to a view of the settings (``PreferencesSnapshot``), so that
    /// nothing is read again; `.none` from a store that does not say.
    package let loadProblem: String??

    /// Makes a batch.
    ///
    /// ```swift
    /// StoreChangeBatch(changes: [StoredChange(key: "city", old: nil, new: .string("Oslo"))], source: .otherProcess)
    /// ```
    public init(changes: [StoredChange], source: StoreChangeSource) {
        self.init(changes: changes, source: source, loadProblem: .none)
    }

    package init(changes: [StoredChange], source: StoreChangeSource, loadProblem: String??) {
        self.changes = changes
        self.source = source
        self.loadProblem = loadProblem
    }

    /// Two batches are equal when they report the same changes from the same source (what the
    /// store carries besides is not part of the news).
    public static func == (lhs: StoreChangeBatch, rhs: StoreChangeBatch) -> Bool {
        lhs.changes == rhs.changes && lhs.source == rhs.source
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(changes)
        hasher.combine(source)
    }
}
