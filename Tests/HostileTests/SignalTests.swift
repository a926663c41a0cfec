import Foundation
import PrefsTestSupport
import Testing

extension Hostile {
    /// Every signal whose default action ends a process, sent with `kill` to the editor in a
    /// real terminal (tmux): the terminal modes afterwards equal those before (`stty -g`), and
    /// the exit status is the signal's 128 + n, or, for the two the editor ignores, it goes on
    /// and quits with `q`.
    @Suite("Signals to the editor")
    struct Signals {
        static let ending = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGXCPU"]
        static let ignored = ["SIGPIPE", "SIGXFSZ"]

        @Test func everySignalThatWouldEndTheEditorLeavesTheTerminalAsItWas() async throws {
            var restored = 0, rightStatus = 0
            var problems: [String] = []
            for name in Self.ending + Self.ignored {
                let signal = try #require(TmuxSession.signalNumbers[name])
                let session = try TmuxSession()
                guard await session.waitFor("Weather ·") else {
                    problems.append("\(name): the editor did not start")
                    continue
                }
                try session.signalEditor(signal)
                var expected = String(128 + signal)
                if Self.ignored.contains(name) {
                    // Still running: a key still acts, and q still quits.
                    try session.press("Right")
                    if !(await session.waitFor("Saved temperatureNotation")) { problems.append("\(name): the editor stopped taking keys") }
                    try session.press("q")
                    expected = "0"
                }
                guard await eventually(within: .seconds(20), { session.file("stty.after") != nil }) else {
                    problems.append("\(name): the editor did not end")
                    continue
                }
                if session.file("stty.before") == session.file("stty.after") { restored += 1 } else { problems.append("\(name): terminal modes differ") }
                if session.exitStatus == expected { rightStatus += 1 } else { problems.append("\(name): exit \(session.exitStatus ?? "none"), expected \(expected)") }
            }
            let total = Self.ending.count + Self.ignored.count
            HostileRun.report("\(Self.ending.count) signals that end the editor (\(Self.ending.joined(separator: ", "))) and \(Self.ignored.count) it ignores (\(Self.ignored.joined(separator: ", "))), sent with kill in tmux: terminal modes restored \(restored)/\(total), exit status 128+n (0 for the ignored, after q) \(rightStatus)/\(total)")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
