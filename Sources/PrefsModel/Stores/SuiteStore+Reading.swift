import Dispatch
import Foundation

// Reading the file again: on request, and when the watcher hears of a change.
extension SuiteStore {
    /// Re-reads the file and reports what differs since the last look. The file
    /// watcher calls this; call it yourself only with `watchForChanges: false`.
    ///
    /// ```swift
    /// store.reload()
    /// ```
    public func reload() {
        reload(reportChanges: true)
    }

    /// How many times the file watcher has read the file.
    package var watcherReads: Int { state.withLock { $0.watcherReads } }

    /// What the watcher does when the folder reports a change: reads the file again, unless it
    /// is still the version this store knows (its own write, whose news comes after its result:
    /// reading it back would only find what the write already reported).
    func fileChanged() {
        // First the links: the suite may have become one (GNU stow and chezmoi replace the file
        // by a link), or point elsewhere now, and the new target's folder must be watched before
        // the file is read, or a write there in between would go unheard.
        followLinks()
        diskAccess.lock()
        defer { diskAccess.unlock() }
        if let now = file.identity(), let known = state.withLock({ $0.identity }), Self.isKnownVersion(now, known: known) { return }
        state.withLock { $0.watcherReads += 1 }
        readAgain(reportChanges: true)
    }

    /// Whether the file now is the version this store wrote or read last: the same device,
    /// inode, size, modification time and change time. The change time moves with every write
    /// and attribute change, also one that keeps the size and sets the modification time back
    /// (an in-place rewrite within one tick of a coarse clock, a chmod that withdraws a file).
    /// An identity can still repeat where times are whole seconds, so it counts only with a time
    /// that has nanoseconds (ext4, XFS, Btrfs, tmpfs); with whole seconds the file is read again.
    /// A store's own write is known by the change time just after its rename, taken on the
    /// written file's descriptor: only a writer that rewrites that very file in place in the
    /// microseconds between the two would go unseen until its next change.
    static func isKnownVersion(_ now: SuiteFile.Identity, known: SuiteFile.Identity) -> Bool {
        known.modifiedNanoseconds != 0 && known.changedNanoseconds != 0 && now == known
    }

    /// Reads the file again, always (see ``fileChanged()`` for the watcher's exception).
    func reload(reportChanges: Bool) {
        diskAccess.lock()
        defer { diskAccess.unlock() }
        readAgain(reportChanges: reportChanges)
    }

    /// The read itself, under `diskAccess`.
    func readAgain(reportChanges: Bool) {
        // No lock: our writers replace the file by rename, so this sees a whole file, and a
        // read must create nothing (not even the lock file).
        let (knownSize, knownBytes) = state.withLock { ($0.knownSize, $0.bytes) }
        let (contents, identity, bytes) = file.read(knownSize: knownSize, knownBytes: knownBytes)
        state.withLock { state in
            let values: [String: PlistValue]
            state.bytes = keepsFileBytes ? bytes : nil
            switch contents {
            case .unchanged:
                values = state.values
                state.knownSize = identity?.size
                state.loadProblem = nil
            case .absent:
                values = [:]
                state.verbatim = [:]
                state.order = PlistKeyOrder([])
                state.knownSize = nil
                state.loadProblem = nil
            case .values(let read, let order, let verbatim):
                values = read
                state.verbatim = verbatim
                // A store that keeps no copy of the bytes (a command that reads the suite once)
                // starts every write from a fresh read of the file, order included, so it keeps
                // no order of its own: at 200,000 keys that was 4 MB of `list`'s peak. Only a
                // write that recovers an emptied or unreadable file starts from the values held,
                // and writes them in sorted order then.
                state.order = keepsFileBytes ? order ?? PlistKeyOrder(read.keys) : PlistKeyOrder([])
                state.knownSize = identity?.size
                state.loadProblem = nil
            case .unreadable(let reason, _):
                values = [:]
                state.verbatim = [:]
                state.order = PlistKeyOrder([])
                state.knownSize = identity?.size
                state.loadProblem = "\(path) \(reason); showing defaults and leaving the file as it is"
            case .inaccessible(let reason):
                values = [:]
                state.verbatim = [:]
                state.order = PlistKeyOrder([])
                state.knownSize = nil
                state.loadProblem = "\(path) \(reason); showing defaults and leaving the file as it is"
            case .emptied:
                // Keep what was read last (and the size, so the next look judges the same way).
                values = state.values
                state.loadProblem = """
                    \(path) is empty, though it held settings at the last look (a program rewriting it in place, \
                    probably); showing the settings read before
                    """
            }
            // The differences only when someone is told: on the first read they are every key,
            // and a list of 200,000 changes nobody reads was an eighth of `list`'s peak memory.
            if reportChanges {
                broadcaster.enqueue(StoredChange.between(state.values, values), source: InProcessWrites.shared.source(of: identity, at: path),
                                    loadProblem: .some(state.loadProblem))
            }
            state.values = values
            state.identity = identity
        }
        broadcaster.drain()
    }
}
