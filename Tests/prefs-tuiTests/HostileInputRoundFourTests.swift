import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// Round 4 of hostile input (issue 28): each case of the review, as it was met, and what must
/// happen instead. The terminal's own cases (reports typed into a field, a stop sent from
/// outside) are in ``TerminalMouseTests``.
@Suite("Hostile input, round 4")
struct HostileInputRoundFourTests {
    // MARK: Input that ended the process

    @Test func aClickReportWithAHugeRowOrColumnIsNoClick() {
        let editor = EditorHarness(width: 60, height: 12)
        editor.press(.character("M"), .end)
        let before = editor.screen

        for parameters in ["0;1;9223372036854775807", "0;9223372036854775807;1", "0;1;99999999999999999999", "0;5000000;3"] {
            #expect(MouseEvent.sgr(parameters: parameters, final: "M") == nil, "\(parameters)")
        }
        // An event the decoder never makes still cannot overflow the update's arithmetic.
        for (x, y) in [(0, Int.max), (Int.max, 3), (5_000, 3), (Int.min, Int.min), (3, -1)] {
            editor.controller.send(.mouse(MouseEvent(action: .press(button: 0), x: x, y: y)))
        }

        #expect(editor.screen == before)
    }

    @Test func aReportIsReadToItsFinalByteAndWhatCutsItOffIsDroppedWithIt() {
        func feed(_ text: String, into report: inout SGRMouseReport) -> [SGRMouseReport.Outcome] {
            text.unicodeScalars.map { report.feed($0.value) }
        }
        for malformed in ["0;-1;3M", "0,30,5M", "0;30;5 12M", "0;30;5\u{1B}[A", "0;30;5\u{1B}OA", "0;1;1q",
                          String(repeating: "1", count: 40) + ";1;1M"] {
            var report = SGRMouseReport()
            let outcomes = feed(malformed, into: &report)
            #expect(outcomes.last == .finished(nil), "\(malformed.debugDescription)")
            #expect(outcomes.dropLast().allSatisfy { $0 == .incomplete }, "\(malformed.debugDescription)")
        }
        var split = SGRMouseReport()
        #expect(feed("0;", into: &split).allSatisfy { $0 == .incomplete })
        #expect(feed("12;5M", into: &split).last == .finished(MouseEvent(action: .press(button: 0), x: 11, y: 4)))
        var restarted = SGRMouseReport()
        #expect(feed("0;30;5\u{1B}[<0;2;3M", into: &restarted).last == .finished(MouseEvent(action: .press(button: 0), x: 1, y: 2)))
        var interrupted = SGRMouseReport()
        #expect(feed("0;3", into: &interrupted).allSatisfy { $0 == .incomplete })
        #expect(interrupted.feed(13) == .interrupted)        // Enter is input of its own
        var wide = SGRMouseReport()
        #expect(wide.feed(0x00E9) == .interrupted)           // é cannot be part of a report
    }

    @Test func thePlainModeTakesTheSmallestNumberAsNoEntry() throws {
        let cli = CommandLineFixture()
        let input = try cli.write(["-9223372036854775808", "r -9223372036854775808", "1", "-9223372036854775808", "", "q"]
            .joined(separator: "\n") + "\n", to: "input.txt")

        let result = try cli.runInShell("< '\(input)'", "--plain")

        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains(#"No setting "-9223372036854775808": type a number from 1 to 11, or a key name."#))
        #expect(result.output.contains(#"No setting "-9223372036854775808" to reset"#))
        #expect(result.output.contains("Temperature stays Celsius."), "\(result.output)")
        #expect(cli.stored.isEmpty)
    }

    // MARK: Locks under old names

    private struct Site {
        let cli = CommandLineFixture()
        let folder = TemporaryDirectory()
        var environment: [String: String] { ["XDG_CONFIG_DIRS": folder.path] }
        var locksPath: String { folder.file(cli.suite + ".locks") }

        func lock(_ names: String...) throws {
            try Data(names.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: locksPath))
        }

        @discardableResult
        func run(_ arguments: String...) throws -> ChildProcess.Result { try cli.run(arguments, environment: environment) }
    }

    @Test func aLockUnderASettingsOldNameLocksItForEveryCommand() throws {
        let site = Site()
        try site.lock("unitSystem")                           // the demo renamed it unitsNotation

        let set = try site.run("set", "unitsNotation", "imperial")

        #expect(set.status == 77, "\(set.error)")
        #expect(set.error.contains("unitsNotation is locked by \(site.locksPath)"), "\(set.error)")
        #expect(!set.error.contains("no setting"), "\(set.error)")
        #expect(site.cli.stored.isEmpty)
        #expect(try site.run("reset", "unitsNotation").status == 77)
        #expect(try site.run("get", "--json", "--explain", "unitsNotation").output.contains(site.locksPath))
        let input = try site.cli.write("unitsNotation\nq\n", to: "input.txt")
        let plain = try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", #"exec "$0" --plain < "$1""#,
                                                                                 CommandLineFixture.binary, input],
                                         configHome: site.cli.directory.path, environment: site.environment)
        let screen = try site.run("render", "--width", "200", "--keys", "down right")
        #expect(plain.output.contains("unitsNotation is locked by \(site.locksPath): the site sets it for everyone.\n"), "\(plain.output)")
        // The full screen asks the same question of the site (it asked by the new name only).
        #expect(screen.output.contains("⊘ Units "), "\(screen.output)")
        #expect(screen.output.contains("unitsNotation is locked by \(site.locksPath)"), "\(screen.output)")
    }

    @Test func aMigrationLeavesALockedSettingsValueWhereItIs() throws {
        let site = Site()
        try SuiteStore(suiteName: site.cli.suite, directory: site.cli.directory.path, watchForChanges: false)
            .commit(["unitSystem": .string("imperial"), "showRadar": .bool(true)])
        try site.lock("unitsNotation")

        let migrate = try site.run("migrate")
        let set = try site.run("set", "city", "Hamar")

        #expect(migrate.status == 0, "\(migrate.error)")
        #expect(migrate.output.contains("unitSystem: \"imperial\" kept (unitsNotation is locked by \(site.locksPath))"), "\(migrate.output)")
        #expect(set.status == 0, "\(set.error)")
        #expect(site.cli.stored == ["unitSystem": .string("imperial"), "city": .string("Hamar")])
    }

    // MARK: Text that is not UTF-8

    @Test func bytesThatAreNotUTF8OnTheCommandLineAreRefused() throws {
        let cli = CommandLineFixture()
        func shell(_ command: String) throws -> ChildProcess.Result {
            try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", command, CommandLineFixture.binary],
                                 configHome: cli.directory.path)
        }

        let value = try shell(#"exec "$0" set city $'Troms\xf8'"#)
        let key = try shell(#"exec "$0" set --type string $'k\xff' v"#)

        #expect(value.status == 65)
        #expect(value.error == "prefs-tui: argument 3 \"Troms\\xf8\" is not UTF-8 text: keys, values and names must be\n")
        #expect(key.status == 65)
        #expect(key.error.contains(#""k\xff" is not UTF-8 text"#), "\(key.error)")
        #expect(cli.plistBytes == nil)
    }

    @Test func aPlainAnswerThatIsNotUTF8IsRefusedAndAskedAgain() throws {
        let cli = CommandLineFixture()
        var input = Data("4\n".utf8)
        input.append(contentsOf: Array("Troms".utf8) + [0xF8, 0x0A])
        input.append(Data("Bergen\nq\n".utf8))
        let path = cli.directory.file("input.bin")
        try input.write(to: URL(fileURLWithPath: path))

        let result = try cli.runInShell("< '\(path)'", "--plain")

        #expect(result.status == 0)
        #expect(result.output.contains("That line was not taken: it is not UTF-8 text. Nothing was changed.\nNew value for City"), "\(result.output)")
        #expect(cli.stored == ["city": .string("Bergen")])
    }

    // MARK: Limits

    @Test func aSuiteFileOverTheLimitIsRefusedUnreadAndLeftAsItIs() throws {
        let cli = CommandLineFixture()
        let site = TemporaryDirectory()
        let huge = Data(repeating: 0x20, count: FileSizeLimit.suiteFile + 1)
        try huge.write(to: URL(fileURLWithPath: site.file(cli.suite + ".plist")))
        try huge.write(to: URL(fileURLWithPath: cli.plistPath))

        let get = try cli.run(["get", "city"], environment: ["XDG_CONFIG_DIRS": site.path])
        let set = try cli.run(["set", "city", "Hamar"], environment: ["XDG_CONFIG_DIRS": site.path])

        #expect(get.status == 0)
        #expect(get.output == "Oslo\n")
        let limit = "over the limit of 32 MB (33554432 bytes) for a suite file"
        #expect(get.error.contains("\(cli.plistPath) is 32.0 MB (33554433 bytes), \(limit)"), "\(get.error)")
        #expect(get.error.contains("\(site.file(cli.suite + ".plist")) is 32.0 MB (33554433 bytes), \(limit)"), "\(get.error)")
        #expect(set.status == 74)
        #expect(cli.plistBytes == huge)
    }

    @Test func anImportTooLargeForAnySuiteIsRefusedWhileItIsRead() throws {
        // 1.6 million numbers: 3.2 MB of JSON, more than 32 MB as a suite's XML.
        let cli = CommandLineFixture()
        let file = try cli.write(#"{"samples": ["#  + Array(repeating: "1", count: 1_600_000).joined(separator: ",") + "]}", to: "numbers.json")

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error == "prefs-tui: \(file): nothing imported: its values take more than the limit of 32 MB (33554432 bytes) for a suite file\n")
        #expect(cli.plistBytes == nil)
    }

    @Test func aWriteSurelyOverTheSuiteLimitIsRefusedBeforeItsDocumentIsMade() throws {
        let directory = TemporaryDirectory()
        let store = SuiteStore(suiteName: "large", directory: directory.path, watchForChanges: false)
        let numbers = PlistValue.array(Array(repeating: .int(1), count: 1_600_000))

        let error = #expect(throws: PreferenceError.self) { try store.commit(["numbers": numbers], by: nil) }

        #expect(error.map { "\($0)" }?.contains("the suite would be at least 35.1 MB (36800212 bytes), over the limit of 32 MB (33554432 bytes) "
            + "for a suite file; nothing was written") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: directory.file("large.plist")))
    }

    @Test func aPasteOverTheLimitIsRefusedWhole() {
        let editor = EditorHarness()
        editor.select("City")
        editor.press(.enter)

        editor.paste(String(repeating: "x", count: EditorState.pasteLimit + 1))

        #expect(editor.status == " Paste refused: it is longer than 65536 characters", "\(editor.status)")
        editor.press(.enter)
        #expect(editor.stored("city") == nil)
    }

    // MARK: Migrations

    @Test func aStepRunsOnlyInTheCommitThatRecordsItNeverFromARead() throws {
        let counted = Locked(0)
        let interval = PreferenceKey<Int>("interval", default: 5)
        let schema = PreferenceSchema(title: "App", suiteName: "app", keys: [interval], migrationSteps: [
            MigrationStep(to: 2) { suite in
                counted.withLock { $0 += 1 }
                suite["interval"] = .int(7)
            },
        ])
        let store = InMemoryStore(["old": .int(1)])
        let prefs = Preferences(store: store, schema: schema)

        _ = prefs.diagnostics()
        _ = prefs.migrationPlan()
        #expect(counted.withLock { $0 } == 0)
        try prefs.migrate()
        #expect(counted.withLock { $0 } == 1)
        try prefs.migrate()
        try prefs.set(9, for: interval)

        #expect(counted.withLock { $0 } == 1)
        #expect(store.storedValues() == ["old": .int(1), "interval": .int(9), PreferenceSchema.versionKey: .int(2)])
    }

    @Test func theRecordOfTheVersionIsNoRenameTargetAndABackupCannotClaimAnyVersion() throws {
        var cli = CommandLineFixture()
        cli.suite = "app"
        try SuiteStore(suiteName: "app", directory: cli.directory.path, watchForChanges: false).commit(["x": .int(99)])
        let backup = try cli.write(#"{"prefs.schemaVersion": 9223372036854775807, "city": "Bergen"}"#, to: "backup.json")

        let rename = try cli.run("rename", "--suite", "app", "x", PreferenceSchema.versionKey)
        let imported = try cli.run("import", "--suite", "app", backup)

        #expect(rename.status == 65, "\(rename.error)")
        #expect(rename.error.contains("prefs.schemaVersion is where the suite records its schema version"), "\(rename.error)")
        #expect(imported.status == 65, "\(imported.error)")
        #expect(imported.error.contains("a schema version: a whole number (an integer) from 0 to 1000000"), "\(imported.error)")
        #expect(cli.stored == ["x": .int(99)])
    }

    @Test func aDamagedVersionIsReportedInTheProgramsVoiceQuotedOnce() throws {
        let cli = CommandLineFixture()
        try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false)
            .commit([PreferenceSchema.versionKey: .string("2"), "unitSystem": .string("imperial")])
        let schema = try cli.write(#"{"suite": "com.example.weather", "version": 3, "sections": [{"name": "S", "settings": [{"key": "city", "type": "string", "default": "Oslo"}]}]}"#,
                                   to: "schema.json")

        let set = try cli.run("set", "--schema", schema, "city", "Hamar")

        #expect(set.status == 0, "\(set.error)")
        #expect(set.error.hasPrefix("prefs-tui: warning: prefs.schemaVersion: \"2\" is not allowed"), "\(set.error)")
        #expect(!set.error.contains(#""""#), "\(set.error)")
    }

    // MARK: Noticed earlier

    @Test func anIgnoredValueSaysWhatIsReadInsteadOfIt() throws {
        let site = Site()
        try SuiteStore(suiteName: site.cli.suite, directory: site.cli.directory.path, watchForChanges: false)
            .commit(["refreshInterval": .string("soon")])
        try PlistValue.xmlPropertyList(["refreshInterval": .int(30)])
            .write(to: URL(fileURLWithPath: site.folder.file(site.cli.suite + ".plist")))
        try site.lock("refreshInterval")

        let get = try site.run("get", "refreshInterval")

        #expect(get.output == "30\n")
        #expect(get.error.contains("refreshInterval: stored value \"soon\" ignored, using the value locked by \(site.locksPath)"), "\(get.error)")
        #expect(!get.error.contains("using the default"), "\(get.error)")
    }

    @Test func aRenameCarriesOutAPendingMigrationAsAnyWriteDoes() throws {
        let cli = CommandLineFixture()
        try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false)
            .commit(["unitSystem": .string("imperial"), "scratch": .int(1)])

        let rename = try cli.run("rename", "scratch", "kept")

        #expect(rename.status == 0, "\(rename.error)")
        #expect(cli.stored == ["unitsNotation": .string("imperial"), "kept": .int(1)])
    }

    @Test func aPlistImportWithAKeyTwiceOrInTwoNormalizationsIsRefusedNamingBoth() throws {
        let cli = CommandLineFixture()
        func plist(_ entries: String) -> Data {
            Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#.utf8) + Data(entries.utf8) + Data("</dict></plist>".utf8)
        }
        let twice = cli.directory.file("twice.plist")
        try plist("<key>city</key><string>Bergen</string><key>city</key><string>Hamar</string>").write(to: URL(fileURLWithPath: twice))
        let normalizations = cli.directory.file("normalizations.plist")
        try plist("<key>caf\u{E9}</key><string>a</string><key>cafe\u{301}</key><string>b</string>").write(to: URL(fileURLWithPath: normalizations))

        let first = try cli.run("import", twice)
        let second = try cli.run("import", normalizations)

        #expect(first.status == 65)
        #expect(first.error.contains(#"nothing imported: the file holds the key "city" twice"#), "\(first.error)")
        let nested = try cli.run("import", try cli.write(String(decoding: plist("<key>window</key><dict><key>x</key><integer>1</integer><key>x</key><integer>2</integer></dict>"), as: UTF8.self), to: "nested.plist"))
        #expect(nested.status == 65)
        #expect(nested.error.contains(#"holds the key "x" twice in one dictionary"#), "\(nested.error)")
        #expect(second.status == 65)
        #expect(second.error.contains(#"the keys "caf\u{E9}" and "cafe\u{301}" in one dictionary, the same text in two Unicode normalizations"#),
                "\(second.error)")
        #expect(cli.plistBytes == nil)
    }

    @Test func aSuiteFileWithOneKeyInTwoNormalizationsIsRefusedOnReadAndKeptWhole() throws {
        let cli = CommandLineFixture()
        let file = Data((#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>caf\#u{E9}</key><string>a</string>"#
            + #"<key>cafe\#u{301}</key><string>b</string><key>city</key><string>Bergen</string></dict></plist>"#).utf8)
        try file.write(to: URL(fileURLWithPath: cli.plistPath))
        let named = #"holds the keys "caf\u{E9}" and "cafe\u{301}" in one dictionary, the same text in two Unicode normalizations"#

        let get = try cli.run("get", "city")
        let set = try cli.run("set", "city", "Hamar")

        #expect(get.error.contains(named), "\(get.error)")
        #expect(get.output == "Oslo\n")
        #expect(set.error.contains(named) && set.error.contains("preserved as"), "\(set.error)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.contains(".corrupt-") }
        #expect(copies.count == 1)
        #expect(FileManager.default.contents(atPath: cli.directory.file(copies.first ?? "")) == file)
    }

    @Test func anExportDoesNotCarryALenientReadingIntoABackup() throws {
        let cli = CommandLineFixture()
        let file = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>blob</key><data>YWJj ZA</data>"#
            + #"<key>city</key><string>Bergen</string><key>lastRefresh</key><date>2024-02-30T10:00:00Z</date></dict></plist>"#
        try Data(file.utf8).write(to: URL(fileURLWithPath: cli.plistPath))

        let export = try cli.run("export")

        #expect(export.status == 0)
        #expect(try JSONValue(parsing: export.output) == .object(["city": .string("Bergen")]))
        #expect(export.error.contains("not exported: lastRefresh: the file holds <date>2024-02-30T10:00:00Z</date>, read leniently as"), "\(export.error)")
        #expect(export.error.contains("not exported: blob: the file holds <data>YWJj ZA</data>"), "\(export.error)")
        #expect(cli.plistBytes == Data(file.utf8))
    }

    // MARK: Found by the fuzz targets

    @Test func aWholeNumberRuleUpToIntMaxIsWrittenSoThatItReadsBack() throws {
        let rule = RuleDescription.range(min: nil, max: RuleNumber(Int.max), step: nil)

        let json = try #require(rule.jsonValue)

        #expect(json == .object(["max": .int(Int.max)]))
        #expect(try RuleDescription(json: json) == rule)
    }

    @Test func aSizeNoTerminalCanReportIsTakenAtTheNearestBound() {
        let editor = EditorHarness()

        // The event itself: the public harness keeps sizes at 1 or more before the state sees them.
        editor.controller.send(.resize(width: Int.max, height: Int.max))
        #expect(editor.controller.state.width == 65_535 && editor.controller.state.height == 65_535)
        editor.controller.send(.resize(width: Int.min, height: -1))
        #expect(editor.controller.state.width == 0 && editor.controller.state.height == 0)
        editor.resize(width: 80, height: 24)

        #expect(editor.screen.contains("Weather"))
    }

    /// The fuzz targets' reproducers, kept in `Fuzz/Found/`.
    private static func found(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Found/\(path)").path
    }

    @Test func aTypeNameOfAHundredThousandQuestionMarksIsRefusedNotRecursedOn() throws {
        let cli = CommandLineFixture()

        let schema = try cli.run("schema", "--schema", Self.found("json/schema-type-name-quadratic.json"))

        #expect(schema.status == 65, "\(schema.error.prefix(300))")
        #expect(schema.error.contains(#"invalid schema at sections[0].settings[0] ("k"): unknown type"#), "\(schema.error.prefix(300))")
        #expect(schema.error.count < 400)                    // the name is cut in the message
    }

    @Test func aBinaryPlistThatListsOneLargeDataObjectOverAndOverIsRefused() throws {
        let cli = CommandLineFixture()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.found("plist-binary/shared-data-expansion.bplist")))
        try bytes.write(to: URL(fileURLWithPath: cli.plistPath))

        let list = try cli.run("list")

        #expect(list.status == 0)
        #expect(list.error.contains("is a binary property list whose references expand far beyond its size"), "\(list.error)")
        #expect(cli.plistBytes == bytes)
    }

    @Test func textStartingWithAByteOrderMarkIsNotWrittenWhereItWouldNotReadBack() throws {
        // Found by the suite-file fuzz target: a binary suite with a key starting with U+FEFF,
        // which Foundation's XML reader (and ours, reading as it does) drops, so a write of the
        // suite in XML changed the key.
        let cli = CommandLineFixture()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.found("suite-file/leading-feff-key.bplist")))
        try bytes.write(to: URL(fileURLWithPath: cli.plistPath))

        let set = try cli.run("set", "refreshInterval", "20")
        let typed = try cli.run("set", "--type", "string", "note", "\u{FEFF}hello")

        #expect(set.status == 65, "\(set.error)")
        #expect(set.error.contains("U+FEFF at its start"), "\(set.error)")
        #expect(cli.plistBytes == bytes)
        #expect(typed.status == 65)                                        // refused as text already
    }
}
