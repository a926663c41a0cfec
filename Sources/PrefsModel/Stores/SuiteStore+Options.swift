import Foundation

extension SuiteStore {
    /// How a suite store behaves when another process holds the suite's lock.
    ///
    /// ```swift
    /// let options = SuiteStore.Options(lockTimeout: .seconds(2)) { note in print(note) }
    /// let store = SuiteStore(suiteName: "com.example.weather", options: options)
    /// ```
    public struct Options: Sendable {
        /// How long a write waits for a lock whose holder writes nothing (a stopped or hung
        /// process) before it fails with ``PreferenceError/lockHeld(path:holder:seconds:)``. While
        /// other writers take their turns, the wait goes on.
        public var lockTimeout: Duration
        /// Called once when a write has waited about a second, with a line saying which process
        /// holds the lock (when the kernel's lock table tells), such as "waiting: process
        /// 4242 (prefs-tui) holds the lock /home/ada/.config/app.plist.lock". Called on the
        /// writing thread, while it waits.
        public var onLockWait: (@Sendable (String) -> Void)?
        /// Faults that tests force; none in normal use.
        package var hooks = SuiteFileHooks()
        /// Whether the store keeps the file's bytes to tell an unchanged file at the next look
        /// without parsing it. A command that only reads once (`list`, `get`, `export`) sets
        /// this false: the bytes would stay in memory for nothing (9.7 MB of a 200,000-key
        /// suite's 96 MB peak in `list`). Without them, the next look parses again: still correct.
        package var keepsFileBytes = true
        /// Whether a write holds the file it replaces open across the rename and lets it go on
        /// a background queue (see ``ReplacedVersion``), which takes freeing the old file off the
        /// writer's thread. A command that writes once and ends (`set`, `import`) sets this
        /// false: the process's end frees the file anyway, and a thread for it cost more.
        package var freesReplacedFilesLater = true

        /// Options with a lock timeout (5 s unless given) and an optional note while waiting.
        ///
        /// ```swift
        /// SuiteStore.Options(lockTimeout: .milliseconds(500))
        /// ```
        public init(lockTimeout: Duration = .seconds(5), onLockWait: (@Sendable (String) -> Void)? = nil) {
            self.lockTimeout = lockTimeout
            self.onLockWait = onLockWait
        }
    }
}

/// Faults a test can force on a suite's writes, to reproduce what a file system or another
/// process does only now and then.
package struct SuiteFileHooks: Sendable {
    /// Every written file gets this modification time (seconds since 1970), as on a file
    /// system with coarse timestamps where two writes fall in one tick: with a reused inode and
    /// the same size, the new file then looks like the old one by its identity.
    package var pinnedModificationTime: Int?
    /// The name tried first for the temporary file, instead of a random one (to plant a link
    /// at a name the write will try).
    package var firstTemporaryName: String?
    /// Called with the temporary file's path after it is written and synced, before the rename,
    /// with the lock held (to stop a writer there).
    package var beforeRename: (@Sendable (String) -> Void)?
    /// Called with the replaced path right after the rename, before the replaced file is let
    /// go (to see whether it is still held open).
    package var afterRename: (@Sendable (String) -> Void)?
    /// Called with the suite's path when a read has taken the file's size and not yet read its
    /// bytes (to truncate it there, as a program rewriting it in place can).
    package var afterSizeRead: (@Sendable (String) -> Void)?

    package init(pinnedModificationTime: Int? = nil, firstTemporaryName: String? = nil,
                 beforeRename: (@Sendable (String) -> Void)? = nil, afterSizeRead: (@Sendable (String) -> Void)? = nil) {
        self.pinnedModificationTime = pinnedModificationTime
        self.firstTemporaryName = firstTemporaryName
        self.beforeRename = beforeRename
        self.afterSizeRead = afterSizeRead
    }
}
