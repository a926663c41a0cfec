import Foundation
import PrefsModel

/// Work the update asks the loop to do. The loop carries it out and reports results back as
/// events (`writeFinished`, `timer`), so the state never claims more than has happened.
enum EditorEffect: Sendable, Equatable {
    /// Write these stored values (nil removes) together, through PrefsModel.
    case write([String: PlistValue?])
    case quit
    /// Leave the screen and stop the process (Ctrl-Z); the terminal redraws on `fg`.
    case suspend
    /// Turn the terminal's mouse reporting on or off (`M`); never saved.
    case captureMouse(Bool)
    /// Send `.timer` at this moment (nil: no timer wanted). Replaces any earlier request.
    case wakeUp(at: Date?)
}
