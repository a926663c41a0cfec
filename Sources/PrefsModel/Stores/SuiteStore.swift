import Dispatch
import Foundation
import Synchronization

/// A Foundation defaults suite on disk: the same file and format as
/// `UserDefaults(suiteName:)` on Linux (`$XDG_CONFIG_HOME/<suite>.plist`, XML, mode 0600), so a
/// program using `UserDefaults` directly reads what this writes and the reverse, but without
/// Foundation's losses:
///
/// - a commit is on disk when it returns (Foundation writes only on `synchronize()`);
/// - writers from several processes lose nothing (a lock file held around re-read, merge, write);
/// - readers never see a half-written file (write to a temporary file, fsync, rename);
/// - an unreadable file is never destroyed (preserved as `<suite>.plist.corrupt-<timestamp>`);
/// - other processes' writes are noticed within milliseconds (inotify on the folder);
/// - reads come from memory and never parse the file.
///
/// ```swift
/// let store = SuiteStore(suiteName: "com.example.weather")
/// try store.commit(["city": .string("Bergen")])
/// ```
public final class SuiteStore: PreferenceStore {
    /// The suite's name, as given to `UserDefaults(suiteName:)`.
    public let suiteName: String
    /// The plist's full path.
    public let path: String

    private struct State {
        var values: [String: PlistValue] = [:]
        /// The keys of `values` in the file's order, so a write need not sort them.
        var order = PlistKeyOrder([])
        /// The file version `values` came from, or nil when the file was absent.
        var identity: SuiteFile.Identity?
        var loadProblem: String?
        var warnings: [String] = []
    }

    private let file: SuiteFile
    private let lock: FileLock
    private let state = Mutex(State())
    /// Serializes commits and reloads within this process; `FileLock` does it across processes.
    private let diskAccess = NSLock()
    private let broadcaster = ChangeBroadcaster()
    private let watcherQueue: DispatchQueue
    private let watches = Mutex<[ObservationToken]>([])

    /// Opens a suite and loads it. `directory` defaults to Foundation's folder for this process
    /// (`$XDG_CONFIG_HOME`, else `~/.config`). With `watchForChanges`, other processes' writes
    /// are picked up and reported to change handlers.
    ///
    /// ```swift
    /// let store = SuiteStore(suiteName: "com.example.weather", directory: "/tmp/config")
    /// ```
    public convenience init(suiteName: String, directory: String? = nil, watchForChanges: Bool = true) {
        self.init(suiteName: suiteName, directory: directory, watchForChanges: watchForChanges, monitor: .shared)
    }

    /// Opens a suite watched by a given monitor (tests use one that polls).
    init(suiteName: String, directory: String?, watchForChanges: Bool, monitor: FileChangeMonitor) {
        self.suiteName = suiteName
        let folder = directory ?? SuiteLocation.defaultDirectoryOfThisProcess()
        path = (folder as NSString).appendingPathComponent(SuiteLocation.fileName(for: suiteName))
        file = SuiteFile(path: path)
        lock = FileLock(path: path + ".lock")
        watcherQueue = DispatchQueue(label: "prefs.suite-watcher.\(suiteName)")
        // Watching starts before the first read, so a write landing between the two is not missed.
        if watchForChanges { startWatching(with: monitor) }
        reload(reportChanges: false)
    }

    public var location: String { path }

    public var loadProblem: String? { state.withLock { $0.loadProblem } }

    public func takeWarnings() -> [String] {
        state.withLock { state in
            defer { state.warnings.removeAll() }
            return state.warnings
        }
    }

    public func storedValue(forKey key: String) -> PlistValue? {
        state.withLock { $0.values[key] }
    }

    public func storedValues() -> [String: PlistValue] {
        state.withLock { $0.values }
    }

    @discardableResult
    public func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] {
        diskAccess.lock()
        defer { diskAccess.unlock() }
        // The folder first: otherwise a missing or blocked folder would be reported as a
        // failure to open the lock file, which says less about what is wrong.
        try file.ensureDirectory()
        var warning: String?
        let written = try lock.withExclusiveLock { () throws -> WrittenSuite in
            let start = try startingPoint(warning: &warning)
            var values = start.values
            var order = start.order
            var changed: [StoredChange] = []
            for (key, new) in changes.sorted(by: { $0.key < $1.key }) {
                let old = values[key]
                guard old != new else { continue }
                changed.append(StoredChange(key: key, old: old, new: new))
                values[key] = new
                if old == nil { order.insert(key) } else if new == nil { order.remove(key) }
            }
            // Keys that are equal to Swift but spelled differently (é and e + U+0301) share
            // one dictionary entry; if the order lost count of that, sort again.
            if order.keys.count != values.count { order = PlistKeyOrder(values.keys) }
            if start.isCurrent && changed.isEmpty {
                return WrittenSuite(values: values, order: order, identity: start.identity, changes: [])
            }
            let identity = try file.write(values, order: order, writer: writer)
            return WrittenSuite(values: values, order: order, identity: identity, changes: start.isCurrent ? changed : nil)
        }
        let applied = state.withLock { state -> [StoredChange] in
            // Changes against what this store last knew: only the committed keys when the file
            // was as we knew it, every difference when another program had changed it.
            let applied = written.changes ?? StoredChange.between(state.values, written.values)
            state.values = written.values
            state.order = written.order
            state.identity = written.identity
            state.loadProblem = nil
            if let warning { state.warnings.append(warning) }
            broadcaster.enqueue(applied, source: .commit(by: writer))
            return applied
        }
        broadcaster.drain()
        return applied
    }

    public func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken {
        broadcaster.addHandler(handler)
    }

    /// Re-reads the file if it changed since the last look and reports what differs. The file
    /// watcher calls this; call it yourself only with `watchForChanges: false`.
    ///
    /// ```swift
    /// store.reload()
    /// ```
    public func reload() {
        reload(reportChanges: true)
    }

    private func reload(reportChanges: Bool) {
        diskAccess.lock()
        defer { diskAccess.unlock() }
        let identity = file.identity()
        let known = state.withLock { $0.identity }
        if reportChanges && identity == known { return }
        // No lock: our writers replace the file by rename, so this sees a whole file, and a
        // read must create nothing (not even the lock file).
        let contents = file.read()
        let (values, order, problem): ([String: PlistValue], PlistKeyOrder?, String?) = switch contents {
        case .absent: ([:], nil, nil)
        case .values(let values, let order): (values, order, nil)
        case .unreadable(let reason):
            ([:], nil, "\(path) \(reason); showing defaults and leaving the file as it is")
        }
        state.withLock { state in
            let applied = StoredChange.between(state.values, values)
            state.values = values
            state.order = order ?? PlistKeyOrder(values.keys)
            state.identity = identity
            state.loadProblem = problem
            if reportChanges { broadcaster.enqueue(applied, source: InProcessWrites.shared.source(of: identity, at: path)) }
        }
        broadcaster.drain()
    }

    /// What a write starts from.
    private struct StartingPoint {
        var values: [String: PlistValue]
        var order: PlistKeyOrder
        var identity: SuiteFile.Identity?
        /// Whether `values` are what this store already knew (the file has not changed since).
        var isCurrent: Bool
    }

    /// What a write left on disk, and the changes it made when they are known key by key.
    private struct WrittenSuite {
        var values: [String: PlistValue]
        var order: PlistKeyOrder
        var identity: SuiteFile.Identity?
        var changes: [StoredChange]?
    }

    /// The values a write starts from, read under the exclusive lock. The cached values are
    /// used when the file has not changed since we last read or wrote it; otherwise it is
    /// parsed again, and an unreadable file is preserved before it is replaced.
    private func startingPoint(warning: inout String?) throws -> StartingPoint {
        let identity = file.identity()
        let cached = state.withLock { state in
            state.identity == identity && state.loadProblem == nil ? (state.values, state.order) : nil
        }
        if let (values, order) = cached {
            return StartingPoint(values: values, order: order, identity: identity, isCurrent: true)
        }
        let values: [String: PlistValue]
        var order: PlistKeyOrder?
        switch file.read() {
        case .absent:
            values = [:]
        case .values(let read, let readOrder):
            values = read
            order = readOrder
        case .unreadable(let reason):
            let copy = try file.preserveUnreadableCopy()
            warning = "\(path) \(reason); it was preserved as \(copy) and a new file was written"
            values = [:]
        }
        return StartingPoint(values: values, order: order ?? PlistKeyOrder(values.keys), identity: identity, isCurrent: false)
    }

    /// Watches the suite's folder, and the folder of the file it links to when it is a
    /// symbolic link (a dotfile repository's file is replaced there, not beside the link).
    /// A missing folder is not created: it is checked until it appears.
    private func startWatching(with monitor: FileChangeMonitor) {
        var watched = [path]
        let target = file.linkTarget().path
        if target != path { watched.append(target) }
        let warn: @Sendable (String) -> Void = { [weak self] warning in
            self?.state.withLock { $0.warnings.append(warning) }
        }
        let changed: @Sendable () -> Void = { [weak self] in
            guard let self else { return }
            watcherQueue.async { self.reload(reportChanges: true) }
        }
        let tokens = watched.map { watchedPath in
            monitor.watch(directory: (watchedPath as NSString).deletingLastPathComponent,
                          fileName: (watchedPath as NSString).lastPathComponent, warn: warn, onChange: changed)
        }
        watches.withLock { $0 = tokens }
    }
}
