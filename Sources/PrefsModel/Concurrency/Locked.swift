#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, guarded by a pthread mutex: what this package uses wherever
/// state crosses threads (a store the file watcher reloads while the editor renders it).
///
/// Why not `Synchronization.Mutex`: on Linux it locks with futex calls that ThreadSanitizer
/// does not intercept, so TSan cannot see the ordering it gives and reports every access it
/// guards as a race (Swift 6.3.1: a two-thread program whose only shared access is inside
/// `Mutex.withLock` gets "Swift access race"; the same program on this lock runs clean). With
/// this lock a TSan report in CI means a real race. The mutex lives in memory allocated with
/// C's own size, never in a Swift global or stored property that C writes into.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: sending Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; the lock is released when `body`
    /// returns or throws.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
