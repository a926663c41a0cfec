import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock on a file beside the suite (`<suite>.plist.lock`), held by writers.
///
/// Why: Foundation's `synchronize()` re-reads, merges and rewrites the plist with no locking at
/// all, so processes writing at once lose each other's keys (387–500 of 800 survived in the
/// measurements). Holding `flock(LOCK_EX)` around re-read, merge and write kept 800 of 800.
/// Readers take no lock: a write replaces the file by rename, so a reader sees the old file or
/// the new one whole, and a read creates no lock file. The lock file is never deleted: deleting
/// it would let two processes lock two different files. The kernel releases the lock when its
/// holder dies, so a killed writer never blocks the next one; a stopped or hung one would, so
/// a writer waits only so long (see ``withExclusiveLock(_:)``).
struct FileLock: Sendable {
    let path: String
    /// How long a holder may keep the lock without writing before a waiting writer gives up.
    var timeout: Duration = .seconds(5)
    /// When a waiting writer says who holds the lock.
    let noticeAfter: Duration = .seconds(1)
    /// Told once, after `noticeAfter`, who holds the lock.
    var onWait: (@Sendable (String) -> Void)?
    /// A mark of the holder's progress (the suite file's identity): while it changes, the
    /// holder is writing, not stuck, and the wait goes on.
    var progress: @Sendable () -> SuiteFile.Identity? = { nil }

    /// Runs `body` with the exclusive lock held, creating the lock file if needed.
    ///
    /// The lock is polled (`LOCK_NB`) rather than waited for, since `flock` has no timeout: a
    /// holder that was stopped (SIGSTOP, a debugger) or hangs would otherwise block every writer
    /// forever, silently. The wait ends with ``PreferenceError/lockHeld(path:holder:seconds:)`` once the
    /// holder has kept the lock for `timeout` without the suite file changing. Under steady
    /// contention (other writers taking turns) the file keeps changing, so a writer waits its
    /// turn instead of failing.
    func withExclusiveLock<T>(_ body: () throws -> T) throws -> T {
        // O_NOFOLLOW: a link planted at the lock's name (in a folder others can write to) would
        // otherwise make the write create or open the link's target.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor < 0 {
            let reason = errno == ELOOP
                ? "it is a symbolic link; the lock file is never opened through a link"
                : String(cString: strerror(errno))
            throw PreferenceError.writeFailed(path: path, reason: reason)
        }
        defer { close(descriptor) }
        try acquire(descriptor)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private func acquire(_ descriptor: Int32) throws {
        let clock = ContinuousClock()
        let start = clock.now
        var lastProgress = start
        var mark = progress()
        var told = false
        var pause: UInt32 = 500
        let waiting = LockWaiting.current
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw PreferenceError.writeFailed(path: path, reason: "cannot lock: \(String(cString: strerror(errno)))")
            }
            let now = clock.now
            let current = progress()
            if current != mark {
                mark = current
                lastProgress = now
            }
            if !told && now - start >= noticeAfter {
                told = true
                let wait = LockWaiting.Wait(holder: LockHolder.describe(lockDescriptor: descriptor), path: path)
                onWait?(wait.note)
                waiting?.onWait(wait)
            }
            if waiting?.isCancelled() == true { throw CancellationError() }
            if now - lastProgress >= timeout {
                // The limit, not the measured wait (a little longer, by when this poll came):
                // the message then says what the rule is, the same every time.
                throw PreferenceError.lockHeld(
                    path: path, holder: LockHolder.describe(lockDescriptor: descriptor),
                    seconds: Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }
}
