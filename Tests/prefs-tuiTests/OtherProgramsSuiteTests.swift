import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

@Suite("prefs-tui on another program's suite: inferred schema and keys no schema describes")
struct OtherProgramsSuiteTests {
    /// The values `foundation-write-every-type` stores, as PrefsModel reads them.
    static let foundationValues: [String: PlistValue] = [
        "legacyMode": .bool(true),
        "retryCount": .int(3),
        "ratio": .double(2.0),
        "label": .string("Nightly backup"),
        "lastRun": .date(Date(timeIntervalSince1970: 1_795_000_000)),
        "token": .data(Data([0, 1, 2, 254, 255])),
        "excludes": .array([.string("*.tmp"), .string("cache")]),
        "windowFrame": .dictionary(["x": .int(10), "y": .int(20), "width": .int(640), "height": .int(480)]),
        "history": .array([.int(1), .string("two"), .double(3.5), .dictionary(["nested": .bool(true)])]),
        "profiles": .dictionary(["home": .dictionary(["paths": .array([.string("/home")]), "enabled": .bool(true)])]),
    ]

    static let expectedTypes: [String: String] = [
        "legacyMode": "bool", "retryCount": "int", "ratio": "double", "label": "string", "lastRun": "date",
        "token": "data", "excludes": "[string]", "windowFrame": "[string: int]", "history": "[plist]",
        "profiles": "[string: plist]",
    ]

    @Test func aSchemaFileDeclaresAPathWithARuleAndSetExpandsTheHomeFolder() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(#"{"suite": "com.example.exporter", "title": "Exporter", "sections": [{"name": "Export", "settings": ["#
            + #"{"key": "outputFolder", "type": "path", "default": "/srv/export", "rule": {"path": "folder"}, "title": "Output folder"}]}]}"#,
            to: "exporter.schema.json")
        let file = try cli.write("x", to: "a-file.txt")
        let home = cli.directory.file("home")

        let set = try cli.run(["set", "outputFolder", "~/Pictures", "--schema", schema], environment: ["HOME": home])
        let refused = try cli.run(["set", "outputFolder", file, "--schema", schema])
        let printed = try cli.run("schema", "--schema", schema)
        let typed = try cli.run("set", "--type", "path", "cache", "~", "--suite", "com.example.other")

        #expect(set.status == 0, "\(set.error)")
        #expect(try cli.run("get", "outputFolder", "--schema", schema).output == home + "/Pictures\n")
        #expect(refused.status == 65)
        #expect(refused.error.contains("allowed: an absolute path (starting with / or ~) that is a folder or does not exist yet"), "\(refused.error)")
        #expect(printed.output.contains(#""type" : "path""#) && printed.output.contains(#""path" : "folder""#), "\(printed.output)")
        #expect(typed.status == 0, "\(typed.error)")
    }

    @Test func settingAKeyNoSchemaDescribesSaysHowToAddIt() throws {
        let cli = CommandLineFixture()

        let result = try cli.run("set", "format", "png", "--suite", "com.example.photoexporter")

        #expect(result.status == 64)
        #expect(result.error == "prefs-tui: unknown key \"format\": com.example.photoexporter has no schema, and no such key yet; "
            + "to add it, give its type: prefs-tui set --type TYPE format png --suite com.example.photoexporter "
            + "(TYPE: bool, int, real, string, date, data, path, array, dict), or describe the suite with --schema FILE "
            + "(as `prefs-tui schema` prints one)\n")
        let added = try cli.run("set", "--type", "string", "format", "png", "--suite", "com.example.photoexporter")
        #expect(added.status == 0, "\(added.error)")
    }

    @Test func listJSONShowsEveryKeyOfAFoundationWrittenSuiteWithItsType() throws {
        let cli = Self.acmeFixture()
        try cli.helper("foundation-write-every-type", cli.suite)

        let entries = try listEntries(cli, "--suite", cli.suite)

        #expect(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.type) }) == Self.expectedTypes)
        #expect(entries.allSatisfy { $0.modified && $0.section == PreferenceSchema.inferredSection })
        #expect(entries.first { $0.key == "windowFrame" }?.value == .object(["x": .int(10), "y": .int(20), "width": .int(640), "height": .int(480)]))
    }

    @Test func exportThenImportIntoAnEmptyFolderReproducesAFoundationWrittenSuite() throws {
        let source = Self.acmeFixture()
        try source.helper("foundation-write-every-type", source.suite)
        #expect(source.stored == Self.foundationValues)

        for format in ["json", "plist"] {
            let backup = source.directory.file("backup.\(format)")
            #expect(try source.run("export", "--suite", source.suite, "--format", format, "--output", backup).status == 0)

            let target = Self.acmeFixture()
            let imported = try target.run("import", backup, "--suite", target.suite)

            #expect(imported.status == 0, "\(format): \(imported.error)")
            #expect(target.stored == Self.foundationValues, "\(format)")
        }
    }

    @Test func aSuiteWrittenByPythonsPlistlibIsListedAndRoundTripsExactly() throws {
        let source = Self.acmeFixture()
        try writeWithPlistlib(source, """
            {"enabled": True, "count": -7, "big": 2**62, "scale": 1.0, "tiny": 5e-324, "name": "tab\\there <&>",
             "emoji": "東京 🌧", "when": datetime.datetime(2026, 11, 21, 9, 30, 0), "raw": bytes(range(256)),
             "empty": [], "emptyDict": {}, "reals": [0.5, 1.5], "grid": [[1, 2], [3]], "tagLike": {"$date": "not a date"}}
            """)

        let types = Dictionary(uniqueKeysWithValues: try listEntries(source, "--suite", source.suite).map { ($0.key, $0.type) })
        #expect(types == ["enabled": "bool", "count": "int", "big": "int", "scale": "double", "tiny": "double",
                          "name": "string", "emoji": "string", "when": "date", "raw": "data", "empty": "[plist]",
                          "emptyDict": "[string: plist]", "reals": "[double]", "grid": "[plist]", "tagLike": "[string: string]"])

        let backup = source.directory.file("backup.json")
        try source.run("export", "--suite", source.suite, "--output", backup)
        let target = Self.acmeFixture()
        let imported = try target.run("import", backup, "--suite", target.suite)

        #expect(imported.status == 0, "\(imported.error)")
        #expect(target.stored == source.stored)
        #expect(target.stored["scale"] == .double(1.0))
        #expect(target.stored["tagLike"] == .dictionary(["$date": .string("not a date")]))
    }

    @Test func theDemoIsNotAppliedToAnotherProgramsSuite() throws {
        let cli = Self.acmeFixture()
        try cli.helper("foundation-write-every-type", cli.suite)
        let before = cli.plistBytes

        let unknown = try cli.run("set", "city", "Paris", "--suite", cli.suite)
        let typo = try cli.run("set", "retryCont", "5", "--suite", cli.suite)

        #expect(unknown.status == 64)
        #expect(unknown.error.hasPrefix("prefs-tui: unknown key \"city\": \(cli.suite) has no schema, and no such key yet; to add it"), "\(unknown.error)")
        #expect(typo.status == 64)
        #expect(typo.error == "prefs-tui: unknown key \"retryCont\"; did you mean retryCount?\n")
        #expect(cli.plistBytes == before)
    }

    @Test func anInferredKeyIsSetAndReadByItsStoredType() throws {
        let cli = Self.acmeFixture()
        try cli.helper("foundation-write-every-type", cli.suite)

        #expect(try cli.run("set", "retryCount", "5", "--suite", cli.suite).status == 0)
        #expect(try cli.run("set", "excludes", "a", "b", "--suite", cli.suite).status == 0)
        let wrongType = try cli.run("set", "legacyMode", "maybe", "--suite", cli.suite)

        #expect(cli.stored["retryCount"] == .int(5))
        #expect(cli.stored["excludes"] == .array([.string("a"), .string("b")]))
        #expect(wrongType.status == 65)
        #expect(wrongType.error.contains("legacyMode: \"maybe\" is not allowed"))
        #expect(try cli.run("get", "lastRun", "--suite", cli.suite).output == "2026-11-18T11:06:40Z\n")
    }

    @Test func schemaPrintsTheInferredSchemaWhichReadsBackAsASchemaFile() throws {
        let cli = Self.acmeFixture()
        try cli.helper("foundation-write-every-type", cli.suite)

        let printed = try cli.run("schema", "--suite", cli.suite)
        let schema = try PreferenceSchema(jsonText: printed.output)
        let file = try cli.write(printed.output, to: "acme.schema.json")
        let listed = try listEntries(cli, "--suite", cli.suite, "--schema", file)

        #expect(printed.status == 0)
        #expect(schema.suiteName == cli.suite)
        #expect(Dictionary(uniqueKeysWithValues: schema.keys.map { ($0.name, $0.type.name) }) == Self.expectedTypes)
        #expect(schema.keys.allSatisfy { $0.title == $0.name && $0.rule == .any })
        #expect(listed.map(\.key).sorted() == Self.expectedTypes.keys.sorted())
    }

    @Test func theEditorsHeaderNamesAnInferredSchemaAndTheSuiteOnce() throws {
        let cli = Self.acmeFixture()
        try cli.helper("foundation-write-every-type", cli.suite)

        let frame = try cli.run("render", "--suite", cli.suite, "--width", "100", "--height", "12")

        #expect(frame.status == 0, "\(frame.error)")
        #expect(frame.lines.first?.contains("Inferred schema · com.acme.backup") == true, "\(frame.output)")
    }

    @Test func keysTheSchemaDoesNotDescribeAreListedExportedAndKeptByResetAll() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        try cli.helper("foundation-set-string", cli.suite, "otherProgramsKey", "keep")
        try cli.helper("foundation-set-int", cli.suite, "launchCount", "12")

        let other = try #require(try listEntries(cli).first { $0.key == "otherProgramsKey" })
        let exported = try JSONValue(parsing: try cli.run("export").output)
        try cli.run("reset", "--all")

        #expect(other == ListEntry(key: "otherProgramsKey", section: nil, type: "string", value: .string("keep"), modified: true))
        #expect(exported == .object(["city": .string("Bergen"), "otherProgramsKey": .string("keep"), "launchCount": .int(12)]))
        #expect(cli.stored == ["otherProgramsKey": .string("keep"), "launchCount": .int(12)])
    }

    @Test func importWritesKeysTheSchemaDoesNotDescribeAllOrNothing() throws {
        let cli = CommandLineFixture()
        let good = try cli.write(#"{"city": "Bergen", "launchCount": 12, "lastSync": {"$date": "2026-01-02T03:04:05Z"}}"#, to: "good.json")
        let bad = try cli.write(#"{"city": "Oslo", "launchCount": 13, "refreshIntervall": 30}"#, to: "bad.json")

        let imported = try cli.run("import", good)
        let refused = try cli.run("import", bad)

        #expect(imported.status == 0, "\(imported.error)")
        #expect(refused.status == 65)
        #expect(refused.error.contains("unknown key \"refreshIntervall\"; did you mean refreshInterval?"))
        #expect(cli.stored == ["city": .string("Bergen"), "launchCount": .int(12),
                               "lastSync": .date(Date(timeIntervalSince1970: 1_767_323_045))])
    }

    @Test func integersAboveIntMaxAndDatesWithFractionsSurviveGetSetExportAndImport() throws {
        // A binary plist from plistlib, as a Mac's suite or a Python tool writes it.
        let source = Self.acmeFixture()
        try writeWithPlistlib(source, "{'serial': 2**64 - 1, 'when': datetime.datetime(2026, 1, 2, 3, 4, 5, 500000)}", binary: true)

        let printed = try source.run("get", "serial", "--suite", source.suite)
        #expect(printed.trimmedOutput == "18446744073709551615")
        #expect(try source.run("set", "serial", printed.trimmedOutput, "--suite", source.suite).status == 0)
        #expect(source.stored["serial"] == .unsignedInt(UInt64.max))

        let backup = source.directory.file("backup.json")
        try source.run("export", "--suite", source.suite, "--output", backup)
        let target = Self.acmeFixture()
        let imported = try target.run("import", backup, "--suite", target.suite)

        #expect(imported.status == 0, "\(imported.error)")
        #expect(target.stored == ["serial": .unsignedInt(UInt64.max), "when": .date(Date(timeIntervalSince1970: 1_767_323_045))])
    }

    @Test func nanAndInfinitiesSurviveAJSONExportAndImport() throws {
        let source = Self.acmeFixture()
        try writeWithPlistlib(source, "{'nan': float('nan'), 'inf': float('inf'), 'minus': float('-inf'), 'half': 0.5}")
        let backup = source.directory.file("backup.json")
        try source.run("export", "--suite", source.suite, "--output", backup)
        let target = Self.acmeFixture()

        let imported = try target.run("import", backup, "--suite", target.suite)

        #expect(imported.status == 0, "\(imported.error)")
        let stored = target.stored
        guard case .double(let nan)? = stored["nan"] else { Issue.record("nan: \(String(describing: stored["nan"]))"); return }
        #expect(nan.isNaN)
        #expect(stored["inf"] == .double(.infinity))
        #expect(stored["minus"] == .double(-.infinity))
        #expect(stored["half"] == .double(0.5))
    }

    @Test func aBackupHoldingKeysNamedLikeSchemaKeysIsRestoredWithOtherKeys() throws {
        let source = CommandLineFixture()
        try source.run("set", "city", "Bergen")
        try source.helper("foundation-set-string", source.suite, "cities", "kept")
        let backup = source.directory.file("backup.json")
        try source.run("export", "--output", backup)
        let target = CommandLineFixture()

        let refused = try target.run("import", backup)
        let restored = try target.run("import", "--other-keys", backup)

        #expect(refused.status == 65)
        #expect(refused.error.contains("--other-keys"), "\(refused.error)")
        #expect(restored.status == 0, "\(restored.error)")
        #expect(target.stored == ["city": .string("Bergen"), "cities": .string("kept")])
    }

    @Test func aPlistExportOfAKeyXMLCannotCarryFailsNamingItAndWritesNoFile() throws {
        let source = Self.acmeFixture()
        try writeWithPlistlib(source, #"{"ratio": 0.5, "bad\x02key": "v"}"#, binary: true)
        let backup = source.directory.file("backup.plist")

        let result = try source.run("export", "--suite", source.suite, "--format", "plist", "--output", backup)

        #expect(result.status == 65)
        #expect(result.error.contains(#"bad\u{2}key"#), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: backup))
    }

    @Test func aWriteBlockedByAnotherKeysTextNamesThatKeyAndSaysHowToFixIt() throws {
        let cli = Self.acmeFixture()
        try writeWithPlistlib(cli, #"{"city": "a\x1bb", "extra": "c\x1bd", "ok": "x"}"#, binary: true)
        let before = try #require(cli.plistBytes)

        let reset = try cli.run("reset", "extra", "--suite", cli.suite)
        let set = try cli.run("set", "ok", "y", "--suite", cli.suite)

        #expect(reset.status == 65)
        #expect(reset.error.hasSuffix("""
            prefs-tui: cannot save: "city" holds text an XML property list cannot carry (U+001B); nothing was saved; \
            reset "city", "extra" together first (one at a time, each is refused because of the others)

            """), "\(reset.error)")
        #expect(set.status == 65)
        #expect(set.error.hasSuffix("""
            prefs-tui: cannot save: "city", "extra" hold text an XML property list cannot carry (U+001B); nothing was saved; \
            reset "city", "extra" together first (one at a time, each is refused because of the others)

            """), "\(set.error)")
        #expect(cli.plistBytes == before)

        let together = try cli.run("reset", "city", "extra", "--suite", cli.suite)

        #expect(together.status == 0, "\(together.error)")
        #expect(cli.stored == ["ok": .string("x")])
    }

    // MARK: Helpers

    static func acmeFixture() -> CommandLineFixture {
        var cli = CommandLineFixture()
        cli.suite = "com.acme.backup"
        return cli
    }

    struct ListEntry: Equatable {
        var key: String
        var section: String?
        var type: String
        var value: JSONValue
        var modified: Bool
    }

    /// `list --json`, decoded.
    func listEntries(_ cli: CommandLineFixture, _ arguments: String...) throws -> [ListEntry] {
        let result = try cli.run(["list", "--json"] + arguments)
        #expect(result.status == 0, "\(result.error)")
        guard case .array(let items) = try JSONValue(parsing: result.output) else { return [] }
        return items.compactMap { item in
            guard case .object(let fields) = item, case .string(let key)? = fields["key"],
                  case .string(let type)? = fields["type"], case .bool(let modified)? = fields["modified"] else { return nil }
            return ListEntry(key: key, section: fields["section"]?.stringValue, type: type,
                             value: fields["value"] ?? .null, modified: modified)
        }
    }

    /// Writes the fixture's suite file with Python's plistlib from a Python dictionary literal;
    /// `binary` for text the XML form cannot carry (plistlib refuses control characters there).
    func writeWithPlistlib(_ cli: CommandLineFixture, _ dictionary: String, binary: Bool = false) throws {
        let format = binary ? "plistlib.FMT_BINARY" : "plistlib.FMT_XML"
        let script = "import datetime, plistlib, sys\nplistlib.dump(\(dictionary), open(sys.argv[1], 'wb'), fmt=\(format))"
        let python = ChildProcess(executablePath: "/usr/bin/env", arguments: ["python3", "-c", script, cli.plistPath],
                                  configHome: cli.directory.path)
        try python.start()
        let result = python.finish()
        #expect(result.status == 0, "\(result.error)")
    }
}
