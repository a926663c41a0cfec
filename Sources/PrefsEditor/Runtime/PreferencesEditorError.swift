/// Why the editor could not open, or stopped: what a host shows its user, never the
/// `prefs-tui` commands' own errors.
///
/// ```swift
/// do { _ = try PreferencesEditor(prefs).run() } catch { print("settings: \(error)") }
/// ```
public enum PreferencesEditorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another editor is open in this process; one runs at a time.
    case alreadyOpen
    /// Standard input or output is not a terminal (a pipe, a file), and so the editor has none.
    case noTerminal(stream: String)
    /// Standard input or output is not a terminal, and the process has no controlling
    /// terminal (`/dev/tty`) to use instead (a service, a cron job).
    case noControllingTerminal
    /// terminfo does not know the terminal `TERM` names.
    case unknownTerminal(term: String)
    /// The terminal cannot move the cursor (`TERM=dumb`), which the editor needs.
    case terminalTooLimited(term: String)
    /// The plain mode's output cannot be written (a full disk, a closed descriptor), with the
    /// system's reason: nobody would read its questions.
    case outputFailed(reason: String)
    /// The reader of the plain mode's questions went away (`… --plain | head -1`: EPIPE, where
    /// SIGPIPE is ignored). Not a failure of the editor: a host ends as a Unix filter does.
    case readerLeft
    /// A system call the editor needs failed (the wake-up pipe), with `errno`.
    case systemCallFailed(call: String, errno: Int32)
    /// ``PreferencesEditor/Options`` name a section or setting the schema does not have.
    case noSuchSetting(name: String, kind: String, allowed: [String])

    /// One line for a person, naming what is wrong (`the editor needs a terminal, and standard output is not one`).
    public var description: String {
        switch self {
        case .alreadyOpen: "the editor is already open in this process"
        case .noTerminal(let stream): "the editor needs a terminal, and standard \(stream) is not one"
        case .noControllingTerminal:
            "the editor needs a terminal: standard input or output is not one, and the process has no controlling terminal (/dev/tty)"
        case .unknownTerminal(let term): "cannot use the terminal TERM=\(term) (unknown to terminfo)"
        case .terminalTooLimited(let term): "the terminal TERM=\(term) cannot move the cursor, which the editor needs"
        case .outputFailed(let reason): "cannot write the questions to standard output: \(reason)"
        case .readerLeft: "the reader of the questions went away"
        case .systemCallFailed(let call, let errno): "\(call) failed (errno \(errno))"
        case .noSuchSetting(let name, let kind, let allowed):
            "no \(kind) named \"\(name)\" to show; \(kind)s: \(allowed.joined(separator: ", "))"
        }
    }
}
