import Foundation
import PrefsTestSupport
import Testing

/// The plain mode's answer to a secret's question, in a real terminal (issue 40): it is read
/// with echo off, and the terminal's modes come back on every way out (the answer, Ctrl-D,
/// Ctrl-C, Ctrl-Z and a continue). The pane's shell records `stty -g` before and after.
@Suite("A secret typed in the plain mode", .serialized)
struct SecretPlainTerminalTests {
    static let marker = "MARKER-51d0e2"
    private static let schema = #"""
        {"title": "Service", "suite": "com.example.service", "sections": [{"name": "Service", "settings": [
          {"key": "token", "type": "string", "title": "API token", "default": "", "secret": true},
          {"key": "city", "type": "string", "title": "City", "default": "Oslo"}]}]}
        """#

    /// `prefs-tui --plain` on the service schema, at the question for the setting `name`.
    private func plainSession(askingFor name: String) async throws -> TmuxSession {
        let folder = TemporaryDirectory()
        try Self.schema.write(toFile: folder.file("service.json"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(["--plain", "--schema", folder.file("service.json")], width: 100, height: 30, directory: folder)
        try #require(await session.waitFor("Setting (number or name"), "\(session.screen())")
        try session.type(name)
        try session.press("Enter")
        try #require(await session.waitFor("New value ("), "\(session.screen())")
        return session
    }

    /// Whether the pane's terminal echoes what is typed now (`stty -a` on the pane's device).
    private func echoes(_ session: TmuxSession) throws -> Bool? {
        let device = try session.tmux(["display-message", "-p", "-t", "e", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let modes = try ChildProcess.run(executablePath: "/bin/stty", arguments: ["-a", "-F", device], configHome: session.directory.path)
        let flags = modes.output.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        if flags.contains("-echo") { return false }
        if flags.contains("echo") { return true }
        return nil
    }

    /// How many times the question for a setting was asked on `screen`: once more after each
    /// answer.
    private static func menuPrompts(in screen: String) -> Int {
        screen.components(separatedBy: "Setting (number or name").count - 1
    }

    /// Waits until the editor has ended and the shell recorded the modes after it.
    private func ended(_ session: TmuxSession) async -> Bool {
        await eventually(within: .seconds(15)) { session.file("stty.after") != nil }
    }

    @Test func theAnswerIsTypedUnseenAndEchoComesBackForTheNextQuestion() async throws {
        let session = try await plainSession(askingFor: "token")
        #expect(await eventually { (try? echoes(session)) == false }, "echo is still on at the secret's question")

        try session.type(Self.marker)
        try session.press("Enter")
        #expect(await session.waitUntil { Self.menuPrompts(in: $0) == 2 }, "\(session.screen())")
        #expect(!session.screen().contains(Self.marker), "\(session.screen())")
        #expect(try echoes(session) == true, "echo stayed off after the answer")

        try session.type("city")
        try session.press("Enter")
        #expect(await session.waitFor("City"))
        #expect(try echoes(session) == true, "echo is off at a question that is not a secret's")
        try session.press("Enter")
        try session.type("q")
        try session.press("Enter")
        #expect(await ended(session))
        #expect(session.exitStatus == "0")
        #expect(session.file("stty.after") == session.file("stty.before"))
        let stored = try ChildProcess.run(product: "prefs-tui", arguments: ["get", "token", "--suite", "com.example.service"],
                                          configHome: session.directory.path)
        #expect(stored.output == Self.marker + "\n", "the answer typed unseen was not stored: \(stored.output) \(stored.error)")
    }

    @Test func ctrlDAtTheSecretsQuestionPutsTheModesBack() async throws {
        let session = try await plainSession(askingFor: "token")
        #expect(await eventually { (try? echoes(session)) == false })

        try session.press("C-d")

        #expect(await ended(session))
        #expect(session.exitStatus == "0")
        #expect(session.file("stty.after") == session.file("stty.before"))
    }

    @Test func ctrlCAtTheSecretsQuestionEndsAsBeforeWithTheModesBack() async throws {
        let session = try await plainSession(askingFor: "token")
        #expect(await eventually { (try? echoes(session)) == false })

        try session.press("C-c")

        #expect(await ended(session))
        #expect(session.exitStatus == "130", "Ctrl-C no longer ends the program as SIGINT does")
        #expect(session.file("stty.after") == session.file("stty.before"))
    }

    /// In an interactive shell, whose job control can stop the program (in the other tests'
    /// `sh -c`, the group is orphaned and the kernel drops stop signals).
    @Test func ctrlZStopsWithEchoOnAndFgAsksUnseenAgain() async throws {
        let session = try TmuxSession(width: 100, height: 30, interactiveShell: true)
        try Self.schema.write(toFile: session.directory.file("service.json"), atomically: true, encoding: .utf8)
        try session.type("XDG_CONFIG_HOME=\(session.directory.path) \(session.binary) --plain --schema \(session.directory.file("service.json"))")
        try session.press("Enter")
        #expect(await session.waitFor("Setting (number or name"))
        try session.type("token")
        try session.press("Enter")
        #expect(await session.waitFor("New value ("))
        #expect(await eventually { (try? echoes(session)) == false })

        try session.press("C-z")
        #expect(await session.waitFor("Stopped"), "\(session.screen())")
        #expect(try echoes(session) == true, "stopped with echo off")
        try session.type("fg")
        try session.press("Enter")
        #expect(await eventually { (try? echoes(session)) == false }, "echo on at the secret's question after fg")

        try session.type(Self.marker)
        try session.press("Enter")
        #expect(await session.waitUntil { Self.menuPrompts(in: $0) == 2 }, "\(session.screen())")
        #expect(!session.screen().contains(Self.marker), "\(session.screen())")
        #expect(try echoes(session) == true)
        try session.type("q")
        try session.press("Enter")
        #expect(await session.waitFor("Bye."))
    }
}
