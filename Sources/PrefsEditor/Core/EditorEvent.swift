import PrefsModel

/// Everything that can change the editor, as one type: the only input of `EditorUpdate.update`.
/// Keys and pastes come from the terminal; the rest are results of the loop's own work (a write
/// it carried out, a timer it was asked for) or news from outside (another program's change).
enum EditorEvent: Sendable, Equatable {
    case key(KeyEvent)
    /// Text pasted with bracketed paste: it arrives whole, so it can never act as keys.
    case paste(String)
    /// A click or a turn of the wheel (only while the mouse is captured).
    case mouse(MouseEvent)
    /// A line typed in the plain mode: its counterpart of a key.
    case line(TypedLine)
    case resize(width: Int, height: Int)
    /// Another program (or another `Preferences` in this process) changed these keys: their
    /// values in the user's file now (nil: removed), the site's layers now when there are any
    /// (an administrator's edit arrives this way), and the file's problem now (`.none`: not said,
    /// as with a site's change; `.some(nil)`: the file reads again). The news carried all of it.
    case externalChange([String: PlistValue?], site: SiteLayers? = nil, loadProblem: String?? = .none)
    /// The write asked for with `EditorEffect.write` ended.
    case writeFinished(WriteResult)
    /// The pending write waits for the suite's lock, held by another process (the note says which).
    case writeWaiting(String)
    /// The moment asked for with `EditorEffect.wakeUp(at:)` has come.
    case timer
}

/// How a write the editor asked for ended.
enum WriteResult: Sendable, Equatable {
    /// Stored: what changed (the values before and after; a migration's moves among them),
    /// the settings the write was asked to change (see ``SessionChanges``), and the store's
    /// warnings.
    case committed([StoredChange], edited: [String] = [], warnings: [String])
    /// Refused or failed; nothing was stored.
    case failed(String)
}
