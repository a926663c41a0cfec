import Foundation

/// Waits until `condition` holds, checking every few milliseconds, up to `timeout`. Returns
/// whether it held: tests poll with a deadline instead of sleeping a fixed time.
public func eventually(within timeout: Duration = .seconds(5), _ condition: @Sendable () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// Measures how long `condition` took to become true, or nil if it never did within `timeout`.
public func timeUntil(within timeout: Duration = .seconds(5), _ condition: @Sendable () -> Bool) async -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    return await eventually(within: timeout, condition) ? clock.now - start : nil
}
