/// How an editing session ended: the one account of it that the full screen, the plain mode and
/// the harness give their host (``PreferencesEditor/Summary/ending``).
package enum EditorEnding: Equatable, Sendable {
    /// The person quit (`q`, F10, Ctrl-\, `q` in the plain mode, the end of its input).
    case quit
    /// The person pressed Ctrl-C: the key the terminal would have made SIGINT, which the editor
    /// reads as a key. A host should treat it as a cancelled task, not as "done".
    case interrupted
    /// The host cancelled (see ``EditorCancellation``).
    case cancelled
    /// A signal that ends programs (SIGINT, SIGTERM, SIGHUP …) arrived while the editor ran.
    case signal(Int32)

    /// The ending a quitting key means: Ctrl-C interrupts, every other quit key quits.
    static func ofQuitKey(_ key: KeyEvent) -> EditorEnding {
        key == .control("c") ? .interrupted : .quit
    }
}
