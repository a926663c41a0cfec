import Foundation

/// Runs `body`, cancelling it once it has had `seconds` of time to run in and has not ended, so
/// that a change that never comes fails the test instead of hanging it (a watch's sequence ends
/// when its task is cancelled). A guard against a hang, not a measure of speed.
///
/// Why not a plain `Task.sleep` racing the body: the whole suite runs its synchronous tests on
/// Swift's cooperative pool, which has one thread per core. Under a sanitizer on two cores those
/// tests held the pool for two minutes at a time (CI, stop 49), so the body's next element and the
/// sleeper's wake-up became ready together, and the sleeper sometimes won: a test failed that had
/// waited for nothing of its own. The guard counts its time in one-second steps, and a step that
/// overslept (the pool was held by others) counts as one second, not as the time it took.
///
///     try await withHangGuard(seconds: 60) { for await value in updates { … } }
public func withHangGuard(seconds: Int, _ body: @escaping @Sendable () async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await body() }
        group.addTask {
            var counted = 0
            while counted < seconds, !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                counted += 1
            }
        }
        try await group.next()
        group.cancelAll()
    }
}
