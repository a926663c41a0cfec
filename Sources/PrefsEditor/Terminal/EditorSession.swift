import Foundation
import PrefsModel

/// The editor's loop on a real terminal. It sleeps in `poll` on the terminal and a wake-up
/// descriptor until a key arrives, another program changes the suite, the terminal is resized,
/// a signal comes, or the timer the state asked for is due; then it feeds the events to the
/// controller and draws. Nothing polls: an idle editor does not wake.
package enum EditorSession {
    package static func run(_ prefs: Preferences, suiteName: String) throws {
        let monochrome = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        // Made first and closed last: the terminal guard's signal handlers write to it until
        // `terminal.end()` puts the host's actions back.
        let wakeUp = try WakeUpSignal()
        let terminal = try NcursesTerminal(monochrome: monochrome, wakeUp: wakeUp)
        defer { terminal.end() }
        let size = terminal.size
        let controller = EditorController(prefs: prefs, suiteName: suiteName, width: size.width, height: size.height,
                                          asciiMarkers: !terminal.isUTF8)
        controller.suspend = { terminal.suspend() }

        let outside = OutsideChanges(prefs) { wakeUp.signal() }
        defer { outside.cancel() }

        while !controller.shouldQuit && terminal.stopSignal == nil {
            terminal.draw(controller.frame())
            waitForInput(wakeUp: wakeUp, until: controller.wakeUp)
            wakeUp.drain()
            if terminal.takeContinued() { terminal.repaintAll() }
            for event in terminal.readEvents() where !controller.shouldQuit { controller.send(event) }
            if let change = outside.take() { controller.send(change) }
            if let due = controller.wakeUp, due <= Date() { controller.send(.timer) }
        }
        if let signal = terminal.stopSignal {
            terminal.end()
            NcursesTerminal.endProcess(bySignal: signal)
        }
    }

    /// Sleeps until the terminal has input, the wake-up descriptor was written, a signal
    /// interrupted the wait, or `deadline` passed.
    private static func waitForInput(wakeUp: WakeUpSignal, until deadline: Date?) {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeUp.descriptor, events: Int16(POLLIN), revents: 0)]
        // Rounded up, and a millisecond more: poll measures the wait on the monotonic clock, the
        // deadline is wall-clock time, and waking a hair early (the two clocks drift apart by
        // microseconds) would find the timer not yet due and cost a second wake-up to wait out
        // the rest (measured: 2 wake-ups a minute instead of 1).
        let timeout = deadline.map { Int32(clamping: Int(max(0, ($0.timeIntervalSinceNow * 1000).rounded(.up))) + 1) } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }
}

