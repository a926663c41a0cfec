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
/// - A folder that does not exist yet (reading a suite creates none; a site folder an
///   administrator's package creates later) is waited for by a watch on its nearest existing
///   ancestor: when the missing part appears (`IN_CREATE` or `IN_MOVED_TO` of a folder), the
///   watch moves down, and at the folder itself its file is looked at once. A watched folder that
///   is removed or moved away (`IN_IGNORED`, `IN_MOVE_SELF`) is waited for the same way. Nothing
///   polls while inotify is there.
/// - Where inotify cannot be had (no instance or watch left, a kernel without it, a folder it
///   may not watch), a file is checked by its identity (device, inode, size, modification time)
///   every 500 ms instead, and one warning says so.
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
        /// The folder that watch is on: ``directory``, or its nearest existing ancestor while
        /// ``directory`` does not exist.
        var watchedFolder: String?
        /// The file's identity at the last poll (polled subscriptions only).
        var lastIdentity: SuiteFile.Identity?
        /// The watch on each folder above ``watchedFolder``, with the name, in that folder, of
        /// the next folder down: a folder on the way moved or removed is seen there.
        var ancestors: [Int32: String] = [:]

        var isWaitingForFolder: Bool { watch != nil && watchedFolder != directory }

        /// The name, in ``watchedFolder``, of the next folder on the way down to ``directory``.
        var nextMissingName: String? {
            guard let watchedFolder, isWaitingForFolder else { return nil }
            let below = directory.dropFirst(watchedFolder == "/" ? 1 : watchedFolder.count + 1)
            return below.split(separator: "/").first.map(String.init)
        }
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
        let directory = Self.lexicallyNormalized(directory)
        let path = (directory as NSString).appendingPathComponent(fileName)
        // The watch is added and recorded under the lock: a `remove` of another subscription
        // on the same folder in between would otherwise drop the watch this one just joined.
        let (id, watch) = state.withLock { state in
            let watch = addWatch(on: directory)
            defer { state.nextID += 1 }
            state.subscriptions[state.nextID] = Subscription(
                directory: directory, fileName: fileName, onChange: onChange, watch: watch.descriptor,
                watchedFolder: watch.folder, lastIdentity: watch.descriptor == nil ? SuiteFile(path: path).identity() : nil,
                ancestors: watch.ancestors)
            return (state.nextID, watch)
        }
        if watch.descriptor == nil {
            startPolling()
            if let failure = watch.failure, let warning = firstWarning(failure) { warn(warning) }
        }
        return ObservationToken { [weak self] in self?.remove(id) }
    }

    /// The path with `.`, `..` and repeated slashes worked out by its names alone. Not
    /// `standardizingPath`, which resolves symbolic links on Linux: a config folder that is a
    /// link was watched as its target's name, so a link switched to another folder (`ln -sfn`)
    /// went unheard.
    static func lexicallyNormalized(_ path: String) -> String {
        var names: [Substring] = []
        for name in path.split(separator: "/") where name != "." {
            if name == "..", let last = names.last, last != ".." { names.removeLast() } else if name != ".." || !path.hasPrefix("/") { names.append(name) }
        }
        let joined = names.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Whether any file is checked by polling now (tests: nothing polls while inotify is there).
    package var isPolling: Bool { state.withLock { $0.pollTimer != nil } }

    /// Every event a watch asks for. One mask for all: a folder's watch is shared by the files in
    /// it and by the subscriptions waiting below it, and `inotify_add_watch` replaces the mask of
    /// a folder already watched. IN_ATTRIB: a chmod alone can make a file readable or unreadable
    /// (a site's locks file made readable must be enforced at once, not at its next edit).
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB | IN_CREATE | IN_MOVE_SELF)

    /// What a watch on a folder above asks for: the folder on the way moved, removed, or
    /// replaced (`mv -T new cfg`, `ln -sfn`: a rename onto its name). Added to
    /// a watch's mask (`IN_MASK_ADD`), never replacing it, since that folder may be another
    /// subscription's own; a folder's mask only grows until its watch is removed.
    private static let ancestorMask = UInt32(IN_MOVED_FROM | IN_DELETE | IN_MOVE_SELF | IN_MOVED_TO | IN_CREATE) | UInt32(IN_MASK_ADD)

    /// Adds (or joins) the inotify watch on a folder or, while it does not exist, on its nearest
    /// existing ancestor. A nil descriptor means the file must be polled, and `failure` says why.
    private func addWatch(on directory: String)
        -> (descriptor: Int32?, folder: String?, failure: String?, ancestors: [Int32: String]) {
        guard inotify >= 0 else { return (nil, nil, unavailableReason, [:]) }
        var folder = directory
        while true {
            let descriptor = inotify_add_watch(inotify, folder, Self.mask | UInt32(IN_MASK_ADD))
            if descriptor >= 0 {
                // The folder below may have appeared between the failed try and this watch,
                // whose event would then be missed: look once more.
                if folder != directory, Self.nextFolderExists(below: folder, toward: directory) {
                    folder = directory
                    continue
                }
                return (descriptor, folder, nil, addAncestorWatches(above: folder))
            }
            // Missing (or a file where a folder should be): wait on the folder above, up to the
            // root (or a relative path's first folder).
            let code = errno
            let parent = (folder as NSString).deletingLastPathComponent
            guard code == ENOENT || code == ENOTDIR, !parent.isEmpty, parent != folder else {
                return (nil, nil, code == ENOENT || code == ENOTDIR ? nil : "cannot watch \(folder): \(String(cString: strerror(code)))", [:])
            }
            folder = parent
        }
    }

    /// Watches every folder above `folder`, up to the root, for the next folder down being
    /// moved or removed. A watch follows an inode, not a name: when `cfg` holding the watched
    /// `cfg/app` is moved to `cfg.old`, the watch stays on `cfg.old/app` and hears nothing of a
    /// new `cfg/app`, and no event reaches the watched folder itself. A folder that cannot be
    /// watched is passed over: the ones below it still are.
    private func addAncestorWatches(above folder: String) -> [Int32: String] {
        var ancestors: [Int32: String] = [:]
        var below = folder
        while true {
            let parent = (below as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != below else { return ancestors }
            let descriptor = inotify_add_watch(inotify, parent, Self.ancestorMask)
            if descriptor >= 0 { ancestors[descriptor] = (below as NSString).lastPathComponent }
            below = parent
        }
    }

    private static func nextFolderExists(below folder: String, toward directory: String) -> Bool {
        let below = directory.dropFirst(folder == "/" ? 1 : folder.count + 1)
        guard let name = below.split(separator: "/").first else { return false }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(String(name)), isDirectory: &isFolder)
            && isFolder.boolValue
    }

    private func firstWarning(_ reason: String) -> String? {
        state.withLock { state in
            guard !state.warningGiven else { return nil }
            state.warningGiven = true
            return "other programs' changes are checked every 0.5 s instead of at once (\(reason))"
        }
    }

    private func remove(_ id: Int) {
        state.withLock { state in
            guard let removed = state.subscriptions.removeValue(forKey: id) else { return }
            let watches = removed.ancestors.keys + (removed.watch.map { [$0] } ?? [])
            for watch in Set(watches) where Self.isUnused(watch, in: state) { inotify_rm_watch(inotify, watch) }
        }
    }

    private static func isUnused(_ watch: Int32, in state: State) -> Bool {
        !state.subscriptions.values.contains { $0.watch == watch || $0.ancestors[watch] != nil }
    }

    // MARK: inotify events

    private func handleEvents() {
        let events = Self.drainEvents(inotify)
        let callbacks: [@Sendable () -> Void] = state.withLock { state in
            // Several events for one write (rename, then close) make one call per subscription.
            var changed = Set<Int>()
            // Subscriptions whose watch must be placed again: a folder on their way appeared, or
            // their folder (or the ancestor they wait on) was removed or moved away.
            var toPlace = Set<Int>()
            var movedAway = Set<Int32>()
            for event in events {
                let lost = event.mask & UInt32(IN_IGNORED | IN_MOVE_SELF) != 0
                if event.mask & UInt32(IN_MOVE_SELF) != 0 { movedAway.insert(event.watch) }
                // A folder, or a link to one: the watch is tried there, and stays above if it is neither.
                let appeared = event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
                // A folder on the way moved or removed: the name leads elsewhere now, or nowhere.
                let wayChanged = lost || event.mask & UInt32(IN_MOVED_FROM | IN_DELETE | IN_MOVED_TO | IN_CREATE) != 0
                for (id, subscription) in state.subscriptions where wayChanged {
                    if let next = subscription.ancestors[event.watch], lost || event.name == next { toPlace.insert(id) }
                }
                for (id, subscription) in state.subscriptions where subscription.watch == event.watch {
                    if lost {
                        toPlace.insert(id)
                    } else if subscription.isWaitingForFolder {
                        if appeared && event.name == subscription.nextMissingName { toPlace.insert(id) }
                    } else if event.name == subscription.fileName && event.mask & UInt32(IN_CREATE) == 0 {
                        // A file's creation is followed by its close or rename; those say it changed.
                        changed.insert(id)
                    }
                }
            }
            // A folder moved away keeps its watch on the moved folder: dropped, so that the name
            // is watched again wherever it now leads.
            for watch in movedAway { inotify_rm_watch(inotify, watch) }
            place(toPlace, in: &state)
            // A subscription placed again is looked at too: its file may have come with its
            // folder, or gone with it (a site folder removed takes its values with it).
            return changed.union(toPlace).compactMap { state.subscriptions[$0]?.onChange }
        }
        if state.withLock({ state in state.subscriptions.values.contains { $0.watch == nil } }) { startPolling() }
        for callback in callbacks { callback() }
    }

    /// Places again, under the lock, the watches of these subscriptions, whose folder or the way
    /// to it changed; a watch left without subscriptions is removed.
    private func place(_ ids: Set<Int>, in state: inout State) {
        var unused = Set<Int32>()
        for id in ids {
            guard let before = state.subscriptions[id] else { continue }
            let watch = addWatch(on: before.directory)
            let path = (before.directory as NSString).appendingPathComponent(before.fileName)
            state.subscriptions[id]?.watch = watch.descriptor
            state.subscriptions[id]?.watchedFolder = watch.folder
            state.subscriptions[id]?.lastIdentity = watch.descriptor == nil ? SuiteFile(path: path).identity() : nil
            state.subscriptions[id]?.ancestors = watch.ancestors
            if let old = before.watch, old != watch.descriptor { unused.insert(old) }
            unused.formUnion(before.ancestors.keys.filter { watch.ancestors[$0] == nil && $0 != watch.descriptor })
        }
        for watch in unused where Self.isUnused(watch, in: state) { inotify_rm_watch(inotify, watch) }
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

    /// Checks every polled file's identity, and moves files that can now be watched to inotify.
    private func poll() {
        // Under the lock, as every watch is added: a subscription removed meanwhile would
        // otherwise leave a watch that nobody removes.
        let callbacks: [@Sendable () -> Void] = state.withLock { state in
            var callbacks: [@Sendable () -> Void] = []
            for (id, subscription) in state.subscriptions where subscription.watch == nil {
                let path = (subscription.directory as NSString).appendingPathComponent(subscription.fileName)
                let watch = inotify >= 0 ? addWatch(on: subscription.directory) : (descriptor: nil, folder: nil, failure: nil, ancestors: [:])
                let identity = SuiteFile(path: path).identity()
                // A file now watched by inotify is looked at once more: it may have changed
                // between this check and the watch.
                if identity != subscription.lastIdentity || watch.descriptor != nil { callbacks.append(subscription.onChange) }
                state.subscriptions[id]?.watch = watch.descriptor
                state.subscriptions[id]?.watchedFolder = watch.folder
                state.subscriptions[id]?.lastIdentity = identity
                state.subscriptions[id]?.ancestors = watch.ancestors
            }
            if !state.subscriptions.values.contains(where: { $0.watch == nil }) {
                state.pollTimer?.cancel()
                state.pollTimer = nil
            }
            return callbacks
        }
        for callback in callbacks { callback() }
    }
}
