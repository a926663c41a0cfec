import Dispatch
import Foundation

/// A Foundation defaults suite on disk: the same file and format as
/// `UserDefaults(suiteName:)` on Linux (`$XDG_CONFIG_HOME/<suite>.plist`, XML, a new file mode
/// 0600), so a program using `UserDefaults` directly reads what this writes and the reverse, but
/// without Foundation's losses:
///
/// - a commit is on disk when it returns (Foundation writes only on `synchronize()`);
/// - writers from several processes lose nothing (a lock file held around re-read, merge, write;
///   every write starts from the file as it is under the lock);
/// - readers never see a half-written file (write to a temporary file, fsync, rename);
/// - a write keeps the file's permission bits, and its owner and group where it may;
/// - an unreadable file is never destroyed (preserved as `<suite>.plist.corrupt-<timestamp>`),
///   and a file found empty where it held settings is never taken for "no settings";
/// - a permission error is an error, never "no settings"; a lock held by a stopped process
///   fails a write after a few seconds (``Options/lockTimeout``) instead of hanging;
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

    struct State {
        var values: [String: PlistValue] = [:]
        /// The keys of `values` in the file's order, so a write need not sort them.
        var order = PlistKeyOrder([])
        /// The file version `values` came from, or nil when the file was absent. It tells where
        /// a change came from (``InProcessWrites``), and lets the watcher pass over the news of
        /// this store's own write (see ``isKnownVersion(_:)``).
        var identity: SuiteFile.Identity?
        /// How many times the watcher read the file (for tests: its own writes are not read back).
        var watcherReads = 0
        /// The file's size at the last look, or nil when it was absent: an empty file where
        /// there was content is a program caught rewriting in place, not an empty suite.
        var knownSize: Int64?
        /// The file's bytes when `values` are exactly what they hold (last read or written), so
        /// the next look can tell an unchanged file by comparing bytes instead of parsing them.
        var bytes: Data?
        /// The XML of entries Foundation read leniently, written back as they are until changed
        /// (see ``PlistXMLReader``).
        var verbatim: [String: Data] = [:]
        var loadProblem: String?
        var warnings: [String] = []
    }

    let file: SuiteFile
    private let lock: FileLock
    /// Why this suite's name cannot be written (its files' names would be too long), or nil.
    private let nameProblem: String?
    let state = Locked(State())
    /// See ``Options/keepsFileBytes``.
    let keepsFileBytes: Bool
    /// Serializes commits and reloads within this process; `FileLock` does it across processes.
    let diskAccess = NSLock()
    /// Whether this store's first write has removed dead writers' temporary files (under
    /// `diskAccess`; see ``TemporaryFileName/removeLeftovers(of:in:)``).
    private let removedLeftovers = Locked(false)
    let broadcaster = ChangeBroadcaster()
    private let watcherQueue: DispatchQueue
    /// The watch of each path the suite's chain of symbolic links leads through, by path.
    private let watches = Locked<[String: ObservationToken]>([:])
    /// The monitor that watches, or nil for a store that does not.
    private let monitor: FileChangeMonitor?

    /// Opens a suite and loads it. `directory` defaults to Foundation's folder for this process
    /// (`$XDG_CONFIG_HOME`, else `~/.config`). With `watchForChanges`, other processes' writes
    /// are picked up and reported to change handlers. `options` set how long a write waits
    /// for a lock another process holds.
    ///
    /// A name too long for the suite's files (over ``SuiteLocation/maximumSuiteNameBytes``
    /// bytes) can still be read; writes fail with an error naming the limit, creating nothing.
    ///
    /// ```swift
    /// let store = SuiteStore(suiteName: "com.example.weather", directory: "/tmp/config")
    /// ```
    public convenience init(suiteName: String, directory: String? = nil, watchForChanges: Bool = true,
                            options: Options = Options()) {
        self.init(suiteName: suiteName, directory: directory, watchForChanges: watchForChanges, monitor: .shared,
                  options: options)
    }

    /// Opens a suite watched by a given monitor (tests use one that polls). The monitor is asked
    /// for only when the store watches: the process's shared one costs an inotify instance, a
    /// dispatch source and libdispatch's event thread, which a command that reads once (`get`,
    /// `render`, each site folder's store) has no use for.
    init(suiteName: String, directory: String?, watchForChanges: Bool, monitor: @autoclosure () -> FileChangeMonitor,
         options: Options = Options()) {
        self.suiteName = suiteName
        let folder = directory ?? SuiteLocation.defaultDirectoryOfThisProcess()
        path = (folder as NSString).appendingPathComponent(SuiteLocation.fileName(for: suiteName))
        var file = SuiteFile(path: path)
        file.hooks = options.hooks
        file.freesReplacedFileLater = options.freesReplacedFilesLater
        self.file = file
        keepsFileBytes = options.keepsFileBytes
        nameProblem = SuiteLocation.lengthProblem(withSuiteName: suiteName)
        lock = FileLock(path: path + ".lock", timeout: options.lockTimeout, onWait: options.onLockWait,
                        progress: { [file] in file.identity() })
        watcherQueue = DispatchQueue(label: "prefs.suite-watcher.\(suiteName)")
        self.monitor = watchForChanges ? monitor() : nil
        // Watching starts before the first read, so a write landing between the two is not missed.
        followLinks()
        reload(reportChanges: false)
    }

    public var location: String { path }

    /// Whether anything is at the suite's path now (a file, or a link, even one to nothing).
    package var hasFile: Bool { file.exists }

    /// Whether the file's bytes are kept for the next comparison (see ``Options/keepsFileBytes``).
    package var holdsFileBytes: Bool { state.withLock { $0.bytes != nil } }

    /// The root entries whose dates or data were read leniently (a date such as 2024-02-30,
    /// base64 with a stray space), by key, with the file's own XML for them: kept byte for byte
    /// by writes. An export does not carry such a reading into a backup (see `prefs-tui
    /// export`). Other entries Foundation read for the store (`<real>inf</real>`, as Python's
    /// plistlib writes it) read exactly, and are not among them.
    package var leniently: [String: Data] {
        state.withLock { $0.verbatim }.filter { entry in
            entry.value.range(of: Data("<date".utf8)) != nil || entry.value.range(of: Data("<data".utf8)) != nil
        }
    }

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
        try commit(by: writer) { _ in changes }
    }

    @discardableResult
    public func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange] {
        // Before anything is created: a name whose lock or temporary file cannot exist would
        // otherwise fail half-way, leaving a stray lock file.
        if let nameProblem { throw PreferenceError.writeFailed(path: path, reason: "invalid suite name: \(nameProblem)") }
        diskAccess.lock()
        defer { diskAccess.unlock() }
        // The folder first: otherwise a missing or blocked folder would be reported as a
        // failure to open the lock file, which says less about what is wrong.
        try file.ensureDirectory()
        var warning: String?
        let written = try lock.withExclusiveLock { () throws -> WrittenSuite in
            let start = try startingPoint(warning: &warning)
            // Decided on the file as it is now, under the lock: no other writer comes between.
            let changes = try transaction(start.values)
            var values = start.values
            var order = start.order
            let changed = StoredChange.applying(changes, to: &values)
            for change in changed {
                if change.old == nil { order.insert(change.key) } else if change.new == nil { order.remove(change.key) }
            }
            // Keys that are equal to Swift but spelled differently (é and e + U+0301) share
            // one dictionary entry; if the order lost count of that, sort again.
            if order.keys.count != values.count { order = PlistKeyOrder(values.keys) }
            if changed.isEmpty && !start.mustRewrite {
                return WrittenSuite(values: values, order: order, identity: start.identity, size: start.knownSize,
                                    bytes: start.bytes, verbatim: start.verbatim, changes: [],
                                    found: start.isCurrent ? nil : (start.values, start.identity))
            }
            // An entry kept byte for byte stops being kept once this write changes it.
            let changedKeys = Set(changed.map(\.key))
            let verbatim = start.verbatim.filter { !changedKeys.contains($0.key) }
            let written: (identity: SuiteFile.Identity, bytes: Data?)
            do {
                let firstWrite = !removedLeftovers.withLock { $0 }
                written = try file.write(values, order: order, verbatim: verbatim, writer: writer, keepingBytes: keepsFileBytes,
                                         removingLeftovers: firstWrite)
                removedLeftovers.withLock { $0 = true }
            } catch let error as PreferenceError {
                throw Self.explainingRefusal(error, of: values.filter { verbatim[$0.key] == nil }, stored: start.values, changes: changes)
            }
            return WrittenSuite(values: values, order: order, identity: written.identity, size: written.identity.size,
                                bytes: written.bytes, verbatim: verbatim, changes: changed,
                                found: start.isCurrent ? nil : (start.values, start.identity))
        }
        let applied = state.withLock { state -> [StoredChange] in
            // Another program's write found under the lock is told first, as its own batch with
            // its own source: folded into this commit, it reached observers as this writer's
            // change, and the watcher then passed over the file this commit had replaced, so an
            // observer skipping its own writes never heard of it.
            if let found = written.found {
                broadcaster.enqueue(StoredChange.between(state.values, found.values),
                                    source: InProcessWrites.shared.source(of: found.identity, at: path), loadProblem: .some(nil))
            }
            // Changes against what this store last knew: what was found, then this write's own.
            let applied = written.found == nil ? written.changes : StoredChange.between(state.values, written.values)
            state.values = written.values
            state.order = written.order
            state.identity = written.identity
            state.knownSize = written.size
            state.bytes = keepsFileBytes ? written.bytes : nil
            state.verbatim = written.verbatim
            state.loadProblem = nil
            if let warning { state.warnings.append(warning) }
            broadcaster.enqueue(written.changes, source: .commit(by: writer), loadProblem: .some(nil))
            return applied
        }
        broadcaster.drain()
        return applied
    }

    public func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken {
        broadcaster.addHandler(handler)
    }

    /// A write the plist writer refused, told the way that helps: a value this commit writes
    /// is named as the writer named it; values already stored that no XML property list can
    /// carry (another program's binary plist) are all named, so the user learns what blocks
    /// every write and what to reset, instead of a complaint about a key they did not touch;
    /// and when this write fixes one such key while others remain, that they go together.
    /// Refusing stays right: the file is written whole and must stay readable by every reader.
    private static func explainingRefusal(_ error: PreferenceError, of values: [String: PlistValue],
                                          stored: [String: PlistValue], changes: [String: PlistValue?]) -> PreferenceError {
        guard case .invalidValue = error else { return error }
        for (key, new) in changes.sorted(by: { $0.key < $1.key }) {
            guard let new, PlistXMLWriter.refusal(ofKey: key, value: new) != nil else { continue }
            do { _ = try PlistXMLWriter.document([key: new]) } catch let own as PlistXMLWriter.Refusal { return PreferenceError(own) } catch {}
        }
        var blocking: [String: String] = [:]
        for (key, value) in values where !changes.keys.contains(key) {
            if let what = PlistXMLWriter.refusal(ofKey: key, value: value) { blocking[key] = what }
        }
        guard !blocking.isEmpty else { return error }
        let changing = changes.keys.filter { key in
            guard let old = stored[key] else { return false }
            return PlistXMLWriter.refusal(ofKey: key, value: old) != nil
        }
        return .unwritableStoredValues(blocking: blocking, changing: changing.sorted())
    }

    /// What a write starts from.
    private struct StartingPoint {
        var values: [String: PlistValue]
        var order: PlistKeyOrder
        var identity: SuiteFile.Identity?
        /// Whether `values` are what this store already knew (the file has not changed since).
        var isCurrent: Bool
        /// Whether the file must be replaced even when no value changes (it did not parse).
        var mustRewrite = false
        /// The size to remember when nothing is written: the file's, except for a file found
        /// emptied, whose earlier size keeps telling the next look that it held settings.
        var knownSize: Int64?
        /// The file's bytes when `values` are exactly what they hold.
        var bytes: Data?
        /// The entries to write back byte for byte (see ``State/verbatim``).
        var verbatim: [String: Data] = [:]
    }

    /// What a write left on disk, and the changes it made when they are known key by key.
    private struct WrittenSuite {
        var values: [String: PlistValue]
        var order: PlistKeyOrder
        var identity: SuiteFile.Identity?
        var size: Int64?
        var bytes: Data?
        var verbatim: [String: Data]
        /// This write's own changes.
        var changes: [StoredChange]
        /// The values and version found on disk when they were not the ones this store knew
        /// (another program wrote in between), or nil when they were.
        var found: (values: [String: PlistValue], identity: SuiteFile.Identity?)?
    }

    /// The values a write starts from: the file as it is now, read under the exclusive lock,
    /// every time. Never the cached values on the strength of an unchanged identity: after a
    /// rename the next file can get the freed inode, the same size and, on file systems with
    /// coarse timestamps, the same times, and a stale copy would overwrite another process's
    /// change (8 writers lost updates in 15 of 15 runs on a file system with 1-second times).
    /// Our own reader makes the re-read cheap. An unreadable file is preserved before it is
    /// replaced; a file that cannot be read at all fails the write.
    private func startingPoint(warning: inout String?) throws -> StartingPoint {
        let known = state.withLock { state in
            (values: state.values, order: state.order, size: state.knownSize, bytes: state.bytes,
             verbatim: state.verbatim, isValid: state.loadProblem == nil)
        }
        let (contents, identity, bytes) = file.read(knownSize: known.size, knownBytes: known.bytes)
        switch contents {
        case .absent:
            return StartingPoint(values: [:], order: PlistKeyOrder([]), identity: nil, isCurrent: known.values.isEmpty)
        case .unchanged:
            // The bytes this store last read or wrote: their values are the ones it holds.
            return StartingPoint(values: known.values, order: known.order, identity: identity, isCurrent: known.isValid,
                                 knownSize: identity?.size, bytes: bytes, verbatim: known.verbatim)
        case .values(let values, let order, let verbatim):
            return StartingPoint(values: values, order: order ?? PlistKeyOrder(values.keys), identity: identity,
                                 isCurrent: known.isValid && values == known.values, knownSize: identity?.size, bytes: bytes,
                                 verbatim: verbatim)
        case .unreadable(let reason, let bytes):
            let copy = try file.preserveUnreadableCopy(of: bytes)
            // A store that read valid settings before starts from them, as for a file found
            // emptied: an unreadable file is most often one a program rewriting in place (no
            // lock, no rename) has half written, and starting from nothing kept only this
            // write's keys and dropped every other program's (seen under AddressSanitizer, whose
            // slower writer left a file unparseable past the read's retries). The bytes are in
            // the copy either way.
            guard known.isValid, !known.values.isEmpty else {
                warning = "\(path) \(reason); it was preserved as \(copy) and a new file was written"
                return StartingPoint(values: [:], order: PlistKeyOrder([]), identity: identity, isCurrent: false, mustRewrite: true)
            }
            warning = "\(path) \(reason); it was preserved as \(copy) and a new file was written with the "
                + "\(known.values.count) settings read at the last look"
            return StartingPoint(values: known.values, order: known.order, identity: identity, isCurrent: false,
                                 mustRewrite: true, verbatim: known.verbatim)
        case .emptied:
            // A program writing in place truncated the file and has not written it back (or
            // died doing so). Starting from nothing would keep only this write's keys; the
            // settings read at the last look are the best there is.
            warning = """
                \(path) was empty, though it held \(known.values.count) settings at the last look (a program \
                rewriting it in place, probably); those settings were kept
                """
            return StartingPoint(values: known.values, order: known.order, identity: identity, isCurrent: true,
                                 knownSize: known.size, verbatim: known.verbatim)
        case .inaccessible(let reason):
            throw PreferenceError.writeFailed(path: path, reason: reason)
        }
    }

    /// Watches the suite's folder and, when the suite is a symbolic link, the folder of every
    /// path its chain of links leads through (a dotfile repository's file is replaced there, not
    /// beside the link). Called again on every change the watcher reports, so the watches follow
    /// links made, changed or removed while watching: resolved once, a suite that became a link
    /// went deaf. A missing folder is not created: it is waited for until it appears.
    func followLinks() {
        guard let monitor else { return }
        let chain = file.linkChain()
        let warn: @Sendable (String) -> Void = { [weak self] warning in
            self?.state.withLock { $0.warnings.append(warning) }
        }
        let changed: @Sendable () -> Void = { [weak self] in
            guard let self else { return }
            watcherQueue.async { self.fileChanged() }
        }
        let dropped = watches.withLock { watches -> [ObservationToken] in
            for watchedPath in chain where watches[watchedPath] == nil {
                watches[watchedPath] = monitor.watch(directory: (watchedPath as NSString).deletingLastPathComponent,
                                                     fileName: (watchedPath as NSString).lastPathComponent, warn: warn,
                                                     onChange: changed)
            }
            let gone = watches.keys.filter { !chain.contains($0) }
            return gone.compactMap { watches.removeValue(forKey: $0) }
        }
        for token in dropped { token.cancel() }
    }
}
