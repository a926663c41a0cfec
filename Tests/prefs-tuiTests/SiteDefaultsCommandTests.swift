import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// An administrator's defaults and locks, as users and scripts meet them: `XDG_CONFIG_DIRS`
/// names two site folders, the first above the second.
@Suite("Site defaults and locked settings, from the commands")
struct SiteDefaultsCommandTests {
    struct Site {
        var cli = CommandLineFixture()
        let first = TemporaryDirectory()
        let second = TemporaryDirectory()

        var environment: [String: String] { ["XDG_CONFIG_DIRS": "\(first.path):\(second.path)"] }

        func write(_ folder: TemporaryDirectory, _ values: [String: PlistValue]) throws {
            try PlistValue.xmlPropertyList(values).write(to: URL(fileURLWithPath: folder.file(cli.suite + ".plist")), options: .atomic)
        }

        func lock(_ folder: TemporaryDirectory, _ keys: String...) throws {
            try Data(keys.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: locksPath(folder)))
        }

        func plistPath(_ folder: TemporaryDirectory) -> String { folder.file(cli.suite + ".plist") }
        func locksPath(_ folder: TemporaryDirectory) -> String { folder.file(cli.suite + ".locks") }

        @discardableResult
        func run(_ arguments: String...) throws -> ChildProcess.Result { try cli.run(arguments, environment: environment) }
    }

    @Test func aSiteDefaultIsWhatGetAndListShowUntilTheUserSetsTheirOwnAndResetFallsBackToIt() throws {
        let site = Site()
        try site.write(site.second, ["city": .string("Bergen")])

        #expect(try site.run("get", "city").output == "Bergen\n")
        let row = try #require(try site.run("list").lines.first { $0.hasPrefix("city ") })
        #expect(row.split(separator: " ", omittingEmptySubsequences: true) == ["city", "Location", "string", "Bergen", "site", "Oslo"])

        try site.run("set", "city", "Tromsø")
        #expect(try site.run("get", "city").output == "Tromsø\n")

        try site.run("reset", "city")
        #expect(try site.run("get", "city").output == "Bergen\n")
        #expect(site.cli.stored["city"] == nil)
    }

    @Test func aLockedSettingCannotBeSetAndResetAllLeavesItAloneSayingSo() throws {
        let site = Site()
        try site.cli.run("set", "refreshInterval", "120")
        try site.write(site.second, ["refreshInterval": .int(30)])
        try site.lock(site.first, "refreshInterval")
        let before = site.cli.plistBytes

        let set = try site.run("set", "refreshInterval", "60")

        #expect(set.status == 77)
        #expect(set.error == "prefs-tui: refreshInterval is locked by \(site.locksPath(site.first)); nothing was saved\n")
        #expect(site.cli.plistBytes == before)
        #expect(try site.run("get", "refreshInterval").output == "30\n")
        let row = try #require(try site.run("list").lines.first { $0.hasPrefix("refreshInterval ") })
        #expect(row.split(separator: " ", omittingEmptySubsequences: true).prefix(5) == ["refreshInterval", "Updates", "int", "30", "locked"])

        let reset = try site.run("reset", "--all")

        #expect(reset.status == 0)
        #expect(reset.error.contains("note: refreshInterval left alone: it is locked by \(site.locksPath(site.first))"), "\(reset.error)")
        #expect(site.cli.stored == ["refreshInterval": .int(120)])
    }

    @Test func explainShowsEveryLayerAndWhichOneIsInEffect() throws {
        let site = Site()
        try site.write(site.first, ["city": .int(5)])
        try site.write(site.second, ["city": .string("Bergen")])

        let result = try site.run("get", "--explain", "city")

        #expect(result.status == 0)
        #expect(result.lines == [
            "city = Bergen  (site file \(site.plistPath(site.second)))",
            "  user      \(site.cli.plistPath): (not set)",
            "  site      \(site.plistPath(site.first)): 5 (skipped: stored as integer 5, expected string)",
            "→ site      \(site.plistPath(site.second)): Bergen",
            "  default   the program's: Oslo",
        ], "\(result.output)")
    }

    @Test func aSiteValueOfTheWrongTypeIsSkippedWithAWarningAndNeverBreaksTheUsersView() throws {
        let site = Site()
        try site.cli.run("set", "city", "Tromsø")
        try site.write(site.first, ["city": .bool(true), "refreshInterval": .string("soon")])

        let get = try site.run("get", "refreshInterval")
        let list = try site.run("list")

        #expect(get.output == "15\n")
        #expect(get.error.contains("refreshInterval: value \"soon\" in site file \(site.plistPath(site.first)) skipped"), "\(get.error)")
        #expect(list.status == 0)
        #expect(list.lines.contains { $0.hasPrefix("city ") && $0.contains("Tromsø") && $0.contains("user") })
    }

    @Test func exportKeepsToTheUsersFileAndEffectiveSaysWhereEachValueComesFrom() throws {
        let site = Site()
        try site.cli.run("set", "unitsNotation", "imperial")
        try site.write(site.second, ["city": .string("Bergen")])
        try site.lock(site.first, "city")

        let export = try site.run("export")
        let effective = try site.run("export", "--effective")

        #expect(try JSONValue(parsing: export.output) == .object(["unitsNotation": .string("imperial")]))
        guard case .object(let entries) = try JSONValue(parsing: effective.output) else { Issue.record("not an object"); return }
        #expect(entries["city"] == .object(["value": .string("Bergen"), "source": .string("locked"),
                                             "file": .string(site.plistPath(site.second)), "lockedBy": .string(site.locksPath(site.first))]))
        #expect(entries["unitsNotation"] == .object(["value": .string("imperial"), "source": .string("user"), "file": .string(site.cli.plistPath)]))
        #expect(entries["refreshInterval"] == .object(["value": .int(15), "source": .string("default")]))
        #expect(try site.run("export", "--effective", "--format", "plist").status == 64)
    }

    @Test func aLockedKeyOfASuiteWithoutSchemaIsTypedByTheSitesValue() throws {
        var site = Site()
        site.cli.suite = "com.acme.other"
        try site.cli.helper("foundation-set-string", "com.acme.other", "port", "abc")
        try site.write(site.second, ["port": .int(8080)])
        try site.lock(site.second, "port")

        let get = try site.run("get", "port", "--suite", "com.acme.other")

        #expect(get.output == "8080\n", "\(get.error)")
        #expect(try site.run("set", "port", "9090", "--suite", "com.acme.other").status == 77)
    }

    @Test func aLocksFileThatIsAFIFODoesNotHangACommand() async throws {
        let site = Site()
        #expect(mkfifo(site.locksPath(site.first), 0o600) == 0)
        let child = ChildProcess(product: "prefs-tui", arguments: ["get", "city"], configHome: site.cli.directory.path,
                                 environment: site.environment)
        try child.start()

        let result = await child.finish(within: .seconds(10))
        if result == nil { child.stop(signal: SIGKILL) }

        #expect(result?.output == "Oslo\n")
        #expect(result?.error.contains("is not a regular file; it locks nothing") == true, "\(result?.error ?? "")")
    }

    @Test func resettingALockedSettingByNameIsRefusedAndASectionResetLeavesItAlone() throws {
        let site = Site()
        try site.cli.run("set", "showFeelsLike", "false")
        try site.cli.run("set", "refreshInterval", "60")
        try site.lock(site.first, "city", "showFeelsLike")

        let byName = try site.run("reset", "city")
        let section = try site.run("reset", "--section", "Updates")

        #expect(byName.status == 77)
        #expect(byName.error == "prefs-tui: city is locked by \(site.locksPath(site.first)); nothing was saved\n")
        #expect(section.status == 0, "\(section.error)")
        #expect(section.error.contains("note: showFeelsLike left alone: it is locked by"), "\(section.error)")
        #expect(site.cli.stored == ["showFeelsLike": .bool(false)])
    }

    @Test func anImportSkipsALockedSettingItAgreesWithAndNamesEveryOneItWouldChange() throws {
        let site = Site()
        try site.write(site.second, ["city": .string("Bergen"), "refreshInterval": .int(30)])
        try site.lock(site.first, "city", "refreshInterval")
        let agreeing = try site.cli.write(#"{"city": "Bergen", "unitsNotation": "imperial"}"#, to: "agree.json")
        let changing = try site.cli.write(#"{"city": "Paris", "refreshInterval": 60}"#, to: "change.json")

        let restored = try site.run("import", agreeing)
        let refused = try site.run("import", changing)

        #expect(restored.status == 0, "\(restored.error)")
        #expect(site.cli.stored == ["unitsNotation": .string("imperial")])
        #expect(refused.status == 77)
        #expect(refused.error.contains("city is locked by \(site.locksPath(site.first))"), "\(refused.error)")
        #expect(refused.error.contains("refreshInterval is locked by \(site.locksPath(site.first))"), "\(refused.error)")
        #expect(refused.error.contains("nothing imported (2 problems)"), "\(refused.error)")
    }

    @Test func explainAsJSONAndForALockWithoutASiteValueAndAnUnreadableSiteFile() throws {
        let site = Site()
        try site.lock(site.first, "city")
        try Data("<?xml version=\"1.0\"?><plist><dict><key>city</key>".utf8).write(to: URL(fileURLWithPath: site.plistPath(site.second)))

        let text = try site.run("get", "--explain", "city")
        let json = try JSONValue(parsing: try site.run("get", "--explain", "--json", "city").output)

        #expect(text.lines.first == "city = Oslo  (locked by \(site.locksPath(site.first)))", "\(text.output)")
        #expect(text.lines.contains("  locked    \(site.locksPath(site.first)): the program's default below is in effect"), "\(text.output)")
        #expect(text.lines.contains { $0.hasPrefix("  site      \(site.plistPath(site.second)): (the file cannot be read: ") }, "\(text.output)")
        guard case .object(let object) = json, case .array(let layers)? = object["layers"] else { Issue.record("\(json)"); return }
        #expect(object["value"] == .string("Oslo"))
        #expect(object["source"] == .string("locked"))
        #expect(object["lockedBy"] == .string(site.locksPath(site.first)))
        #expect(layers.last == .object(["layer": .string("default"), "inEffect": .bool(true), "value": .string("Oslo")]))
    }
}

/// Keys of a suite no schema describes, from the commands (issue 21, point 6).
@Suite("rename and set --type")
struct RenameAndTypedSetCommandTests {
    @Test func renameMovesAValueAndRefusesToOverwrite() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.acme.other"
        try cli.helper("foundation-set-string", "com.acme.other", "name", "x")
        try cli.helper("foundation-set-string", "com.acme.other", "label", "y")

        let refused = try cli.run("rename", "name", "label", "--suite", "com.acme.other")
        let missing = try cli.run("rename", "nothing", "other", "--suite", "com.acme.other")

        #expect(refused.status == 65)
        #expect(refused.error == "prefs-tui: cannot rename \"name\" to \"label\": \"label\" already holds \"y\"; nothing was saved\n")
        #expect(missing.status == 65)
        #expect(cli.stored == ["name": .string("x"), "label": .string("y")])

        #expect(try cli.run("rename", "name", "title", "--suite", "com.acme.other").status == 0)
        #expect(cli.stored == ["title": .string("x"), "label": .string("y")])
    }

    @Test func setWithATypeAddsAKeyToASuiteWithoutSchemaAsDefaultsWriteDoes() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.acme.other"
        try cli.helper("foundation-set-string", "com.acme.other", "port", "abc")

        let added = try cli.run("set", "--type", "bool", "enabled", "true", "--suite", "com.acme.other")
        let retyped = try cli.run("set", "port", "--type", "int", "8080", "--suite", "com.acme.other")
        let list = try cli.run("set", "--type", "array", "tags", "a", "b", "--suite", "com.acme.other")
        let dict = try cli.run("set", "--type", "dict", "limits", #"{"cpu": 2}"#, "--suite", "com.acme.other")
        let bad = try cli.run("set", "--type", "int", "count", "many", "--suite", "com.acme.other")
        let declared = try cli.run("set", "--type", "int", "city", "5")

        #expect([added.status, retyped.status, list.status, dict.status] == [0, 0, 0, 0], "\(added.error)\(retyped.error)\(list.error)\(dict.error)")
        #expect(cli.stored == ["enabled": .bool(true), "port": .int(8080), "tags": .array([.string("a"), .string("b")]),
                               "limits": .dictionary(["cpu": .int(2)])])
        #expect(bad.status == 65)
        #expect(bad.error == "prefs-tui: count: \"many\" is not allowed; allowed: a whole number\n")
        #expect(declared.status == 64)
        #expect(declared.error == "prefs-tui: \"city\" is declared as string by the schema; --type int does not apply\n")
    }
}
