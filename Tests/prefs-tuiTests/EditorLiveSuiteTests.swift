import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// The editor in a real terminal (tmux) while other processes work on its suite: a key another
/// program adds shows up, and a write that waits for a lock held by a stopped writer neither
/// freezes the screen nor keeps the person from quitting.
@Suite("The editor while other processes use its suite", .serialized)
struct EditorLiveSuiteTests {
    @Test func aKeyAnotherProgramAddsShowsUpWithNoKeyPressed() async throws {
        let directory = TemporaryDirectory()
        let suite = SuiteStore(suiteName: "com.acme.backup", directory: directory.path, watchForChanges: false)
        try suite.commit(["label": .string("Nightly")])
        let session = try TmuxSession(["--suite", "com.acme.backup"], width: 100, height: 30, directory: directory)
        #expect(await session.waitFor("label"), "\(session.screen())")

        try suite.commit(["compressionLevel": .int(7)])                 // this test process is the other program

        // How fast is a figure of Benchmarks/editor-figures.py; here only that it comes, with
        // no key pressed (a fixed key list would show it only after a restart).
        #expect(await session.waitUntil { TmuxSession.line(containing: "compressionLevel", in: $0).contains("7") }, "\(session.screen())")
        try suite.commit(["compressionLevel": nil])
        // Its row goes (the status line still names the change).
        #expect(await session.waitUntil { screen in
            !screen.components(separatedBy: "\n").contains { $0.contains("compressionLevel") && !$0.contains("Changed by another program") }
        }, "\(session.screen())")
        try session.press("q")
        #expect(await eventually { session.exitStatus == "0" })
    }

    @Test func keysTypedAtOnceBeforeQAllCountAndTheSummaryHasTheLast() async throws {
        let cli = CommandLineFixture()
        let session = try TmuxSession(width: 100, height: 30, directory: cli.directory)
        #expect(await session.waitFor("Weather ·"))

        try session.press("Right", "Right", "q")               // one burst: q arrives while a write is out

        #expect(await eventually { session.exitStatus != nil })
        #expect(session.exitStatus == "0")
        #expect(cli.stored["temperatureNotation"] == .string("kelvin"))
    }

    /// The demo suite locked by a writer stopped with the lock held, and the editor in tmux with
    /// a change (Units → imperial) whose write waits for that lock.
    private func editorWaitingForALock() async throws -> (CommandLineFixture, ChildProcess, TmuxSession) {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Oslo")
        let holder = ChildProcess(product: "prefs-test-helper", arguments: ["write-and-stop", cli.suite, "city", "Bergen"],
                                  configHome: cli.directory.path)
        try holder.start()
        #expect(await eventually { holder.outputSoFar.contains("stopped") })
        let session = try TmuxSession(width: 100, height: 30, directory: cli.directory)
        #expect(await session.waitFor("Weather ·"))
        try session.press("Down", "Right")
        return (cli, holder, session)
    }

    @Test func aSigtermWhileAWriteWaitsNamesTheUnsavedChangeBeforeEnding() async throws {
        let (cli, holder, session) = try await editorWaitingForALock()
        defer { holder.stop(signal: SIGKILL) }
        #expect(await session.waitFor("Saving: waiting"), "\(session.screen())")

        try session.signalEditor(SIGTERM)

        #expect(await eventually { session.exitStatus != nil })
        #expect(session.exitStatus == "143")                       // ended by the signal, as before
        #expect(session.file("stderr")?.hasPrefix("prefs-tui: unitsNotation: not saved: the editor closed while process \(holder.processIdentifier)") == true,
                "\(session.file("stderr") ?? "")")
        #expect(cli.stored["unitsNotation"] == nil)
    }

    @Test func aWriteWaitingForAStoppedWritersLockKeepsTheScreenLiveAndQuitReportsIt() async throws {
        let (cli, holder, session) = try await editorWaitingForALock()
        defer { holder.stop(signal: SIGKILL) }
        let holderName = "process \(holder.processIdentifier) (prefs-test-help)"
        #expect(await session.waitFor("Saving: waiting: \(holderName) holds the lock"), "\(session.screen())")
        // The screen stays live: a resize is drawn while the write still waits.
        try session.resize(width: 90, height: 28)
        // Frozen, it would leave its status line at row 30, now cut off; redrawn, it is the last of 28.
        #expect(await session.waitUntil { screen in
            let rows = screen.components(separatedBy: "\n").prefix(28)
            return rows.count == 28 && rows.last!.contains("Saving: waiting")
        }, "\(session.screen())")

        try session.press("q")
        // The message below proves q ended the wait: a write left to its own 5 s lock limit
        // would say the holder "has held the lock for 5.0 s" instead.
        #expect(await session.waitUntil { _ in session.exitStatus != nil })

        #expect(session.exitStatus == "75")
        let lock = cli.plistPath + ".lock"
        #expect(session.file("stderr") == "prefs-tui: unitsNotation: not saved: the editor closed while \(holderName) held the lock \(lock)",
                "\(session.file("stderr") ?? "")")
        // The shell records the modes just after the status.
        #expect(await eventually { session.file("stty.after") != nil })
        #expect(session.file("stty.before") == session.file("stty.after"))
        #expect(cli.stored["unitsNotation"] == nil)
    }
}
