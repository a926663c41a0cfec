import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// A secret set without the command line (issue 51, item 5): `set KEY -` reads standard input,
/// and `set KEY` on a terminal asks with echo off. The value never shows in the process list.
@Suite("A secret set without the command line")
struct SecretInputTests {
    static let marker = "TOKEN-2b8e41"
    static let schema = #"""
        {"title": "Service", "suite": "com.example.service", "sections": [{"name": "Service", "settings": [
          {"key": "token", "type": "string", "title": "API token", "default": "", "secret": true},
          {"key": "city", "type": "string", "title": "City", "default": "Oslo"}]}]}
        """#

    @Test func aValueFromStandardInputIsStoredAndNeverInTheProcessList() async throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(Self.schema, to: "service.json")
        let fifo = cli.directory.file("input")
        #expect(mkfifo(fifo, 0o600) == 0)
        let child = ChildProcess(executablePath: "/bin/bash", arguments: ["-c", #"exec "$0" set token - --schema "$1" < "$2""#,
                                                                          CommandLineFixture.binary, schema, fifo],
                                 configHome: cli.directory.path)
        try child.start()
        // Opens once bash opened it to read; close-on-exec, so no process another test starts keeps
        // the pipe open past our close (prefs-tui would then wait for its end forever).
        let writer = open(fifo, O_WRONLY | O_CLOEXEC)
        try #require(writer >= 0)
        // The process reading the value: prefs-tui itself, once bash has exec'd it.
        let pid = child.processIdentifier
        // Waiting for the value, its command line holds none: `set token -` is all `ps` shows.
        #expect(await eventually { Self.commandLine(of: pid).contains("set token -") }, "\(Self.commandLine(of: pid))")

        _ = "\(Self.marker)\n".withCString { Glibc.write(writer, $0, strlen($0)) }
        close(writer)
        let result = child.finish()

        #expect(result.status == 0, "\(result.error)")
        #expect(try cli.run("get", "token", "--schema", schema).output == Self.marker + "\n")
        #expect(!(result.output + result.error).contains(Self.marker))
    }

    @Test func aBareDashAfterDoubleDashIsTheTextItself() throws {
        let cli = CommandLineFixture()

        #expect(try cli.run("set", "city", "--", "-").status == 0)

        #expect(try cli.run("get", "city").output == "-\n")
    }

    @Test func noValueAndNoTerminalIsAUsageErrorThatSaysHow() throws {
        let cli = CommandLineFixture()

        let result = try cli.runInShell("< /dev/null", "set", "city")

        #expect(result.status == 64)
        #expect(result.error.contains("- to read it from standard input"), "\(result.error)")
    }

    @Test func onATerminalTheValueIsAskedForWithEchoOff() async throws {
        let folder = TemporaryDirectory()
        try Self.schema.write(toFile: folder.file("service.json"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(["set", "token", "--schema", folder.file("service.json")], directory: folder)
        #expect(await session.waitFor("typed unseen"), "\(session.screen())")

        try session.type(Self.marker)
        try session.press("Enter")

        #expect(await eventually(within: .seconds(10)) { session.exitStatus == "0" }, "\(session.screen()) \(session.file("stderr") ?? "")")
        #expect(!session.screen().contains(Self.marker), "\(session.screen())")
        #expect(session.file("stty.after") == session.file("stty.before"))
        let stored = try ChildProcess.run(product: "prefs-tui", arguments: ["get", "token", "--schema", folder.file("service.json")],
                                          configHome: folder.path)
        #expect(stored.output == Self.marker + "\n", "\(stored.error)")
    }

    @Test func oneFinalLineBreakIsDroppedAsLFOrCRLFAndNothingMore() throws {
        let cli = CommandLineFixture()

        let crlf = try cli.runInShell("< <(printf 'hunter2\\r\\n')", "set", "city", "-")
        let stored = try cli.run("get", "city").output
        let twoLines = try cli.runInShell("< <(printf 'a\\n\\n')", "set", "city", "-")

        #expect(crlf.status == 0, "\(crlf.error)")
        #expect(stored == "hunter2\n")
        // "a\n" left after one line break is dropped: a text value holds no line feed.
        #expect(twoLines.status == 65, "\(twoLines.error)")
    }

    /// `pass show x | prefs-tui set token -` where `pass` failed: no bytes at all is no value,
    /// not an empty one. An empty line is the way to store an empty text.
    @Test func nothingOnStandardInputIsRefusedAndAnEmptyLineIsAnEmptyText() throws {
        let cli = CommandLineFixture()

        let nothing = try cli.runInShell("< /dev/null", "set", "city", "-")
        let afterNothing = try cli.run("get", "city").output
        let emptyLine = try cli.runInShell("< <(printf '\\n')", "set", "city", "-")

        #expect(nothing.status == 66, "\(nothing.error)")
        #expect(nothing.error.contains("nothing on standard input for \"city\""), "\(nothing.error)")
        #expect(nothing.error.contains("nothing was changed"), "\(nothing.error)")
        #expect(afterNothing == "Oslo\n")
        // The empty text reaches city's rule (non-empty text), as `set city ""` does.
        #expect(emptyLine.status == 65, "\(emptyLine.error)")
        #expect(emptyLine.error.contains("city: \"\" is not allowed"), "\(emptyLine.error)")
    }

    @Test func invalidUTF8OnStandardInputIsRefused() throws {
        let cli = CommandLineFixture()

        let result = try cli.runInShell("< <(printf 'a\\377b\\n')", "set", "city", "-")

        #expect(result.status == 65)
        #expect(result.error.contains("not valid UTF-8"), "\(result.error)")
        #expect(try cli.run("get", "city").output == "Oslo\n")
    }

    /// What `ps` shows of a process: its arguments, from /proc.
    static func commandLine(of pid: pid_t) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "" }
        return String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
    }
}
