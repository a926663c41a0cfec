import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

@Suite("prefs-tui export, import and schema")
struct ExportImportSchemaTests {
    @Test func exportWritesOnlyNonDefaultValuesAsJSON() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "refreshInterval", "30")
        try cli.run("set", "favoriteCities", "Oslo", "Bergen")
        let result = try cli.run("export")
        #expect(result.status == 0)
        #expect(try JSONValue(parsing: result.output) == .object([
            "refreshInterval": .int(30), "favoriteCities": .array([.string("Oslo"), .string("Bergen")]),
        ]))
    }

    @Test func exportThenImportIntoAnotherSuiteGivesTheSameValues() throws {
        let source = CommandLineFixture()
        try source.run("set", "temperatureNotation", "kelvin")
        try source.run("set", "lastRefresh", "2026-11-21T09:30:00Z")
        try source.run("set", "dataSource", "https://example.com/x?y=1")
        for format in ["json", "plist"] {
            let file = source.directory.file("backup.\(format)")
            #expect(try source.run("export", "--format", format, "--output", file).status == 0)

            let target = CommandLineFixture()
            let imported = try target.run("import", file)
            #expect(imported.status == 0, "\(imported.error)")
            #expect(target.stored == source.stored, "\(format)")
        }
    }

    @Test func importChecksEveryValueFirstAndWritesNothingOnAnyError() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        let before = cli.plistBytes
        let file = try cli.write(#"{"city": "Tromsø", "refreshInterval": 7, "temperatureNotaton": "kelvin", "decimalPlaces": 2}"#, to: "bad.json")

        let result = try cli.run("import", file)
        #expect(result.status == 65)
        #expect(result.error.contains("unknown key \"temperatureNotaton\"; did you mean temperatureNotation?"))
        #expect(result.error.contains("refreshInterval: \"7\" is not allowed; allowed: 5…240 in steps of 5"))
        #expect(result.error.contains("nothing imported (2 problems)"))
        #expect(cli.plistBytes == before)
    }

    @Test func aListWithAnItemOfTheWrongKindIsRefusedNamingThatItemWhereverItIs() throws {
        let cli = CommandLineFixture()
        let items = (0..<5_000).map { "\"City \($0)\"" }.joined(separator: ",")
        let file = try cli.write(#"{"favoriteCities": ["# + items + #", 17, "Oslo", 18], "city": "Bergen"}"#, to: "list.json")

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error == """
            prefs-tui: favoriteCities: "17" is not allowed; allowed: a JSON string holding a string
            prefs-tui: \(file): nothing imported (1 problem)

            """, "\(result.error)")
        #expect(cli.stored == [:])
    }

    @Test func aLongRefusedValueIsQuotedByItsStartNotWhole() throws {
        let cli = CommandLineFixture()
        let items = (0..<20_000).map { "\"City \($0)\"" }.joined(separator: ",")
        let file = try cli.write(#"{"city": ["# + items + "]}", to: "long.json")

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error.components(separatedBy: "\n").allSatisfy { $0.count < 400 }, "\(result.error.prefix(500))")
        #expect(result.error.contains("characters) is not allowed"), "\(result.error.prefix(300))")
    }

    @Test func aSyntaxErrorAfterARefusedListItemIsWhatIsReported() throws {
        let cli = CommandLineFixture()
        let file = try cli.write(#"{"favoriteCities": ["Oslo", 17, "Bergen"], "city": "Bergen",}"#, to: "broken.json")

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error.contains("neither a property list nor JSON (line 1, column 61: expected a member name in double quotes, found \"}\")"), "\(result.error)")
        #expect(cli.stored == [:])
    }

    @Test func aListKeyGivenSomethingElseIsRefusedAsBefore() throws {
        let cli = CommandLineFixture()
        let file = try cli.write(#"{"favoriteCities": {"a": 1}}"#, to: "object.json")

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error.contains("favoriteCities: "), "\(result.error)")
        #expect(result.error.contains("allowed: a JSON array of string"), "\(result.error)")
    }

    @Test func importingADefaultValueStoresNothingForIt() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "refreshInterval", "30")
        let file = try cli.write(#"{"refreshInterval": 15, "showFeelsLike": true, "city": "Bergen"}"#, to: "backup.json")
        #expect(try cli.run("import", file).status == 0)
        #expect(cli.stored == ["city": .string("Bergen")])
    }

    @Test func importOfAMissingOrUnreadableFile() throws {
        let cli = CommandLineFixture()
        let missing = try cli.run("import", cli.directory.file("nope.json"))
        #expect(missing.status == 66)
        #expect(missing.error.contains("cannot read"))
        let garbage = try cli.write("{\"city\": \"Bergen\",\n \"refreshInterval\": 30,,}", to: "garbage.json")
        let list = try cli.write("[1, 2]", to: "list.json")

        let broken = try cli.run("import", garbage)
        let notAnObject = try cli.run("import", list)

        #expect(broken.status == 65)
        #expect(broken.error == "prefs-tui: \(garbage): neither a property list nor JSON (line 2, column 24: expected a member name in double quotes, found \",\")\n")
        #expect(notAnObject.status == 65)
        #expect(notAnObject.error == "prefs-tui: \(list): not a JSON object of settings, but an array\n")
    }

    @Test func schemaPrintsJSONThatSchemaReadsBack() throws {
        let cli = CommandLineFixture()
        let printed = try cli.run("schema")
        #expect(printed.status == 0)
        let file = try cli.write(printed.output, to: "weather.schema.json")
        let reread = try cli.run("schema", "--schema", file)
        #expect(reread.output == printed.output)
        #expect(try PreferenceSchema(jsonText: printed.output).keys.count == 11)
    }

    @Test func aSchemaFileOpensAnyProgramsSuite() throws {
        var cli = CommandLineFixture()
        cli.suite = "org.example.editor"
        let schema = try cli.write("""
            {"title": "Editor", "suite": "org.example.editor", "sections": [{"name": "Text", "settings": [
              {"key": "tabWidth", "type": "int", "default": 4, "rule": {"min": 1, "max": 16}},
              {"key": "theme", "type": "string", "default": "light", "rule": {"choices": ["light", "dark"]}},
              {"key": "rulers", "type": "[int]", "default": []}
            ]}]}
            """, to: "editor.json")
        #expect(try cli.run("set", "tabWidth", "8", "--schema", schema).status == 0)
        #expect(try cli.run("set", "rulers", "80", "100", "--schema", schema).status == 0)
        let bad = try cli.run("set", "theme", "blue", "--schema", schema)
        #expect(bad.status == 65)
        #expect(bad.error.contains("theme: \"blue\" is not allowed; allowed: one of light, dark"))
        #expect(cli.stored == ["tabWidth": .int(8), "rulers": .array([.int(80), .int(100)])])
        #expect(try cli.run("get", "rulers", "--schema", schema).trimmedOutput == "[80,100]")
    }

    @Test func suiteOptionChoosesTheSuite() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.example.other"
        let schema = try cli.write(try cli.run("schema").output, to: "weather.schema.json")
        #expect(try cli.run("set", "city", "Bergen", "--suite", "com.example.other", "--schema", schema).status == 0)
        #expect(cli.stored == ["city": .string("Bergen")])
        #expect(try cli.run("get", "city").trimmedOutput == "Oslo")
        #expect(try cli.run("get", "city", "--suite", "a/b").status == 64)
    }

    @Test func malformedAndMissingSchemaFiles() throws {
        let cli = CommandLineFixture()
        let bad = try cli.write(#"{"suite": "x", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": "many"}]}]}"#, to: "bad.json")
        let malformed = try cli.run("list", "--schema", bad)
        #expect(malformed.status == 65)
        #expect(malformed.error.contains(#"sections[0].settings[0] ("n")"#))
        let missing = try cli.run("list", "--schema", cli.directory.file("none.json"))
        #expect(missing.status == 66)
        #expect(missing.error.contains("no such file"))
    }
}
