import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Any program's settings found by suite name (issue 39): schemas installed as gsettings
/// schemas are, every suite listed, and a misspelled suite an error.
@Suite("Installed schemas and suites by name")
struct InstalledSchemaTests {
    private let backup = #"""
        {"title": "Backup settings", "suite": "com.example.backup", "version": 2, "sections": [{"name": "Backup", "settings": [
          {"key": "keepCopies", "type": "int", "title": "Keep copies", "default": 7, "rule": {"min": 1, "max": 90}},
          {"key": "compress", "type": "bool", "title": "Compress", "default": true}]}]}
        """#

    /// The user's folder of installed schemas in the fixture (XDG_DATA_HOME is `data` there).
    private func userFolder(_ cli: CommandLineFixture) -> String { cli.directory.file("data/prefs-tui/schemas") }

    @Test func anInstalledSchemaDescribesItsSuiteWithoutSchemaOption() throws {
        let cli = CommandLineFixture()
        let file = try cli.write(backup, to: "backup.json")

        let install = try cli.run("schema", "install", file)
        let refused = try cli.run("set", "--suite", "com.example.backup", "keepCopies", "500")
        let taken = try cli.run("set", "--suite", "com.example.backup", "keepCopies", "9")
        let frame = try cli.run("render", "--suite", "com.example.backup", "--width", "80", "--height", "12")

        #expect(install.status == 0, "\(install.error)")
        #expect(install.output == "installed the schema of com.example.backup as \(userFolder(cli))/com.example.backup.json\n")
        #expect(refused.status == 65)
        #expect(refused.error == "prefs-tui: keepCopies: \"500\" is not allowed; allowed: 1…90\n", "\(refused.error)")
        #expect(taken.status == 0, "\(taken.error)")
        #expect(frame.output.contains("Keep copies"), "\(frame.output)")
        #expect(frame.output.contains("Backup settings"), "\(frame.output)")
    }

    @Test func theSchemaOptionWinsAndTheUsersSchemaWinsOverEveryones() throws {
        let cli = CommandLineFixture()
        let system = cli.directory.file("system")
        try FileManager.default.createDirectory(atPath: system + "/prefs-tui/schemas", withIntermediateDirectories: true)
        _ = try cli.write(backup.replacingOccurrences(of: "\"max\": 90", with: "\"max\": 10"), to: "system/prefs-tui/schemas/com.example.backup.json")
        let onlySystem = try cli.run(["set", "--suite", "com.example.backup", "keepCopies", "50"], environment: ["XDG_DATA_DIRS": system])
        #expect(onlySystem.status == 65, "everyone's schema was not used: \(onlySystem.error)")

        try #require(try cli.run("schema", "install", try cli.write(backup, to: "backup.json")).status == 0)
        let userFirst = try cli.run(["set", "--suite", "com.example.backup", "keepCopies", "50"], environment: ["XDG_DATA_DIRS": system])
        let given = try cli.run(["set", "--suite", "com.example.backup", "--schema", try cli.write(backup.replacingOccurrences(of: "\"max\": 90", with: "\"max\": 40"), to: "given.json"), "keepCopies", "50"])

        #expect(userFirst.status == 0, "\(userFirst.error)")
        #expect(given.status == 65, "\(given.error)")
    }

    @Test func anInstalledSchemaThatCannotBeReadIsAnErrorNamingItsFile() throws {
        let cli = CommandLineFixture()
        try FileManager.default.createDirectory(atPath: userFolder(cli), withIntermediateDirectories: true)
        let broken = try cli.write("{\"suite\": \"com.example.backup\", ", to: "data/prefs-tui/schemas/com.example.backup.json")

        let result = try cli.run("get", "keepCopies", "--suite", "com.example.backup")

        #expect(result.status == 65)
        #expect(result.error.hasPrefix("prefs-tui: schema \(broken): invalid schema at line 1"), "\(result.error)")
    }

    @Test func schemaListShowsAFolderWithALineBreakOnItsOwnRow() throws {
        // A folder's name may hold a line break; printed as it is, it split the row in two.
        let cli = CommandLineFixture()
        let data = cli.directory.file("da\nta")
        let environment = ["XDG_DATA_HOME": data]
        try #require(try cli.run(["schema", "install", try cli.write(backup, to: "backup.json")], environment: environment).status == 0)

        let listed = try cli.run(["schema", "list"], environment: environment)

        let folder = (data + "/prefs-tui/schemas").replacingOccurrences(of: "\n", with: "\\n")
        #expect(listed.lines == [
            "SUITE               TITLE            VERSION  FOLDER",
            "com.example.backup  Backup settings  2        \(folder)",
        ])
    }

    @Test func schemaListNamesWhatIsInstalledAndUninstallRemovesIt() throws {
        let cli = CommandLineFixture()
        try #require(try cli.run("schema", "install", try cli.write(backup, to: "backup.json")).status == 0)

        let listed = try cli.run("schema", "list")
        let removed = try cli.run("schema", "uninstall", "com.example.backup")
        let again = try cli.run("schema", "uninstall", "com.example.backup")
        let after = try cli.run("schema", "list")

        #expect(listed.lines == [
            "SUITE               TITLE            VERSION  FOLDER",
            "com.example.backup  Backup settings  2        \(userFolder(cli))",
        ])
        #expect(removed.status == 0)
        #expect(again.status == 66)
        #expect(after.lines == ["SUITE  TITLE  VERSION  FOLDER"])
    }

    @Test func aBrokenFileIsNotInstalledAndTheInstalledOneStays() throws {
        let cli = CommandLineFixture()
        try #require(try cli.run("schema", "install", try cli.write(backup, to: "backup.json")).status == 0)
        let installed = try String(contentsOfFile: userFolder(cli) + "/com.example.backup.json", encoding: .utf8)

        let broken = try cli.run("schema", "install", try cli.write(#"{"suite": "com.example.backup", "sections": 3}"#, to: "broken.json"))

        #expect(broken.status == 65)
        #expect(try String(contentsOfFile: userFolder(cli) + "/com.example.backup.json", encoding: .utf8) == installed)
    }

    @Test func suitesListsSuiteFilesAndInstalledSchemas() throws {
        let cli = CommandLineFixture()
        try #require(try cli.run("schema", "install", try cli.write(backup, to: "backup.json")).status == 0)
        try #require(try cli.run("set", "city", "Bergen").status == 0)
        try SuiteStore(suiteName: "org.other.app", directory: cli.directory.path, watchForChanges: false).commit(["a": .int(1), "b": .int(2)])

        let result = try cli.run("suites")

        #expect(result.lines == [
            "SUITE                TITLE            SCHEMA     STORED",
            "com.example.backup   Backup settings  installed  0",
            "com.example.weather  Weather          built-in   1",
            "org.other.app                         none       2",
        ], "\(result.output)")
    }

    @Test(arguments: [["get", "city"], ["list"], ["export"], ["watch"], ["schema"]])
    func aMisspelledSuiteIsAnErrorWithTheNearestName(command: [String]) throws {
        let cli = CommandLineFixture()
        try #require(try cli.run("set", "city", "Bergen").status == 0)

        let result = try cli.run(command + ["--suite", "com.example.wether"])

        #expect(result.status == 66)
        #expect(result.error.hasPrefix(#"prefs-tui: no settings named "com.example.wether""#), "\(result.error)")
        #expect(result.error.hasSuffix("; did you mean com.example.weather?\n"), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test func setAndImportStillCreateANewSuiteAndSaySoOnce() throws {
        let cli = CommandLineFixture()

        let result = try cli.run("set", "--suite", "org.new.app", "--type", "int", "count", "3")
        let again = try cli.run("set", "--suite", "org.new.app", "--type", "int", "count", "4")
        let imported = try cli.run("import", "--suite", "org.other.app", try cli.write(#"{"n": 1}"#, to: "n.json"))

        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "prefs-tui: note: created the suite \(cli.directory.file("org.new.app.plist")) "
            + "(no suite of that name was there; `prefs-tui suites` lists the ones there are)\n", "\(result.error)")
        #expect(again.error.isEmpty, "\(again.error)")
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.contains("note: created the suite"), "\(imported.error)")
        #expect(try cli.run("get", "count", "--suite", "org.new.app").output == "4\n")
    }

    @Test func aSuiteNewerThanItsInstalledSchemaIsSaidNamingBothVersions() throws {
        let cli = CommandLineFixture()
        try #require(try cli.run("schema", "install", try cli.write(backup, to: "backup.json")).status == 0)
        try SuiteStore(suiteName: "com.example.backup", directory: cli.directory.path, watchForChanges: false)
            .commit([PreferenceSchema.versionKey: .int(5)])

        let result = try cli.run("get", "keepCopies", "--suite", "com.example.backup")

        #expect(result.status == 0)
        #expect(result.error.contains("warning: com.example.backup is at version 5 of its settings, newer than its schema's version 2 "
            + "(\(userFolder(cli))/com.example.backup.json)"), "\(result.error)")
    }

    @Test func theExampleHostInstallsItsSchemaWithOneCall() throws {
        let cli = CommandLineFixture()

        let host = try ChildProcess.run(product: "settings-host", arguments: ["install-schema"], configHome: cli.directory.path)
        let refused = try cli.run("set", "--suite", "com.example.backup", "keepCopies", "500")

        #expect(host.status == 0, "\(host.output)")
        #expect(host.output == "host: installed the schema as \(userFolder(cli))/com.example.backup.json\n")
        #expect(refused.status == 65, "\(refused.error)")
    }
}
