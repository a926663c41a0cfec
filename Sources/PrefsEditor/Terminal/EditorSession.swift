import Foundation
import PrefsModel

/// The editor's loop on a real terminal. It sleeps in `poll` on the terminal and a wake-up
/// descriptor until a key arrives, another program changes the suite, the terminal is resized,
/// a signal comes, the host cancels, or the timer the state asked for is due; then it feeds the
/// events to the controller and draws. Nothing polls: an idle editor does not wake.
package enum EditorSession {
    /// How a session ended. Whatever the ending, the terminal, the signal actions and the locale
    /// are already as they were before it began.
    package enum Ending: Equatable, Sendable {
        /// The person quit.
        case quit
        /// The host cancelled (see ``EditorCancellation``).
        case cancelled
        /// A signal that ends programs (SIGINT, SIGTERM, SIGHUP …) arrived; it has not been
        /// passed on yet: that is the caller's decision.
        case signal(Int32)
    }

    /// What a session did.
    package struct Outcome {
        package var ending: Ending
        /// Every change the editor's own writes made, in order.
        package var committed: [StoredChange]
    }

    package static func run(_ prefs: Preferences, suiteName: String, device: TerminalDevice, monochrome: Bool,
                            cancellation: EditorCancellation? = nil) throws(PreferencesEditorError) -> Outcome {
        // Made first and closed last: the terminal guard's signal handlers write to it until
        // `terminal.end()` puts the host's actions back.
        let wakeUp = try WakeUpSignal()
        let terminal = try NcursesTerminal(device: device, monochrome: monochrome, wakeUp: wakeUp)
        defer { terminal.end() }
        cancellation?.attach(wakeUp)
        defer { cancellation?.detach() }
        let size = terminal.size
        let controller = EditorController(prefs: prefs, suiteName: suiteName, width: size.width, height: size.height,
                                          asciiMarkers: !terminal.isUTF8)
        controller.suspend = { terminal.suspend() }

        let outside = OutsideChanges(prefs) { wakeUp.signal() }
        defer { outside.cancel() }

        var ending: Ending?
        while ending == nil {
            terminal.draw(controller.frame())
            waitForInput(on: device.input, wakeUp: wakeUp, until: controller.wakeUp)
            wakeUp.drain()
            if terminal.takeContinued() { terminal.repaintAll() }
            for event in terminal.readEvents() where !controller.shouldQuit { controller.send(event) }
            if let change = outside.take() { controller.send(change) }
            if let due = controller.wakeUp, due <= Date() { controller.send(.timer) }
            if controller.shouldQuit { ending = .quit }
            if cancellation?.isCancelled == true { ending = .cancelled }
            if let signal = terminal.stopSignal { ending = .signal(signal) }
        }
        terminal.end()
        return Outcome(ending: ending ?? .quit, committed: controller.committed)
    }

    /// Sleeps until the terminal has input, the wake-up descriptor was written, a signal
    /// interrupted the wait, or `deadline` passed.
    private static func waitForInput(on input: Int32, wakeUp: WakeUpSignal, until deadline: Date?) {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeUp.descriptor, events: Int16(POLLIN), revents: 0)]
        // Rounded up, and a millisecond more: poll measures the wait on the monotonic clock, the
        // deadline is wall-clock time, and waking a hair early (the two clocks drift apart by
        // microseconds) would find the timer not yet due and cost a second wake-up to wait out
        // the rest (measured: 2 wake-ups a minute instead of 1).
        let timeout = deadline.map { Int32(clamping: Int(max(0, ($0.timeIntervalSinceNow * 1000).rounded(.up))) + 1) } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }
}
