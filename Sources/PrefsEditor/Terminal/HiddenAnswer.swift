import CTerminalGuard
import Glibc

/// The terminal's echo, off while the plain mode asks for a secret's value, as a password prompt
/// reads a password: the secret is typed, but never shown. It is only the state's to decide
/// (``EditorState/isAskingForSecret``); this turns the decision into the terminal's mode, and
/// puts the mode back on every way out: the answer, `q`, the end of input (Ctrl-D), a thrown
/// error, and a signal (Ctrl-C, Ctrl-Z, `kill`), whose handler in `hidden_answer.c` puts it back
/// before the signal's own action runs. Input that is not a terminal is left alone.
package final class HiddenAnswer: AnswerEcho {
    private let input: Int32
    private var wakeUp: Int32 = -1
    private var begun = false

    package init(input: Int32) { self.input = input }

    deinit { end() }

    /// Echo off while `secretAsked`, on otherwise. After a signal put the modes back (a stop and
    /// a continue, or a host that handles Ctrl-C and goes on), echo goes off again while the
    /// question is still open.
    package func follow(secretAsked: Bool, wakeDescriptor: Int32) {
        wakeUp = wakeDescriptor
        if prefs_hidden_take_signal() != 0 { end() }
        if secretAsked, !begun || prefs_hidden_is_on() == 0 {
            prefs_hidden_end()
            begun = prefs_hidden_begin(input, wakeUp) == 0
        } else if !secretAsked, begun {
            end()
        }
    }

    /// Echo back on, and every signal action as it was.
    package func end() {
        guard begun else { return }
        prefs_hidden_end()
        begun = false
    }
}
