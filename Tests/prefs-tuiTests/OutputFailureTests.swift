import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Output that cannot be written: a full disk (`/dev/full`), a closed standard output, a reader
/// that went away. Each ends with a status and at most one line, never a crash.
@Suite("prefs-tui when its output cannot be written")
struct OutputFailureTests {
    @Test(arguments: [
        ["get", "city"], ["get", "city", "--json"], ["list"], ["list", "--json"], ["schema"], ["export"],
        ["export", "--format", "plist"], ["render", "--width", "20", "--height", "5"], ["--help"], ["set", "--help"],
        ["--version"],
    ])
    func standardOutputOnAFullDiskIsAnIOError(arguments: [String]) throws {
        let cli = CommandLineFixture()

        let result = try cli.runInShell(">/dev/full", arguments)

        #expect(result.status == 74, "\(arguments): \(result.status) \(result.error)")
        #expect(result.error == "prefs-tui: cannot write standard output: No space left on device\n")
    }

    @Test func aClosedStandardOutputIsAnIOErrorAndNoFileGetsTheOutput() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        let before = cli.plistBytes

        let result = try cli.runInShell(">&-", "get", "city")

        #expect(result.status == 74, "\(result.status) \(result.error)")
        #expect(result.error == "prefs-tui: cannot write standard output: Bad file descriptor\n")
        #expect(cli.plistBytes == before)
    }

    @Test func aRejectedSetWithStandardErrorOnAFullDiskKeepsItsStatus() throws {
        let cli = CommandLineFixture()

        let result = try cli.runInShell("2>/dev/full", "set", "refreshInterval", "7")

        #expect(result.status == 65, "\(result.status)")
        #expect(result.output.isEmpty)
        #expect(cli.stored["refreshInterval"] == nil)
    }

    @Test func warningsOnAFullStandardErrorDoNotStopTheOutput() throws {
        let cli = CommandLineFixture()
        try cli.helper("foundation-set-int", cli.suite, "refreshInterval", "7")

        let result = try cli.runInShell("2>/dev/full", "get", "refreshInterval")

        #expect(result.status == 0)
        #expect(result.output == "15\n")
    }

    @Test(arguments: [true, false])
    func aReaderThatGoesAwayEndsTheOutputQuietly(ignoringSIGPIPE: Bool) throws {
        let cli = CommandLineFixture()
        // A frame larger than a pipe's buffer (about 100 KB: a thousand rows of other keys), so
        // the writer is still writing when `head` leaves.
        let entries = (0..<1000).map { "<key>other\($0)</key><string>\(String(repeating: "x", count: 80))</string>" }
        _ = try cli.write(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + entries.joined() + "</dict></plist>",
                          to: "\(cli.suite).plist")

        let result = try cli.runIntoClosedPipe(ignoringSIGPIPE: ignoringSIGPIPE, "render", "--width", "1000", "--height", "1000")

        #expect(result.status == 128 + SIGPIPE, "\(result.status) \(result.error)")
        #expect(result.error.isEmpty)
    }

    /// One rule for a reader that leaves, in every mode (issue 38, item 14): the plain mode
    /// exited 74 with a message where every command exits 141 quietly.
    @Test(arguments: [true, false])
    func thePlainModeIntoAReaderThatGoesAwayEndsAsEveryCommandDoes(ignoringSIGPIPE: Bool) throws {
        let cli = CommandLineFixture()
        let script = (ignoringSIGPIPE ? "trap '' PIPE; " : "")
            + #"yes l 2>/dev/null | "$0" --plain | head -n 1 >/dev/null; exit ${PIPESTATUS[1]}"#

        let result = try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", script, CommandLineFixture.binary],
                                          configHome: cli.directory.path)

        #expect(result.status == 128 + SIGPIPE, "\(result.status) \(result.error)")
        #expect(result.error.isEmpty, "\(result.error)")
    }

    @Test func watchIntoAReaderThatGoesAwayEndsQuietlyAtTheNextChange() async throws {
        let cli = CommandLineFixture()
        // SIGPIPE ignored, so the write sees EPIPE: the path a signal would otherwise hide.
        let script = #"trap '' PIPE; "$0" watch | head -n 1; echo "watch ended: ${PIPESTATUS[0]}" >&2"#
        let pipeline = ChildProcess(executablePath: "/bin/bash", arguments: ["-c", script, CommandLineFixture.binary],
                                    configHome: cli.directory.path)
        try pipeline.start()
        defer { pipeline.stop() }
        #expect(await eventually { pipeline.errorSoFar.contains("watching") })

        try cli.run("set", "city", "Bergen")
        #expect(await eventually { pipeline.outputSoFar == "city: Oslo → Bergen\n" })
        try cli.run("set", "city", "Tromsø")
        let result = await pipeline.finish(within: .seconds(10))

        #expect(result?.error.split(separator: "\n").dropFirst() == ["watch ended: 141"], "\(result?.error ?? "still running")")
    }
}
