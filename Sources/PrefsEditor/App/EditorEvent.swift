import PrefsModel

/// Everything that can change the editor, as one type: the only input of `EditorUpdate.update`.
/// Keys and pastes come from the terminal; the rest are results of the loop's own work (a write
/// it carried out, a timer it was asked for) or news from outside (another program's change).
enum EditorEvent: Sendable, Equatable {
    case key(KeyEvent)
    /// Text pasted with bracketed paste: it arrives whole, so it can never act as keys.
    case paste(String)
    case resize(width: Int, height: Int)
    /// Another program (or another `Preferences` in this process) changed these keys.
    case externalChange(Set<String>)
    /// The write asked for with `EditorEffect.write` was tried: nil on success, else the error.
    case writeFinished(error: String?, warnings: [String])
    /// The moment asked for with `EditorEffect.wakeUp(at:)` has come.
    case timer
}
