import Foundation
import PrefsModel

/// Work the update asks the loop to do. The loop carries it out and reports results back as
/// events (`writeFinished`, `timer`), so the state never claims more than has happened.
enum EditorEffect: Sendable, Equatable {
    /// Write these stored values (nil removes) together, through PrefsModel.
    case write([String: PlistValue?])
    /// End the session, as the person ended it (``EditorEnding/quit`` or ``EditorEnding/interrupted``).
    case quit(EditorEnding)
    /// Leave the screen and stop the process (Ctrl-Z); the terminal redraws on `fg`.
    case suspend
    /// Turn the terminal's mouse reporting on or off (`M`); never saved.
    case captureMouse(Bool)
    /// Send `.timer` at this moment (nil: no timer wanted). Replaces any earlier request.
    case wakeUp(at: Date?)
}

extension EditorEffect {
    var isQuit: Bool {
        if case .quit = self { return true }
        return false
    }
}
