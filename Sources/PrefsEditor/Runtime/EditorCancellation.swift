import PrefsModel

/// Ends an open editor from another thread or task, as if the person had quit: the editor
/// puts the terminal back and `run` returns its summary.
///
/// ```swift
/// let cancellation = EditorCancellation()
/// DispatchQueue.global().asyncAfter(deadline: .now() + 60) { cancellation.cancel() }
/// let summary = try PreferencesEditor(prefs).run(cancellation: cancellation)
/// ```
public final class EditorCancellation: Sendable {
    private let state = Locked<(cancelled: Bool, wakeUp: WakeUpSignal?)>((false, nil))

    /// Makes a cancellation that has not been used.
    ///
    /// ```swift
    /// let cancellation = EditorCancellation()
    /// ```
    public init() {}

    /// Ends the editor this was given to (at once if it is open, as soon as it opens if not).
    ///
    /// ```swift
    /// cancellation.cancel()
    /// ```
    public func cancel() {
        let wakeUp = state.withLock { state -> WakeUpSignal? in
            state.cancelled = true
            return state.wakeUp
        }
        wakeUp?.signal()
    }

    /// Whether ``cancel()`` was called.
    ///
    /// ```swift
    /// if cancellation.isCancelled { return }
    /// ```
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    func attach(_ wakeUp: WakeUpSignal) {
        let cancelled = state.withLock { state -> Bool in
            state.wakeUp = wakeUp
            return state.cancelled
        }
        if cancelled { wakeUp.signal() }
    }

    func detach() {
        state.withLock { $0.wakeUp = nil }
    }
}
