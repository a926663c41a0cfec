import Foundation
import PrefsModel

/// The plain mode's loop: the state machine the full screen runs, fed the lines of standard
/// input as events, its conversation printed by ``PlainView`` after each, until the person
/// quits, input ends or the host cancels. Between lines it sleeps in `poll` on the input and a
/// wake-up descriptor, so another program's change is said at once and a cancellation ends it
/// while it waits for a line. It changes no locale, and no terminal mode or signal action except
/// through its `echo` while a secret's answer is typed (the terminal's ``HiddenAnswer``), which
/// puts them back.
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

    /// What a plain session did.
    package struct Outcome {
        package var committed: SessionChanges
        package var ending: EditorEnding
    }

    /// Runs the prompts on `input` and `output` (standard input and output), `note` first.
    /// Throws ``PreferencesEditorError/outputFailed(reason:)`` when the output cannot be written
    /// (a full disk), and ``PreferencesEditorError/readerLeft`` when its reader has gone: nobody
    /// would read the questions, and answering them blind would change settings unseen.
    package static func run(_ prefs: Preferences, suiteName: String, keyListing: KeyListing = .schema, note: String? = nil,
                            input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
                            cancellation: EditorCancellation? = nil, echo: (any AnswerEcho)? = nil) throws(PreferencesEditorError) -> Outcome {
        let wakeUp = try WakeUpSignal()
        cancellation?.attach(wakeUp)
        defer { cancellation?.detach() }
        // Watching first, as the full screen does, so no change falls between it and the snapshot.
        let outside = OutsideChanges(prefs) { wakeUp.signal() }
        defer { outside.cancel() }
        let controller = EditorController(prefs: prefs, suiteName: suiteName, width: 80, height: 24, keyListing: keyListing)
        controller.startConversation()
        var printed = 0
        func printSaid(before text: String = "") throws(PreferencesEditorError) {
            let said = PlainView.text(of: controller.state, since: printed)
            printed = said.next
            try write(text + said.text, to: output)
        }
        try printSaid(before: note ?? "")
        var reader = PlainLineReader(descriptor: input)
        defer { echo?.end() }
        while !controller.shouldQuit {
            echo?.follow(secretAsked: controller.state.isAskingForSecret, wakeDescriptor: wakeUp.writeDescriptor)
            if let line = reader.nextRead() {
                controller.send(.line(line.typed))
                try printSaid()
                continue
            }
            let inputReady = wakeUp.wait(forInputOn: input)
            wakeUp.drain()
            if cancellation?.isCancelled == true { return Outcome(committed: controller.committed, ending: .cancelled) }
            if let event = outside.take() {
                controller.send(event)
                try printSaid()
            }
            if inputReady { reader.fill() }
        }
        return Outcome(committed: controller.committed, ending: controller.ending ?? .quit)
    }

    /// Straight to the descriptor: each prompt must be out before the next line is read.
    private static func write(_ text: String, to output: Int32) throws(PreferencesEditorError) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(output, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // Output left non-blocking (a terminal shares one open file between standard
                    // input and output, and another program set it so): wait until it takes more.
                    var output = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&output, 1, -1)
                    continue
                }
                if errno == EPIPE { throw .readerLeft }
                throw .outputFailed(reason: String(cString: strerror(errno)))
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// What turns the terminal's echo off while a secret's answer is typed, and back on (the
/// terminal layer's ``HiddenAnswer``; none where the input is not a terminal's).
package protocol AnswerEcho: AnyObject {
    /// Echo off while `secretAsked`, on otherwise; a signal that arrives meanwhile writes a byte
    /// to `wakeDescriptor`, to wake the loop.
    func follow(secretAsked: Bool, wakeDescriptor: Int32)
    /// Echo back on, and everything it changed put back.
    func end()
}

extension PlainLineReader.Line {
    /// The line as the state machine takes it.
    var typed: TypedLine {
        switch self {
        case .text(let text): .text(text)
        case .notUTF8: .refused("it is not UTF-8 text")
        case .tooLong: .refused("it is longer than \(PlainLineReader.longestLine) bytes")
        case .end: .end
        }
    }
}
