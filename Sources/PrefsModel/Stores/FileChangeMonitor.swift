import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells suite stores when their file is written, replaced or removed: one inotify instance for
/// the whole process, shared by every store, with a polling fallback.
///
/// Why this shape:
/// - `DispatchSource.makeFileSystemObjectSource` is compiled out of libdispatch on Linux, and
///   Foundation posts no change notifications, so other processes' writes are invisible without
///   inotify.
/// - One instance per process: the kernel allows a user 128 inotify instances
///   (`fs.inotify.max_user_instances`); with one per store, the 129th store of a program never
///   heard of changes and nobody was told. Watches are per folder and shared by every file in it.
/// - The watch is on the folder, not the file, because writers replace the file by rename (we
///   do) and a watch on the old inode would go quiet. `IN_CLOSE_WRITE` catches Foundation's
///   in-place rewrite, `IN_MOVED_TO` our rename, `IN_DELETE`/`IN_MOVED_FROM` a removal. Event
///   names are read at offset 16 of each record, since Swift does not import the flexible
///   `name` member.
/// - Where inotify cannot be had (no instance or watch left, a kernel without it), a file is
///   checked by its identity (device, inode, size, modification time) every 500 ms instead, and
///   one warning says so. A folder that does not exist yet is checked the same way, without a
///   warning, until it appears and can be watched: reading a suite creates no folder.
final class FileChangeMonitor: Sendable {
    /// The process's monitor.
    static let shared = FileChangeMonitor(useInotify: true)

    /// How often a file without an inotify watch is checked.
    static let pollInterval: DispatchTimeInterval = .milliseconds(500)

    private struct Subscription {
        var directory: String
        var fileName: String
        var onChange: @Sendable () -> Void
        /// The inotify watch it belongs to, or nil while it is polled.
        var watch: Int32?
        /// The file's identity at the last poll (polled subscriptions only).
        var lastIdentity: SuiteFile.Identity?
    }

    private struct State {
        var subscriptions: [Int: Subscription] = [:]
        var nextID = 0
        var pollTimer: (any DispatchSourceTimer)?
        var warningGiven = false
    }

    private let queue = DispatchQueue(label: "prefs.file-change-monitor")
    private let inotify: Int32
    private let unavailableReason: String?
    private let state = Locked(State())

    /// With `useInotify: false` every file is polled (tests of the fallback use this).
    init(useInotify: Bool) {
        let descriptor = useInotify ? inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) : -1
        inotify = descriptor
        if descriptor < 0 {
            unavailableReason = useInotify ? String(cString: strerror(errno)) : "inotify is not used"
        } else {
            unavailableReason = nil
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            source.setEventHandler { [weak self] in self?.handleEvents() }
            source.setCancelHandler { close(descriptor) }
            source.resume()
            self.source = source
        }
    }

    deinit {
        source?.cancel()
        state.withLock { $0.pollTimer?.cancel() }
    }

    // nonisolated(unsafe): set once in init and only cancelled in deinit; the source itself is
    // thread-safe, the optional around it is never written again.
    nonisolated(unsafe) private var source: (any DispatchSourceRead)?

    /// Calls `onChange` on the monitor's queue soon after `fileName` in `directory` changes, until
    /// the token is cancelled or released. `warn` receives the one warning given when this
    /// process falls back to polling, if this watch is the first to fall back.
    func watch(directory: String, fileName: String, warn: @escaping @Sendable (String) -> Void = { _ in },
               onChange: @escaping @Sendable () -> Void) -> ObservationToken {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let watch = addWatch(on: directory)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.subscriptions[state.nextID] = Subscription(
                directory: directory, fileName: fileName, onChange: onChange, watch: watch.descriptor,
                lastIdentity: watch.descriptor == nil ? SuiteFile(path: path).identity() : nil)
            return state.nextID
        }
        if watch.descriptor == nil {
            startPolling()
            if let failure = watch.failure, let warning = firstWarning(failure) { warn(warning) }
        }
        return ObservationToken { [weak self] in self?.remove(id) }
    }

    private enum WatchFailure {
        case folderMissing
        case unavailable(String)
    }

    /// Adds (or joins) the inotify watch on a folder. A nil descriptor means the file must be
    /// polled, and `failure` says why.
    private func addWatch(on directory: String) -> (descriptor: Int32?, failure: String?) {
        guard inotify >= 0 else { return (nil, unavailableReason) }
        // IN_ATTRIB too: a chmod alone can make a file readable or unreadable (a site's locks
        // file made readable must be enforced at once, not at its next edit).
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
        let descriptor = inotify_add_watch(inotify, directory, mask)
        if descriptor >= 0 { return (descriptor, nil) }
        // A missing folder is expected (nothing has been written yet), not a failure to warn of.
        if errno == ENOENT || errno == ENOTDIR { return (nil, nil) }
        return (nil, "cannot watch \(directory): \(String(cString: strerror(errno)))")
    }

    private func firstWarning(_ reason: String) -> String? {
        state.withLock { state in
            guard !state.warningGiven else { return nil }
            state.warningGiven = true
            return "other programs' changes are checked every 0.5 s instead of at once (\(reason))"
        }
    }

    private func remove(_ id: Int) {
        let unused: Int32? = state.withLock { state in
            guard let removed = state.subscriptions.removeValue(forKey: id), let watch = removed.watch else { return nil }
            return state.subscriptions.values.contains { $0.watch == watch } ? nil : watch
        }
        if let unused { inotify_rm_watch(inotify, unused) }
    }

    // MARK: inotify events

    private func handleEvents() {
        let events = Self.drainEvents(inotify)
        var callbacks: [@Sendable () -> Void] = []
        var lostWatches: Set<Int32> = []
        state.withLock { state in
            // Several events for one write (rename, then close) make one call per subscription.
            var changed = Set<Int>()
            for event in events {
                if event.mask & UInt32(IN_IGNORED) != 0 { lostWatches.insert(event.watch) }
                for (id, subscription) in state.subscriptions
                where subscription.watch == event.watch && subscription.fileName == event.name {
                    changed.insert(id)
                }
            }
            callbacks = changed.compactMap { state.subscriptions[$0]?.onChange }
            // A watched folder that was removed or renamed: its files are polled until it is back.
            for (id, subscription) in state.subscriptions where subscription.watch.map(lostWatches.contains) == true {
                state.subscriptions[id]?.watch = nil
                let path = (subscription.directory as NSString).appendingPathComponent(subscription.fileName)
                state.subscriptions[id]?.lastIdentity = SuiteFile(path: path).identity()
            }
        }
        if !lostWatches.isEmpty { startPolling() }
        for callback in callbacks { callback() }
    }

    private struct Event {
        var watch: Int32
        var mask: UInt32
        var name: String
    }

    /// Reads every queued event record: a 16-byte header (watch, mask, cookie, name length)
    /// followed by the NUL-padded name.
    private static func drainEvents(_ descriptor: Int32) -> [Event] {
        var events: [Event] = []
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let nameLength = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let name = nameLength > 0 ? String(cString: (buffer + offset + 16).assumingMemoryBound(to: CChar.self)) : ""
                events.append(Event(watch: watch, mask: mask, name: name))
                offset += 16 + nameLength
            }
        }
        return events
    }

    // MARK: Polling

    private func startPolling() {
        state.withLock { state in
            guard state.pollTimer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + Self.pollInterval, repeating: Self.pollInterval)
            timer.setEventHandler { [weak self] in self?.poll() }
            timer.resume()
            state.pollTimer = timer
        }
    }

    /// Checks every polled file's identity, and moves files whose folder has appeared to inotify.
    private func poll() {
        let polled = state.withLock { state in state.subscriptions.filter { $0.value.watch == nil } }
        var callbacks: [@Sendable () -> Void] = []
        var updates: [Int: (watch: Int32?, identity: SuiteFile.Identity?)] = [:]
        for (id, subscription) in polled {
            let path = (subscription.directory as NSString).appendingPathComponent(subscription.fileName)
            var watch: Int32?
            if inotify >= 0, FileManager.default.fileExists(atPath: subscription.directory) {
                watch = addWatch(on: subscription.directory).descriptor
            }
            let identity = SuiteFile(path: path).identity()
            // A file now watched by inotify is looked at once more: it may have changed between
            // this check and the watch.
            if identity != subscription.lastIdentity || watch != nil { callbacks.append(subscription.onChange) }
            updates[id] = (watch, identity)
        }
        state.withLock { state in
            for (id, update) in updates where state.subscriptions[id] != nil {
                state.subscriptions[id]?.watch = update.watch
                state.subscriptions[id]?.lastIdentity = update.identity
            }
            if !state.subscriptions.values.contains(where: { $0.watch == nil }) {
                state.pollTimer?.cancel()
                state.pollTimer = nil
            }
        }
        for callback in callbacks { callback() }
    }
}
