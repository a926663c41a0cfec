import Glibc

/// The one rule for a reader of standard output that went away (`prefs-tui list | head -1`,
/// `yes l | prefs-tui --plain | head -1`), in every mode: prefs-tui ends quietly, as SIGPIPE
/// ends any Unix filter, with status 141 (128 + SIGPIPE) and no message. SIGPIPE usually does
/// that before a write returns; EPIPE arrives only when prefs-tui was started with SIGPIPE
/// ignored, and then the signal is raised with its default action, so a `set -o pipefail`
/// script sees the same status either way.
enum ReaderLeft {
    static func end() -> Never {
        SignalExit.end(by: SIGPIPE)
    }
}
