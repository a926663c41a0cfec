
/// Keeps an observation alive: observing stops when the token is cancelled or released.
///
/// ```swift
/// let token = prefs.observe(.city) { change in print(change.newValue) }
/// token.cancel()
/// ```
public final class ObservationToken: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Locked(onCancel)
    }

    /// Stops the observation; calling it again does nothing.
    ///
    /// ```swift
    /// token.cancel()
    /// ```
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
