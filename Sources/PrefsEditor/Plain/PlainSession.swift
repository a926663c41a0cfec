import Foundation
import PrefsModel

/// The plain mode's loop: prints what the ``PlainPrompter`` says and feeds it standard input,
/// one line at a time, until the person quits or input ends. It changes no terminal mode, no
/// signal action and no locale, so there is nothing to put back.
package enum PlainSession {
    /// Whether the plain mode is asked for by the environment: `ACCESSIBLE` set (as charm's
    /// huh and the GitHub CLI read it), or a terminal that cannot move its cursor (`TERM=dumb`).
    package static var isRequestedByEnvironment: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["ACCESSIBLE"] ?? "").isEmpty || environment["TERM"] == "dumb"
    }

    /// What the plain mode says first when it stands in for a full screen that the terminal
    /// cannot show: `TERM` names a terminal this system's terminfo does not know (the usual case
    /// over ssh from a newer terminal, such as kitty, foot or wezterm, to a host without its
    /// entry).
    package static func unknownTerminalNote(term: String) -> String {
        "Note: this system's terminfo does not know the terminal TERM=\(term.controlCharactersEscaped), so the settings are "
            + "asked as plain questions. For the full screen, install that terminal's terminfo entry "
            + "(on Debian, the ncurses-term package) or start with TERM=xterm-256color.\n\n"
    }

    /// Runs the prompts on standard input and output, `note` first; returns every change
    /// written, in order.
    package static func run(_ prefs: Preferences, suiteName: String, note: String? = nil) -> SessionChanges {
        let prompter = PlainPrompter(prefs: prefs, suiteName: suiteName)
        if let note { write(note) }
        write(prompter.start())
        var input = PlainLineReader(descriptor: STDIN_FILENO)
        while !prompter.isFinished {
            switch input.next() {
            case .text(let line): write(prompter.respond(to: line))
            case .notUTF8: write(prompter.refuseLine(because: "it is not UTF-8 text"))
            case .tooLong: write(prompter.refuseLine(because: "it is longer than \(PlainLineReader.longestLine) bytes"))
            case .end:
                write(prompter.endOfInput())
            }
        }
        return prompter.committed
    }

    /// Straight to the descriptor: each prompt must be out before the next line is read.
    private static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
