import Foundation
import PrefsModel

/// The editor's loop on a terminal. It sleeps in `poll` on the terminal and a wake-up
/// descriptor until a key arrives, another program changes the suite, the terminal is resized,
/// a signal comes, the host cancels, or the timer the state asked for is due; then it feeds the
/// events to the controller and draws. Nothing polls: an idle editor does not wake.
package enum EditorLoop {
    /// What a session did.
    package struct Outcome {
        /// How it ended. Whatever the ending, the terminal, the signal actions and the locale
        /// are already as they were before it began; a signal (``EditorEnding/signal(_:)``)
        /// has not been passed on yet: that is the caller's decision.
        package var ending: EditorEnding
        /// Every change the editor's own writes made, in order.
        package var committed: SessionChanges
        /// The write that was still waiting (for a lock another process held) when the editor
        /// closed, and so was not made; nil when every change asked for was saved.
        package var unsaved: UnsavedWrite?
    }

    /// A change asked for and not stored, because the editor closed while it waited.
    package struct UnsavedWrite: Equatable, Sendable {
        package var keys: [String]
        package var reason: String
    }

    /// The loop itself, on any terminal: `wakeUp` is the descriptor that other threads and the
    /// terminal's signal handlers write to.
    static func run(_ prefs: Preferences, suiteName: String, terminal: any TerminalBackend, wakeUp: WakeUpSignal,
                            showsCursor: Bool = false, capturesMouse: Bool = true, keyListing: KeyListing = .schema,
                            cancellation: EditorCancellation? = nil) -> Outcome {
        cancellation?.attach(wakeUp)
        defer { cancellation?.detach() }
        // Watching starts before the snapshot is taken, so no change falls between the two.
        let outside = OutsideChanges(prefs) { wakeUp.signal() }
        defer { outside.cancel() }
        let writes = WriteQueue(prefs) { wakeUp.signal() }
        let size = terminal.size
        let controller = EditorController(prefs: prefs, suiteName: suiteName, width: size.width, height: size.height,
                                          asciiMarkers: !terminal.isUTF8, showsCursor: showsCursor,
                                          capturesMouse: capturesMouse, keyListing: keyListing,
                                          writes: writes)
        controller.suspend = { terminal.suspend() }
        controller.captureMouse = { terminal.captureMouse($0) }
        terminal.captureMouse(capturesMouse)

        var ending: EditorEnding?
        while ending == nil {
            terminal.draw(controller.frame())
            _ = wakeUp.wait(forInputOn: terminal.inputDescriptor, until: controller.wakeUp)
            wakeUp.drain()
            if terminal.takeSuspendRequest() { terminal.suspend() }
            if terminal.takeContinued() { terminal.repaintAll() }
            for event in terminal.readEvents() where !controller.shouldQuit { controller.send(event) }
            for event in news(writes: writes, outside: outside, prefs: prefs) { controller.send(event) }
            if let due = controller.wakeUp, due <= Date() { controller.send(.timer) }
            if let how = controller.ending { ending = how }
            if cancellation?.isCancelled == true { ending = .cancelled }
            if let signal = terminal.stopSignal { ending = .signal(signal) }
        }
        terminal.end()
        // The last write's result first: a change committed as the editor closed is in the summary.
        let unsaved = finishWrites(writes, controller)
        return Outcome(ending: ending ?? .quit, committed: controller.committed, unsaved: unsaved)
    }

    /// What other threads brought since the last turn, in the order the state must take it:
    /// write results first. An outside change's values are read when it is taken, so they are
    /// never older than a result already taken; the other way round, the editor's own older
    /// value could land over another program's newer one, and stay on screen.
    static func news(writes: WriteQueue, outside: OutsideChanges, prefs: Preferences) -> [EditorEvent] {
        let results = writes.take()
        return results + (outside.take().map { [$0] } ?? [])
    }

    /// The write still out when the editor closes: one already under way finishes (its change
    /// counts as committed); one waiting for a lock stops waiting and is reported as unsaved.
    static func finishWrites(_ writes: WriteQueue, _ controller: EditorController) -> UnsavedWrite? {
        let pending = controller.state.pendingWrite
        // Keys held behind that write were typed into an editor that has closed: run on its
        // result, they would start writes after `run` returned. They are counted in the report.
        let heldKeys = controller.state.heldInput.count { if case .key(let key) = $0 { !EditorUpdate.isQuit(key) } else { true } }
        controller.discardHeldInput()
        var failure: String?
        for event in writes.finish() {
            if case .writeFinished(.failed(let reason)) = event { failure = reason }
            controller.send(event)
        }
        guard let pending, let failure else { return nil }
        let note = heldKeys > 0 ? " (and \(heldKeys) key\(heldKeys == 1 ? "" : "s") typed after it, not applied)" : ""
        return UnsavedWrite(keys: pending.changes.keys.sorted(), reason: failure + note)
    }
}
