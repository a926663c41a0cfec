import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
import Testing

@Suite("prefs-tui get and set")
struct GetSetCommandTests {
    @Test func setThenGetEveryKindOfValue() throws {
        let cli = CommandLineFixture()
        let cases: [(key: String, values: [String], expected: String)] = [
            ("temperatureNotation", ["Fahrenheit"], "fahrenheit"),
            ("timeNotation", ["twelveHour"], "twelveHour"),
            ("city", ["Tromsø"], "Tromsø"),
            ("favoriteCities", ["Oslo", "Bergen"], #"["Oslo","Bergen"]"#),
            ("refreshInterval", ["45"], "45"),
            ("showFeelsLike", ["off"], "false"),
            ("dataSource", ["https://example.com/a?b=1"], "https://example.com/a?b=1"),
            ("decimalPlaces", ["0"], "0"),
            ("lastRefresh", ["2026-11-21T10:30:00+01:00"], "2026-11-21T09:30:00Z"),
        ]
        for (key, values, expected) in cases {
            let set = try cli.run(["set", key] + values)
            #expect(set.status == 0, "\(key): \(set.error)")
            #expect(set.output.isEmpty)
            let get = try cli.run("get", key)
            #expect(get.status == 0)
            #expect(get.output == expected + "\n", "\(key)")
        }
        #expect(cli.stored["favoriteCities"] == .array([.string("Oslo"), .string("Bergen")]))
        #expect(cli.stored["dataSource"] == .string("https://example.com/a?b=1"))
    }

    @Test func settingWhatGetPrintsChangesNothing() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "favoriteCities", "Oslo", "Bodø")
        try cli.run("set", "lastRefresh", "2026-01-02T03:04:05Z")
        for key in WeatherSettings.keys.map(\.name) {
            let before = cli.stored
            let value = try cli.run("get", key).trimmedOutput
            let set = try cli.run("set", key, value)
            #expect(set.status == 0, "\(key): \(set.error)")
            #expect(try cli.run("get", key).trimmedOutput == value)
            if let old = before[key] { #expect(cli.stored[key] == old, "\(key)") }
            #expect(cli.stored.filter { $0.key != key } == before.filter { $0.key != key })
        }
    }

    @Test func settingTheDefaultStoresNothingSoTheSettingIsUnmodified() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        #expect(try cli.run("set", "showFeelsLike", "true").status == 0)
        #expect(cli.stored["showFeelsLike"] == nil)
        try cli.run("set", "refreshInterval", "30")
        #expect(try cli.run("set", "refreshInterval", "15").status == 0)
        #expect(cli.stored == ["city": .string("Bergen")])
        let modified = try cli.run("list", "--modified")
        #expect(modified.lines.map { String($0.prefix { $0 != " " }) } == ["KEY", "city"])
    }

    @Test func settingAnotherProgramsKeyToItsEmptyValueKeepsIt() throws {
        // An inferred key has no real default: "" is a value like any other.
        var cli = CommandLineFixture()
        cli.suite = "com.acme.backup"
        try cli.helper("foundation-set-string", "com.acme.backup", "label", "x")
        #expect(try cli.run("set", "label", "", "--suite", "com.acme.backup").status == 0)
        #expect(cli.stored["label"] == .string(""))
    }

    @Test func aDateBeyondYear9999InUTCIsRefusedQuotingTheText() throws {
        let cli = CommandLineFixture()
        let result = try cli.run("set", "lastRefresh", "9999-12-31T23:59:59-01:00")
        #expect(result.status == 65)
        #expect(result.error == "prefs-tui: lastRefresh: \"9999-12-31T23:59:59-01:00\" is not allowed; allowed: a date from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z\n")
        #expect(cli.plistBytes == nil)
    }

    @Test func getJSONPrintsTheJSONValue() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "favoriteCities", #"["Oslo","Bergen"]"#)
        #expect(try cli.run("get", "favoriteCities", "--json").output == #"["Oslo","Bergen"]"# + "\n")
        #expect(try cli.run("get", "refreshInterval", "--json").output == "15\n")
        #expect(try cli.run("get", "lastRefresh", "--json").output == "null\n")
        #expect(try cli.run("get", "lastRefresh").output == "\n")
    }

    @Test func aBadValueNamesKeyValueAndRuleAndWritesNothing() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "refreshInterval", "30")
        let before = cli.plistBytes

        let range = try cli.run("set", "refreshInterval", "500")
        #expect(range.status == 65)
        #expect(range.error == "prefs-tui: refreshInterval: \"500\" is not allowed; allowed: 5…240 in steps of 5\n")

        let choice = try cli.run("set", "temperatureNotation", "rankine")
        #expect(choice.status == 65)
        #expect(choice.error == "prefs-tui: temperatureNotation: \"rankine\" is not allowed; allowed: one of celsius, fahrenheit, kelvin\n")

        let type = try cli.run("set", "showFeelsLike", "maybe")
        #expect(type.status == 65)
        #expect(type.error.contains("showFeelsLike: \"maybe\" is not allowed; allowed: true/false, yes/no, on/off"))

        #expect(cli.plistBytes == before)
    }

    @Test func anUnknownKeySuggestsTheNearestNames() throws {
        let cli = CommandLineFixture()
        let result = try cli.run("set", "refreshIntervall", "30")
        #expect(result.status == 64)
        #expect(result.error == "prefs-tui: unknown key \"refreshIntervall\"; did you mean refreshInterval?\n")
        #expect(try cli.run("get", "citty").error.contains("did you mean city?"))
        #expect(cli.plistBytes == nil)
    }

    @Test func optionalKeysAcceptUnsetAndOthersRefuseIt() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "lastRefresh", "2026-11-21T09:30:00Z")
        #expect(try cli.run("set", "lastRefresh", "--unset").status == 0)
        #expect(cli.stored["lastRefresh"] == nil)

        let refused = try cli.run("set", "city", "--unset")
        #expect(refused.status == 64)
        #expect(refused.error.contains("city is not optional"))
    }

    @Test func negativeNumbersAndDashedWordsAreValuesNotOptions() throws {
        let cli = CommandLineFixture()
        let negative = try cli.run("set", "decimalPlaces", "-1")
        #expect(negative.status == 65)
        #expect(negative.error.contains("decimalPlaces: \"-1\" is not allowed; allowed: 0…2"))
        #expect(try cli.run("set", "favoriteCities", "-city", "Paris").status == 0)
        #expect(try cli.run("get", "favoriteCities").trimmedOutput == #"["-city","Paris"]"#)
    }

    @Test func theProgramsArgumentsNeverBecomeSettingValues() throws {
        // Foundation would read `-city Paris` in a process's arguments as an override of the
        // stored `city`; prefs-tui must not.
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        try cli.run("set", "favoriteCities", "-city", "Paris")
        #expect(try cli.run("get", "city").trimmedOutput == "Bergen")
        #expect(try cli.run(["list", "--json"]).output.contains("\"Bergen\""))
    }

    @Test func aScalarKeyRefusesSeveralValues() throws {
        let cli = CommandLineFixture()
        let result = try cli.run("set", "city", "Oslo", "Bergen")
        #expect(result.status == 64)
        #expect(result.error.contains("city takes one value, got 2"))
    }

    @Test func missingValueIsAUsageError() throws {
        let cli = CommandLineFixture()
        let result = try cli.run("set", "city")
        #expect(result.status == 64)
        #expect(result.error.contains("missing value for city"))
    }
}
