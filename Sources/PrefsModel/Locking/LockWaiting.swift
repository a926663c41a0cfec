/// What a writer that waits for the suite's lock (held by another process) is told, and how it
/// can stop waiting, for the writes made inside ``during(_:_:)`` on the calling thread.
///
/// Why a task-local rather than a store option: the editor writes through a `Preferences` its
/// host made, whose store options it cannot change, and it must both say who holds the lock and
/// let a person quit while a write waits. Task-locals also bind on a plain thread (the editor's
/// writer thread), so the store's synchronous write path needs no new parameter.
package struct LockWaiting: Sendable {
    /// A wait for the lock: who holds it and which lock, so a caller can say it in its own words.
    package struct Wait: Sendable, Equatable {
        /// The holder as the kernel's lock table names it (`process 4242 (prefs-tui)`).
        package var holder: String
        /// The lock file.
        package var path: String

        /// The store's own line for it: `waiting: process 4242 (prefs-tui) holds the lock …`.
        package var note: String { "waiting: \(holder) holds the lock \(path)" }
    }

    /// Told once, after a second, who holds the lock.
    package var onWait: @Sendable (Wait) -> Void
    /// Asked while waiting: true ends the wait with `CancellationError`, nothing written.
    package var isCancelled: @Sendable () -> Bool

    package init(onWait: @escaping @Sendable (Wait) -> Void, isCancelled: @escaping @Sendable () -> Bool) {
        self.onWait = onWait
        self.isCancelled = isCancelled
    }

    @TaskLocal package static var current: LockWaiting?

    /// Runs `body` with `waiting` in effect for the lock waits of its writes.
    package static func during<T>(_ waiting: LockWaiting, _ body: () throws -> T) rethrows -> T {
        try $current.withValue(waiting, operation: body)
    }
}
