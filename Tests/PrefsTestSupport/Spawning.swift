import Foundation
import Glibc
import Synchronization

/// Pipes for child processes, and the spawns themselves, such that no child inherits a pipe
/// made for another.
///
/// Why: tests run side by side, and a child spawned by one test inherited the pipes another
/// test had just made, holding their write ends open. That test's reader then waited for the
/// end of its own child's output as long as the other child lived; with a stopped or endless
/// child elsewhere the whole run hung (on this 2-core machine, both cooperative threads
/// waiting on readers). Close-on-exec fixes it, but `pipe2(O_CLOEXEC)` is not visible from
/// Swift's Glibc module, and between `pipe` and `fcntl` another thread could spawn: so both
/// happen under one lock, which every spawn of the test support also takes. (The file actions'
/// `dup2` gives a child its own descriptors 0–2 without the flag.)
public enum Spawning {
    private static let lock = Mutex(())

    /// A pipe whose two ends are closed in any child at exec (unless dup2'ed onto 0–2).
    public static func pipe() throws -> [Int32] {
        try lock.withLock { _ in
            var ends: [Int32] = [0, 0]
            guard Glibc.pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return ends
        }
    }

    /// Runs a spawn (`posix_spawn`, `posix_spawnp`) while no pipe is being made.
    public static func spawn<Result>(_ body: () -> Result) -> Result {
        lock.withLock { _ in body() }
    }
}
