import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
@testable import PrefsEditor
@testable import prefs_tui
import Testing

@Suite("prefs-tui with corrupt suites, unwritable folders, other processes and no terminal")
struct SuiteProblemCommandTests {
    @Test func readingACorruptSuiteShowsDefaultsWarnsAndLeavesTheFile() throws {
        let cli = CommandLineFixture()
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cli.plistPath))

        let result = try cli.run("get", "city")
        #expect(result.status == 0)
        #expect(result.output == "Oslo\n")
        #expect(result.error.contains("com.example.weather.plist does not hold a dictionary of settings; showing defaults and leaving the file as it is"))
        #expect(cli.plistBytes == Data("garbage".utf8))
    }

    @Test(arguments: [["list"], ["get", "city"], ["export"], ["list", "--json"]])
    func aSymlinkLoopAtTheSuitesPathWarnsNamingThePath(arguments: [String]) throws {
        let cli = CommandLineFixture()
        try FileManager.default.createSymbolicLink(atPath: cli.plistPath, withDestinationPath: cli.plistPath)

        let result = try cli.run(arguments)

        #expect(result.status == 0)
        #expect(result.error.contains("warning: \(cli.plistPath) cannot be read (Too many levels of symbolic links)"), "\(result.error)")
    }

    @Test func renderShowsTheStatusTheEditorStartsWith() throws {
        let cli = CommandLineFixture()
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cli.plistPath))
        let suite = SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false)
        let editor = EditorController(prefs: Preferences(store: suite, schema: WeatherSettings.schema), suiteName: cli.suite,
                                      width: 200, height: 24)
        let editorStatus = try #require(editor.frame().text.split(separator: "\n").last.map(String.init))

        let render = try cli.run("render", "--width", "200", "--height", "24")

        #expect(editorStatus.contains("does not hold a dictionary of settings; showing defaults"))
        #expect(render.lines.last == editorStatus)
    }

    @Test func writingOnACorruptSuitePreservesTheOldFile() throws {
        let cli = CommandLineFixture()
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cli.plistPath))

        let result = try cli.run("set", "city", "Bergen")
        #expect(result.status == 0)
        let copies = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.contains(".corrupt-") }
        #expect(copies.count == 1)
        #expect(result.error.contains("preserved as"))
        #expect(FileManager.default.contents(atPath: cli.directory.file(copies[0])) == Data("garbage".utf8))
        #expect(cli.stored == ["city": .string("Bergen")])
    }

    @Test func anUnwritableFolderIsAnIOErrorNamingThePath() throws {
        let cli = CommandLineFixture()
        let blocked = cli.directory.file("blocked")
        try Data().write(to: URL(fileURLWithPath: blocked))
        let result = try ChildProcess.run(product: "prefs-tui", arguments: ["set", "city", "Bergen"], configHome: blocked)
        #expect(result.status == 74)
        #expect(result.error == "prefs-tui: cannot write \(blocked): it is not a folder; nothing was saved\n")
    }

    @Test func concurrentSetProcessesEachLeaveTheirLastValue() async throws {
        let cli = CommandLineFixture()
        let lanes = ["city", "refreshInterval", "decimalPlaces", "temperatureNotation", "unitsNotation", "showFeelsLike"]
        let values: [String: [String]] = [
            "city": ["A", "B", "C", "D"], "refreshInterval": ["10", "20", "30", "40"],
            "decimalPlaces": ["2", "0", "1", "2"], "temperatureNotation": ["kelvin", "celsius", "kelvin", "fahrenheit"],
            "unitsNotation": ["imperial", "metric", "metric", "imperial"], "showFeelsLike": ["false", "true", "true", "false"],
        ]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for key in lanes {
                group.addTask {
                    for value in values[key]! {
                        let result = try cli.run("set", key, value)
                        #expect(result.status == 0, "\(result.error)")
                    }
                }
            }
            try await group.waitForAll()
        }
        for key in lanes {
            #expect(try cli.run("get", key).trimmedOutput == values[key]!.last!, "\(key)")
        }
    }

    @Test func aFoundationProgramReadsWhatSetWroteAndTheReverse() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "dataSource", "https://example.com/a?b=1")
        try cli.run("set", "refreshInterval", "45")
        #expect(try cli.helper("foundation-read", "com.example.weather", "dataSource").output == "String https://example.com/a?b=1\n")
        #expect(try cli.helper("foundation-read", "com.example.weather", "refreshInterval").output.hasSuffix(" 45\n"))

        #expect(try cli.helper("foundation-set-string", "com.example.weather", "city", "Trondheim").status == 0)
        #expect(try cli.run("get", "city").output == "Trondheim\n")
        #expect(try cli.run("get", "refreshInterval").output == "45\n")
    }

    @Test func watchPrintsOneLinePerChangeFromAnyProcess() async throws {
        let cli = CommandLineFixture()
        let watch = try cli.start("watch")
        defer { watch.stop(signal: SIGINT) }
        #expect(await eventually { watch.errorSoFar.contains("watching") })

        // Each change is seen before the next is made: changes that land together while the
        // watcher is still reading (a loaded machine) are one change, from the first value to
        // the last, and a set undone at once would show nothing.
        let first = "temperatureNotation: celsius → fahrenheit\n"
        let second = first + "refreshInterval: 15 → 60\n"
        let third = second + "temperatureNotation: fahrenheit → celsius\n"
        try cli.run("set", "temperatureNotation", "fahrenheit")
        #expect(await eventually { watch.outputSoFar == first }, "got: \(watch.outputSoFar)")
        try cli.helper("foundation-set-int", "com.example.weather", "refreshInterval", "60")
        #expect(await eventually { watch.outputSoFar == second }, "got: \(watch.outputSoFar)")
        try cli.run("reset", "temperatureNotation")

        #expect(await eventually { watch.outputSoFar == third }, "got: \(watch.outputSoFar)")
    }

    @Test func watchWithKeysShowsOnlyThoseKeys() async throws {
        let cli = CommandLineFixture()
        let watch = try cli.start("watch", "city")
        defer { watch.stop(signal: SIGINT) }
        #expect(await eventually { watch.errorSoFar.contains("watching") })
        try cli.run("set", "refreshInterval", "20")
        try cli.run("set", "city", "Bergen")
        #expect(await eventually { watch.outputSoFar == "city: Oslo → Bergen\n" }, "got: \(watch.outputSoFar)")
    }

    @Test func withoutATerminalTheEditorPointsAtTheCommands() throws {
        let cli = CommandLineFixture()
        for arguments in [[], ["edit"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 64)
            #expect(result.error.contains("the editor needs a terminal"))
            #expect(result.error.contains("prefs-tui list, get, set"))
        }
    }

    @Test func everyCommandHasHelp() throws {
        let cli = CommandLineFixture()
        for command in [["list"], ["get"], ["set"], ["reset"], ["export"], ["import"], ["schema", "print"], ["watch"], ["edit"]] {
            let result = try cli.run(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.output.contains("--suite"), "\(command)")
            #expect(result.output.contains("--schema"), "\(command)")
        }
        #expect(try cli.run("--generate-completion-script", "bash").output.contains("prefs-tui"))
    }
}
