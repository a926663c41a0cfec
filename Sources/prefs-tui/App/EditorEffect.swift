import PrefsModel

/// Work the update asks the loop to do: the only side effect is a write, which goes through
/// PrefsModel (rules, lock, sync) before the status line may say it is saved.
enum EditorEffect: Sendable {
    case write(changes: [String: PlistValue?], undo: EditorState.UndoEntry?, success: String)
}
