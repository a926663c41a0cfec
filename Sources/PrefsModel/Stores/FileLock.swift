import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock on a file beside the suite (`<suite>.plist.lock`).
///
/// Why: Foundation's `synchronize()` re-reads, merges and rewrites the plist with no locking at
/// all, so processes writing at once lose each other's keys (387–500 of 800 survived in the
/// measurements). Holding `flock(LOCK_EX)` around re-read, merge and write kept 800 of 800.
/// Readers take it shared. The lock file is never deleted: deleting it would let two processes
/// lock two different files.
struct FileLock {
    let path: String

    /// Runs `body` with the lock held (`exclusive` for writers). When the lock file cannot be
    /// opened (a read-only folder) readers go ahead unlocked; writers get the error.
    func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            if !exclusive { return try body() }
            throw PreferenceError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else {
                throw PreferenceError.writeFailed(path: path, reason: "cannot lock: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
