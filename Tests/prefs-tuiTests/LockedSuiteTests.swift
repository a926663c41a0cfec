import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// A suite whose lock another process holds and does not release (a writer stopped with
/// SIGSTOP, or hung): reads answer at once, writes give up after the lock timeout with exit 75,
/// and the editor keeps running and says why nothing was saved.
@Suite("A suite locked by a stopped writer")
struct LockedSuiteTests {
    /// A helper process stopped inside a write of `city`, holding the suite's lock.
    private func stoppedWriter(in cli: CommandLineFixture) async throws -> ChildProcess {
        let holder = ChildProcess(product: "prefs-test-helper", arguments: ["write-and-stop", cli.suite, "city", "Bergen"],
                                  configHome: cli.directory.path)
        try holder.start()
        #expect(await eventually { holder.outputSoFar.contains("stopped") })
        return holder
    }

    @Test func setFailsWithExit75NamingTheHolderAndGetAnswersAtOnce() async throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Tromsø")
        let holder = try await stoppedWriter(in: cli)
        defer { holder.stop(signal: SIGKILL) }
        let clock = ContinuousClock()

        // A `get` that waited for the lock would fail like `set` (exit 75), not print the value.
        let get = try cli.run("get", "city")
        let writeStart = clock.now
        let set = try cli.run("set", "unitsNotation", "imperial")
        let writeTime = clock.now - writeStart

        #expect(get.status == 0 && get.output == "Tromsø\n")
        #expect(set.status == 75)
        // Only a lower bound: how much longer it takes depends on the machine's load.
        #expect(writeTime >= .seconds(5), "set took \(writeTime)")
        let lock = cli.plistPath + ".lock"
        let holderName = "process \(holder.processIdentifier) (prefs-test-help)"
        #expect(set.error == """
            prefs-tui: waiting: \(holderName) holds the lock \(lock)
            prefs-tui: \(holderName) has held the lock \(lock) for 5.0 s without writing; nothing was saved, try again later

            """, "\(set.error)")
        #expect(cli.stored == ["city": .string("Tromsø")])
    }

    @Test func theEditorShowsTheLockFailureAndKeepsRunning() async throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Oslo")
        let holder = try await stoppedWriter(in: cli)
        defer { holder.stop(signal: SIGKILL) }
        let store = SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false,
                               options: SuiteStore.Options(lockTimeout: .milliseconds(300)))
        let editor = EditorHarness(width: 300, store: store)

        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.type("Tromsø")
        editor.press(.enter)

        #expect(editor.status.hasSuffix("without writing; nothing was saved, try again later"), "\(editor.status)")
        #expect(editor.status.hasPrefix(" process \(holder.processIdentifier) (prefs-test-help) has held the lock "), "\(editor.status)")
        #expect(editor.row("City").contains("Tromsø"))
        #expect(editor.controller.frame().cursor != nil)
        holder.stop(signal: SIGKILL)
        editor.press(.enter)
        #expect(editor.stored("city") == .string("Tromsø"))
    }
}
