import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

@Suite("prefs-tui list and reset")
struct ListResetCommandTests {
    @Test func listShowsEverySettingAsATable() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "refreshInterval", "30")
        let result = try cli.run("list")
        #expect(result.status == 0)
        #expect(result.lines.count == 12)
        #expect(result.lines[0].hasPrefix("KEY "))
        #expect(result.lines[0].split(separator: " ", omittingEmptySubsequences: true)
            == ["KEY", "SECTION", "TYPE", "VALUE", "SOURCE", "DEFAULT", "MODIFIED", "DIAGNOSTIC"])
        let row = try #require(result.lines.first { $0.hasPrefix("refreshInterval ") })
        #expect(row.split(separator: " ", omittingEmptySubsequences: true) == ["refreshInterval", "Updates", "int", "30", "user", "15", "yes"])
        let city = try #require(result.lines.first { $0.hasPrefix("city ") })
        #expect(city.split(separator: " ", omittingEmptySubsequences: true) == ["city", "Location", "string", "Oslo", "default", "Oslo"])
    }

    @Test func emptyTextShowsAsEmptyQuotesAndOnlyAnUnsetOptionalAsUnset() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.example.notes"
        let schema = try cli.write("""
            {"suite": "com.example.notes", "sections": [{"name": "S", "settings": [
              {"key": "note", "type": "string", "default": ""},
              {"key": "city", "type": "string", "default": "Oslo"},
              {"key": "nick", "type": "string?"}]}]}
            """, to: "notes.json")
        #expect(try cli.run("set", "city", "", "--schema", schema).status == 0)
        let table = try cli.run("list", "--schema", schema)
        func cells(_ key: String) -> [String] {
            (table.lines.first { $0.hasPrefix(key + " ") } ?? "").split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        #expect(cells("note") == ["note", "S", "string", #""""#, "default", #""""#])
        #expect(cells("city") == ["city", "S", "string", #""""#, "user", "Oslo", "yes"])
        #expect(cells("nick") == ["nick", "S", "string?", "(unset)", "default", "(unset)"])
    }

    @Test func listModifiedShowsOnlyStoredValues() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        try cli.run("set", "unitsNotation", "imperial")
        let result = try cli.run("list", "--modified")
        #expect(result.lines.map { String($0.prefix { $0 != " " }) } == ["KEY", "unitsNotation", "city"])
    }

    @Test func listJSONHasTheDocumentedFields() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "favoriteCities", "Oslo")
        let result = try cli.run("list", "--json")
        let json = try JSONValue(parsing: result.output)
        guard case .array(let entries) = json else { Issue.record("not an array"); return }
        #expect(entries.count == 11)
        let favourite = try #require(entries.first { entry in
            if case .object(let fields) = entry { return fields["key"] == .string("favoriteCities") }
            return false
        })
        #expect(favourite == .object([
            "key": .string("favoriteCities"), "section": .string("Location"), "type": .string("[string]"),
            "value": .array([.string("Oslo")]), "source": .string("user"), "sourceFile": .string(cli.plistPath), "lockedBy": .null,
            "default": .array([]), "modified": .bool(true), "diagnostic": .null, "brokenRule": .null, "inUse": .bool(true),
        ]))
    }

    @Test func listReportsDiagnosticsOfHandEditedValues() throws {
        let cli = CommandLineFixture()
        try cli.helper("foundation-set-string", "com.example.weather", "refreshInterval", "soon")
        let table = try cli.run("list")
        #expect(table.status == 0)
        #expect(table.error == "prefs-tui: warning: refreshInterval: stored value \"soon\" ignored, using the default: stored as string \"soon\", expected int\n")
        let row = try #require(table.lines.first { $0.hasPrefix("refreshInterval ") })
        #expect(row.hasSuffix("  stored as string \"soon\", expected int"))
        #expect(!table.output.contains("warning"))
        let json = try cli.run("list", "--json").output
        #expect(json.contains(#""diagnostic" : "stored as string \"soon\", expected int""#))
    }

    @Test func resetOneSeveralSectionAndAll() throws {
        let cli = CommandLineFixture()
        for (key, value) in [("city", "Bergen"), ("temperatureNotation", "kelvin"), ("unitsNotation", "imperial"),
                             ("refreshInterval", "60"), ("decimalPlaces", "2")] {
            try cli.run("set", key, value)
        }
        try cli.helper("foundation-set-string", "com.example.weather", "otherProgramsKey", "keep")

        #expect(try cli.run("reset", "city").status == 0)
        #expect(cli.stored["city"] == nil)
        #expect(try cli.run("reset", "--section", "Units").status == 0)
        #expect(cli.stored["temperatureNotation"] == nil && cli.stored["unitsNotation"] == nil)
        #expect(cli.stored["refreshInterval"] == .int(60))
        #expect(try cli.run("reset", "--all").status == 0)
        #expect(cli.stored == ["otherProgramsKey": .string("keep")])
    }

    @Test func resetNeedsExactlyOneTargetAndKnownNames() throws {
        let cli = CommandLineFixture()
        #expect(try cli.run("reset").status == 64)
        #expect(try cli.run("reset", "city", "--all").status == 64)
        let section = try cli.run("reset", "--section", "Colours")
        #expect(section.status == 64)
        #expect(section.error.contains("unknown section \"Colours\"; sections: Units, Location, Updates, Display"))
        let key = try cli.run("reset", "citty")
        #expect(key.status == 64)
        #expect(key.error.contains("did you mean city?"))
    }
}
