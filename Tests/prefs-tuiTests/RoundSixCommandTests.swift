import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// Round 6 of hostile input (issue 50), as the commands meet it: names and schema texts that
/// carry escape sequences, standard output named as a file, writes that must keep the rules
/// across settings, secrets under old names, unreadable values named.
@Suite("Round 6 of hostile input: commands")
struct RoundSixCommandTests {
    /// A schema whose every text the plain mode shows holds an OSC sequence that renames the
    /// window, or a C1 CSI.
    static let escapingSchema = #"""
        {"title": "T\u001b]0;pwned\u0007", "suite": "com.evil.plain", "sections": [
          {"name": "S\u001b]0;section\u0007", "settings": [
            {"key": "n", "type": "int", "title": "Count", "default": 1, "unit": "u\u001b[31m\u009b1m"},
            {"key": "c", "type": "string", "title": "Choice", "default": "a",
             "rule": {"choices": [{"value": "a", "title": "A\u001b]0;choice\u0007"}, {"value": "b", "title": "B"}]}}]}]}
        """#

    static let ordered = #"""
        {"suite": "com.example.pair", "rules": [{"ordered": ["low", "high"]}], "sections": [{"name": "Pair", "settings": [
          {"key": "low", "type": "int", "default": 40},
          {"key": "high", "type": "int", "default": 60}]}]}
        """#

    @Test func thePlainModeWritesNoEscapeSequenceFromTheSchema() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(Self.escapingSchema, to: "evil.json")

        let result = try cli.runInShell("< <(printf '1\\n\\n2\\n\\nl\\nq\\n')", ["--plain", "--schema", schema], environment: ["TERM": "dumb"])

        #expect(result.status == 0, "\(result.error)")
        #expect(!result.output.unicodeScalars.contains { $0.isControlCharacter && $0 != "\n" }, "\(result.output.debugDescription)")
        #expect(result.output.contains(#"T\u{1B}]0;pwned\u{7}, suite com.evil.plain"#), "\(result.output)")
        #expect(result.output.contains(#"S\u{1B}]0;section\u{7}"#))
        #expect(result.output.contains(#"A\u{1B}]0;choice\u{7}"#))
        #expect(result.output.contains(#"u\u{1B}[31m\u{9B}1m"#))
    }

    @Test func thePlainModeInARealTerminalKeepsTheWindowTitle() async throws {
        let folder = TemporaryDirectory()
        try Self.escapingSchema.write(toFile: folder.file("evil.json"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(["--plain", "--schema", folder.file("evil.json")], width: 120, height: 30, directory: folder,
                                      environment: ["TERM": "dumb"])
        let titleBefore = try session.tmux(["display-message", "-p", "-t", "e", "#{pane_title}"])
        #expect(await session.waitFor("Setting (number or name"), "\(session.screen())")

        try session.type("2")
        try session.press("Enter")
        #expect(await session.waitFor("Choice (number or name"), "\(session.screen())")

        let title = try session.tmux(["display-message", "-p", "-t", "e", "#{pane_title}"])
        #expect(!title.contains("pwned") && !title.contains("section") && !title.contains("choice"), "\(title)")
        #expect(title == titleBefore)
        #expect(session.screen().contains(#"A\u{1B}]0;choice\u{7}"#), "\(session.screen())")
    }

    @Test func watchEscapesANameAnotherProgramChanged() async throws {
        let cli = CommandLineFixture()
        // C1's CSI and DEL: what an XML property list can carry of the control characters.
        let name = "k\u{9B}0;pwned\u{7F}ey"
        let store = SuiteStore(suiteName: "com.other.app", directory: cli.directory.path, watchForChanges: false)
        try store.commit([name: .int(7)])
        let watch = try cli.start("watch", "--suite", "com.other.app")
        defer { watch.stop() }
        #expect(await eventually { watch.errorSoFar.contains("watching") })

        try store.commit([name: .int(9)])

        #expect(await eventually { watch.outputSoFar.contains(#"k\u{9B}0;pwned\u{7F}ey: 7 → 9"#) }, "\(watch.outputSoFar.debugDescription)")
        #expect(!watch.outputSoFar.unicodeScalars.contains { $0.isControlCharacter && $0 != "\n" })
    }

    @Test func anExportToStandardOutputAppendsWhereTheShellOpenedIt() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        let log = try cli.write("a\n", to: "log")
        chmod(log, 0o644)

        let appended = try cli.runInShell(">> '\(log)'", "export", "--output", "/dev/stdout")
        let block = try ChildProcess.run(
            executablePath: "/bin/bash",
            arguments: ["-c", #"{ echo header; "$0" export --output /dev/stdout; "$0" export --output /proc/self/fd/1; echo footer; } > "$1""#,
                        CommandLineFixture.binary, cli.directory.file("block")],
            configHome: cli.directory.path)

        #expect(appended.status == 0, "\(appended.error)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("a\n{"), "\(text)")
        #expect(text.contains("Bergen"))
        var info = stat()
        #expect(stat(log, &info) == 0 && info.st_mode & 0o777 == 0o644, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(block.status == 0, "\(block.error)")
        let lines = try String(contentsOfFile: cli.directory.file("block"), encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "header" && lines.last == "footer", "\(lines)")
        #expect(lines.filter { $0.contains("Bergen") }.count == 2)
    }

    @Test func renameIntoASettingKeepsTheRulesAcrossSettings() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(Self.ordered, to: "pair.json")
        try #require(try cli.run("set", "high", "50", "--schema", schema).status == 0)
        try SuiteStore(suiteName: "com.example.pair", directory: cli.directory.path, watchForChanges: false).commit(["foo": .int(95)])

        let result = try cli.run("rename", "foo", "low", "--schema", schema)

        #expect(result.status == 65, "\(result.output) \(result.error)")
        #expect(result.error.contains("low") && result.error.contains("high"), "\(result.error)")
        #expect(try cli.run("get", "low", "--schema", schema).output == "40\n")
        #expect(SuiteStore(suiteName: "com.example.pair", directory: cli.directory.path, watchForChanges: false).storedValue(forKey: "foo") == .int(95))
    }

    @Test func renameAwayFromASettingKeepsTheRulesAcrossSettings() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(Self.ordered, to: "pair.json")
        try #require(try cli.run("set", "low", "30", "--schema", schema).status == 0)
        try #require(try cli.run("set", "high", "35", "--schema", schema).status == 0)

        let result = try cli.run("rename", "low", "lowBackup", "--schema", schema)

        // low would go back to its default 40, above high's 35: refused, as `reset low` is.
        #expect(result.status == 65, "\(result.output) \(result.error)")
        #expect(try cli.run("get", "low", "--schema", schema).output == "30\n")
        #expect(try cli.run("reset", "low", "--schema", schema).status == 65)
    }

    @Test func migrateNeverQuotesASecretKeptUnderItsOldName() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.example.tokens"
        let schema = try cli.write(#"""
            {"suite": "com.example.tokens", "sections": [{"name": "S", "settings": [
              {"key": "token", "type": "string", "default": "", "secret": true, "rule": {"maxLength": 4}, "renamedFrom": ["apiToken"]}]}]}
            """#, to: "tokens.json")
        try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false)
            .commit(["apiToken": .string("LONG-S3CRET")])

        let dry = try cli.run("migrate", "--dry-run", "--schema", schema)
        let done = try cli.run("migrate", "--schema", schema)

        for result in [dry, done] {
            #expect(result.output.contains("apiToken: (secret) kept"), "\(result.output)")
            #expect(!(result.output + result.error).contains("S3CRET"), "\(result.output) \(result.error)")
        }
    }

    @Test(arguments: [["list", "--json"], ["export"], ["export", "--effective"], ["schema"], ["schema", "--format", "json-schema"]])
    func jsonOutputEscapesC1Controls(arguments: [String]) throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(#"""
            {"title": "C1\u009b2J", "suite": "com.example.c1", "sections": [{"name": "S", "settings": [
              {"key": "text", "type": "string", "title": "Te\u0085xt", "default": "d\u009bef"}]}]}
            """#, to: "c1.json")
        // Another program's key, named with a C1 CSI and DEL (which an XML property list carries).
        try SuiteStore(suiteName: "com.example.c1", directory: cli.directory.path, watchForChanges: false)
            .commit(["other\u{9B}1m\u{7F}": .int(1)])

        let result = try cli.run(arguments + ["--schema", schema])

        #expect(result.status == 0, "\(result.error)")
        #expect(!result.output.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, "\(result.output.debugDescription)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        #expect(String(describing: parsed).isEmpty == false)
        #expect(result.output.contains(#"\u009b"#) || result.output.contains(#"\u009B"#), "\(result.output)")
    }

    @Test func aWholeNumberWiderThan64BitsIsNamedWithItsKey() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.example.big"
        try #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>ok</key><integer>5</integer><key>huge</key><integer>123456789012345678901234567890</integer></dict></plist>
            """#.write(toFile: cli.plistPath, atomically: true, encoding: .utf8)

        let result = try cli.run("list", "--suite", cli.suite)

        #expect(result.error.contains(#""huge""#), "\(result.error)")
        #expect(result.error.contains("wider than 64 bits"), "\(result.error)")
    }

    @Test func aFIFOInstalledAsASchemaIsRefusedNamingItAndTheOtherSuitesAreListed() async throws {
        let cli = CommandLineFixture()
        let folder = cli.directory.file("data/prefs-tui/schemas")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/com.fifo.json", 0o644) == 0)
        try #"{"suite": "com.good", "title": "Good", "sections": []}"#.write(toFile: folder + "/com.good.json", atomically: true, encoding: .utf8)
        let environment = ["XDG_DATA_HOME": cli.directory.file("data")]

        let suites = try cli.run(["suites"], environment: environment)
        let list = try cli.run(["schema", "list"], environment: environment)
        let get = try cli.run(["get", "--suite", "com.fifo", "x"], environment: environment)

        #expect(suites.status == 0 && suites.output.contains("com.good") && suites.output.contains("Good"), "\(suites.output)")
        #expect(suites.error.contains("com.fifo.json") && suites.error.contains("not a regular file"), "\(suites.error)")
        #expect(list.status == 0 && list.output.contains("com.good"), "\(list.output)")
        #expect(get.status == 65, "\(get.error)")
        #expect(get.error.contains("com.fifo.json") && get.error.contains("not a regular file"), "\(get.error)")
    }

    @Test(arguments: ["dangling", "loop", "folder"])
    func aBrokenInstalledSchemaIsAnErrorNamingItNeverIgnored(kind: String) throws {
        let cli = CommandLineFixture()
        let folder = cli.directory.file("data/prefs-tui/schemas")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/com.broken.json"
        switch kind {
        case "dangling": #expect(symlink(folder + "/nowhere.json", path) == 0)
        case "loop": #expect(symlink(path, path) == 0)
        default: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let environment = ["XDG_DATA_HOME": cli.directory.file("data")]

        let set = try cli.run(["set", "n", "7", "--suite", "com.broken"], environment: environment)
        let list = try cli.run(["list", "--suite", "com.broken"], environment: environment)

        for result in [set, list] {
            #expect(result.status == 65, "\(kind): \(result.status) \(result.error)")
            #expect(result.error.contains("com.broken.json"), "\(result.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("com.broken.plist")))
    }

    /// A popup wide enough to be moved left over the titles, whose wide characters it then
    /// covers half of (found at 50 to 53 columns; the hostile suite's random renders try others).
    @Test(arguments: 50...53)
    func renderNeverPrintsALineWiderThanItsWidthUnderThePopup(width: Int) throws {
        let cli = CommandLineFixture()
        let wide = String(repeating: "漢字", count: 12)
        let choice = String(repeating: "漢字", count: 10)
        let rows = (0..<4).map { #"{"key": "t\#($0)", "type": "string", "title": "\#(String(repeating: "x", count: $0) + wide)", "default": "\#(wide)"}"# }
        let schema = try cli.write("""
            {"title": "W", "suite": "com.example.wide", "sections": [{"name": "S", "settings": [
              {"key": "a", "type": "string", "title": "\(wide)", "default": "\(wide)"},
              {"key": "c", "type": "string", "title": "Choice", "default": "x",
               "rule": {"choices": [{"value": "x", "title": "\(choice)"}, {"value": "y", "title": "y\(choice)"}, {"value": "z", "title": "z"}]}},
              \(rows.joined(separator: ",\n"))]}]}
            """, to: "wide.json")

        let result = try cli.run("render", "--schema", schema, "--width", String(width), "--keys", "down enter")

        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("┌─ Choice"), "\(result.output)")
        for line in result.lines {
            #expect(DisplayWidth.of(line) <= width, "\(DisplayWidth.of(line)) columns: \(line)")
        }
    }

    @Test func homeAndEndInAFieldUnderTmuxWithXtermsTerminfoMoveTheCursor() async throws {
        // tmux sends ESC [1~ and ESC [4~ for Home and End; xterm-256color names them otherwise.
        let session = try TmuxSession(environment: ["TERM": "xterm-256color"])
        #expect(await session.waitFor("Weather ·"))
        try session.press("Tab", "Enter", "C-u")
        try session.type("ab")

        try session.press("Home")
        try session.type("X")
        try session.press("End")
        try session.type("Y")
        try session.press("Enter")

        #expect(await session.waitFor("Saved city = XabY"), "\(session.screen())")
        try session.press("q")
        #expect(await eventually { session.exitStatus == "0" })
    }

    @Test func homeAndEndAsTmuxSendsThemForXtermMoveInAField() throws {
        let decoder = NcursesTerminal.decoder

        // xterm's terminfo calls ESC [1~ and ESC [4~ Find and Select; they are Home and End.
        #expect(decoder.decode(.keyCode(0o552)) == .key(.home))
        #expect(decoder.decode(.keyCode(0o601)) == .key(.end))
    }
}

/// What `schema install` and `schema uninstall` make of an installed name that is no schema file.
@Suite("Installing over what is no schema file")
struct InstallOverBrokenSchemaTests {
    @Test(arguments: ["fifo", "dangling"])
    func installReplacesItAndUninstallRemovesIt(kind: String) async throws {
        let cli = CommandLineFixture()
        let folder = cli.directory.file("data/prefs-tui/schemas")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/com.example.pair.json"
        if kind == "fifo" { #expect(mkfifo(path, 0o644) == 0) } else { #expect(symlink(folder + "/nowhere.json", path) == 0) }
        let environment = ["XDG_DATA_HOME": cli.directory.file("data")]
        let schema = try cli.write(#"{"suite": "com.example.pair", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 1}]}]}"#,
                                   to: "pair.json")

        let removed = try cli.run(["schema", "uninstall", "com.example.pair"], environment: environment)
        if kind == "fifo" { #expect(mkfifo(path, 0o644) == 0) } else { #expect(symlink(folder + "/nowhere.json", path) == 0) }
        let child = ChildProcess(product: "prefs-tui", arguments: ["schema", "install", schema], configHome: cli.directory.path, environment: environment)
        try child.start()
        let installed = await child.finish(within: .seconds(20)) ?? child.stop(signal: SIGKILL)

        #expect(removed.status == 0, "\(removed.error)")
        #expect(installed.status == 0, "\(installed.error)")
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        #expect(try cli.run(["get", "n", "--suite", "com.example.pair"], environment: environment).output == "1\n")
    }
}
