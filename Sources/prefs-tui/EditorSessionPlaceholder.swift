import PrefsModel

/// The terminal editor's entry; the editor itself is built in the next step.
enum EditorSession {
    static func run(_ prefs: Preferences) throws {
        throw CommandFailure("the full-screen editor is not built yet; use the commands (prefs-tui --help)", status: 69)
    }
}
