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

extension HiddenAnswer {
    /// One line typed on the terminal `input` with echo off, after `prompt` on the terminal,
    /// as a password prompt reads it (`prefs-tui set KEY` with no value asks for it so). The line
    /// break is left out. Nil when the input ends before a line was typed. The modes come back on
    /// every way out, a signal included (see ``HiddenAnswer``); after a stop and a continue, echo
    /// goes off again while the line is still being typed.
    ///
    /// ```swift
    /// let token = HiddenAnswer.readLine(prompt: "apiToken (not shown): ")
    /// ```
    package static func readLine(prompt: String, input: Int32 = STDIN_FILENO) -> String? {
        let answer = HiddenAnswer(input: input)
        defer { answer.end() }
        // On the terminal itself, as getpass writes its prompt: standard error may go to a log.
        let terminal = open("/dev/tty", O_WRONLY | O_CLOEXEC | O_NOCTTY)
        defer { if terminal >= 0 { close(terminal) } }
        _ = prompt.withCString { write(terminal >= 0 ? terminal : STDERR_FILENO, $0, strlen($0)) }
        answer.follow(secretAsked: true, wakeDescriptor: -1)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(input, &byte, 1)
            if count < 0, errno == EINTR {
                answer.follow(secretAsked: true, wakeDescriptor: -1)
                continue
            }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
