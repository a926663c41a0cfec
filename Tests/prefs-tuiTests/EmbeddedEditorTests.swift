import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// The editor as a library, as a host program uses it: the example host (Examples/SettingsHost)
/// opens it on its own settings with one call, in a real terminal (tmux), and goes on after it.
@Suite("The editor embedded in a host program", .serialized)
struct EmbeddedEditorTests {
    /// The host started from an interactive shell, which keeps the pane (and what the host
    /// printed after the editor) when it ends, and records the terminal's modes around it.
    private func hostSession(_ arguments: [String] = ["settings"]) throws -> TmuxSession {
        let session = try TmuxSession(width: 100, height: 30, interactiveShell: true, product: "settings-host")
        let folder = session.directory.path
        try session.type("stty -g > \(folder)/stty.before; XDG_CONFIG_HOME=\(folder) '\(session.binary)' \(arguments.joined(separator: " ")); "
            // Moved into place whole: written in place, it was seen empty by a test (the file
            // exists from the moment the shell opens it, before stty has written anything).
            + "echo host-status=$?; stty -g > \(folder)/stty.after.tmp; mv \(folder)/stty.after.tmp \(folder)/stty.after")
        try session.press("Enter")
        return session
    }

    /// Waits for the host to end; its exit status.
    private func hostStatus(_ session: TmuxSession) async -> String? {
        // The line `echo` printed, not the command line typed (which holds `host-status=$?`).
        let printed: @Sendable (String) -> String? = { screen in
            screen.components(separatedBy: "\n").first { $0.hasPrefix("host-status=") }.map { String($0.dropFirst(12)) }
        }
        guard await session.waitUntil(within: .seconds(15), { printed($0) != nil }) else { return nil }
        _ = await eventually { session.file("stty.after") != nil }
        return printed(session.screen())
    }

    private func stored(_ session: TmuxSession) -> [String: PlistValue] {
        SuiteStore(suiteName: "com.example.backup", directory: session.directory.path, watchForChanges: false).storedValues()
    }

    @Test func theHostsDerivedValueFollowsItsInputsAndTheHostGetsTheSummary() async throws {
        let session = try hostSession()
        #expect(await session.waitUntil { $0.contains("Backup settings · com.example.backup") && $0.contains("7 days") },
                "\(session.screen())")

        try session.press("Down", "Left")   // Back up every: 24 → 23 hours

        #expect(await session.waitUntil { $0.contains("Saved intervalHours = 23") && $0.contains("161 hours") }, "\(session.screen())")
        #expect(stored(session) == ["intervalHours": .int(23)])
        try session.press("q")
        #expect(await hostStatus(session) == "0")
        #expect(session.file("stty.after") == session.file("stty.before"))
        let screen = session.screen()
        #expect(screen.contains("host: 1 setting(s) changed"), "\(screen)")
        #expect(screen.contains("host: intervalHours: (default) -> 23"), "\(screen)")
        #expect(screen.contains("host: going on; history kept is 161 hours"), "\(screen)")
    }

    @Test func aChangeTypedJustBeforeQIsSavedAndInTheSummary() async throws {
        let session = try hostSession()
        #expect(await session.waitFor("Backup settings ·"))

        try session.press("Down", "Down", "Right", "Right", "q")   // one burst: Copies kept 7 → 9, then quit

        #expect(await hostStatus(session) == "0")
        #expect(stored(session) == ["keepCopies": .int(9)])
        #expect(session.screen().contains("host: keepCopies: (default) -> 9"), "\(session.screen())")
    }

    @Test func aChangeUndoneIsNotInTheSummary() async throws {
        let session = try hostSession()
        #expect(await session.waitFor("Backup settings ·"))

        try session.press("Down", "Right")
        #expect(await session.waitFor("Saved intervalHours = 25"))
        try session.press("u")
        #expect(await session.waitUntil { !$0.contains("Saved intervalHours = 25") && $0.contains("7 days") }, "\(session.screen())")
        try session.press("q")

        #expect(await hostStatus(session) == "0")
        #expect(session.screen().contains("host: 0 setting(s) changed"), "\(session.screen())")
    }

    @Test func ctrlCInTheEditorIsReportedToTheHostAsAnInterruption() async throws {
        let session = try hostSession()
        #expect(await session.waitFor("Backup settings ·"))

        try session.press("C-c")

        #expect(await hostStatus(session) == "0")
        #expect(session.file("stty.after") == session.file("stty.before"))
        #expect(session.screen().contains("host: the person interrupted the editor (Ctrl-C)"), "\(session.screen())")
    }

    @Test func aSigtermRestoresTheTerminalAndRunsTheHostsOwnHandler() async throws {
        let session = try hostSession()
        #expect(await session.waitFor("Backup settings ·"))

        try session.signalEditor(SIGTERM)

        #expect(await hostStatus(session) == "0")
        #expect(session.file("stty.after") == session.file("stty.before"))
        let screen = session.screen()
        #expect(screen.contains("host: SIGTERM handled by the host's own handler"), "\(screen)")
        #expect(screen.contains("host: the editor ended by signal 15"), "\(screen)")
        #expect(screen.contains("host: going on"), "\(screen)")
    }

    @Test func twoEditorsOneAfterTheOtherInOneProcess() async throws {
        let session = try hostSession(["settings", "2"])
        #expect(await session.waitFor("Backup settings ·"))
        try session.press("Down", "Down", "Right")   // Copies kept: 7 → 8
        #expect(await session.waitFor("Saved keepCopies = 8"))
        try session.press("q")

        #expect(await session.waitUntil { $0.contains("Backup settings ·") && $0.contains("8 days") }, "\(session.screen())")
        try session.press("q")

        #expect(await hostStatus(session) == "0")
        #expect(session.screen().contains("host: going on; history kept is 8 days"), "\(session.screen())")
    }

    /// A good guest honours the host's own SIGTSTP handler (issue 38, item 15): the host's
    /// handler runs and the editor goes on, where it used to stop the whole process (the host
    /// never heard of the signal, and its `q` was never read). With the default action the
    /// editor stops with the mouse off (TerminalMouseTests).
    @Test func aHostsOwnStopHandlerRunsAndTheEditorGoesOn() async throws {
        let session = try hostSession(["settings", "1", "--own-stop-handler"])
        #expect(await session.waitFor("Backup settings ·"), "\(session.screen())")

        try session.signalEditor(SIGTSTP)
        try session.press("Down", "Down", "Down", "Space")   // Compress: on → off

        #expect(await session.waitFor("Saved compress = false"), "the editor stopped: \(session.screen())")
        try session.press("q")
        #expect(await hostStatus(session) == "0")
        #expect(session.screen().contains("host: stops counted by the host's own handler: 1"), "\(session.screen())")
    }

    @Test func withStandardOutputRedirectedTheEditorUsesTheControllingTerminal() async throws {
        let session = try TmuxSession(width: 100, height: 30, interactiveShell: true, product: "settings-host")
        let output = session.directory.file("host-output.txt")
        try session.type("XDG_CONFIG_HOME=\(session.directory.path) '\(session.binary)' settings > '\(output)'; echo host-status=$?")
        try session.press("Enter")
        #expect(await session.waitFor("Backup settings ·"), "\(session.screen())")

        try session.press("Down", "Down", "Down", "Space")   // Compress: on → off
        #expect(await session.waitFor("Saved compress = false"))
        try session.press("q")

        #expect(await session.waitFor("host-status=0"), "\(session.screen())")
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(printed.contains("host: compress: (default) -> false"), "\(printed)")
    }

    @Test func withoutAnyTerminalTheHostGetsAClearErrorAndGoesOn() throws {
        let directory = TemporaryDirectory()
        // setsid: a session of its own, so no controlling terminal either, wherever the tests run.
        let result = try ChildProcess.run(executablePath: "/usr/bin/setsid",
                                          arguments: ["-w", ChildProcess.path(ofProduct: "settings-host"), "settings"],
                                          configHome: directory.path)

        #expect(result.status == 1)
        #expect(result.output == """
            host: cannot open the settings: the editor needs a terminal: standard input or output is not one, \
            and the process has no controlling terminal (/dev/tty)

            """)
    }
}
