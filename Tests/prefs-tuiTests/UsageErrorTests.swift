import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

@Suite("prefs-tui usage errors, -- and list output")
struct UsageErrorTests {
    @Test func anUnknownCommandIsOneLineWithTheNearestCommand() throws {
        let cli = CommandLineFixture()

        let typo = try cli.run("lst")
        let unrelated = try cli.run("frobnicate")

        #expect(typo.status == 64)
        #expect(typo.error == "prefs-tui: unknown command \"lst\"; did you mean list?\n")
        #expect(typo.output.isEmpty)
        #expect(unrelated.status == 64)
        #expect(unrelated.error == "prefs-tui: unknown command \"frobnicate\"; commands: edit, list, get, set, reset, rename, migrate, export, import, schema, suites, watch, render, trust, untrust\n")
    }

    @Test(arguments: [
        (["list", "--jsn"], #"prefs-tui: unknown option "--jsn"; did you mean --json?"#),
        (["get"], #"prefs-tui: missing expected argument "<key>""#),
        (["export", "--format", "xml"], #"prefs-tui: the value "xml" is invalid for "--format <format>"; allowed: one of "json" and "plist""#),
        (["render", "--width", "-5"], "prefs-tui: --width -5: the width must be positive (1…1000)"),
        (["render", "--height", "0"], "prefs-tui: --height 0: the height must be positive (1…1000)"),
        (["reset"], "prefs-tui: say what to reset: KEY… (those settings), --section NAME (a section) or --all (every setting)"),
    ])
    func usageErrorsAreOneLineWithStatus64(arguments: [String], message: String) throws {
        let result = try CommandLineFixture().run(arguments)

        #expect(result.status == 64)
        #expect(result.error == message + "\n")
    }

    @Test func doubleDashEndsTheOptionsOfSet() throws {
        let cli = CommandLineFixture()

        try cli.run("set", "city", "--", "--value")
        let city = cli.stored["city"]
        try cli.run("set", "favoriteCities", "--", "-Oslo", "--Bergen")
        try cli.run("set", "city", "--", "hello")

        #expect(city == .string("--value"))
        #expect(cli.stored["favoriteCities"] == .array([.string("-Oslo"), .string("--Bergen")]))
        #expect(cli.stored["city"] == .string("hello"))
    }

    @Test func afterTheKeyWordsThatLookLikeHelpOrVersionAreValues() throws {
        let cli = CommandLineFixture()

        let help = try cli.run("set", "city", "-h")
        let helpStored = cli.stored["city"]
        let version = try cli.run("set", "city", "--version")
        let versionStored = cli.stored["city"]
        let afterDoubleDash = try cli.run("set", "city", "--", "-h")

        #expect(help.status == 0 && help.output.isEmpty, "\(help)")
        #expect(helpStored == .string("-h"))
        #expect(version.status == 0 && version.output.isEmpty, "\(version)")
        #expect(versionStored == .string("--version"))
        #expect(afterDoubleDash.status == 0, "\(afterDoubleDash.error)")
        #expect(cli.stored["city"] == .string("-h"))
    }

    @Test func anOptionBetweenValuesIsAValue() throws {
        var cli = CommandLineFixture()
        let schema = try cli.write(try CommandLineFixture().run("schema").output.replacingOccurrences(
            of: "com.example.weather", with: "com.example.other"), to: "other.json")

        let result = try cli.run("set", "--schema", schema, "favoriteCities", "Oslo", "--suite", "com.example.weather", "Bergen")

        #expect(result.status == 0, "\(result.error)")
        cli.suite = "com.example.other"
        #expect(cli.stored["favoriteCities"] == .array(["Oslo", "--suite", "com.example.weather", "Bergen"].map { .string($0) }))
        cli.suite = "com.example.weather"
        #expect(cli.stored["favoriteCities"] == nil)
    }

    @Test func setsOwnOptionsAreRecognisedBeforeTheFirstValueAndAfterTheLast() throws {
        var cli = CommandLineFixture()
        let demo = try cli.write(try cli.run("schema").output, to: "demo.json")
        try cli.run("set", "lastRefresh", "2026-01-02T03:04:05Z")

        let help = try cli.run("set", "--help")
        let unset = try cli.run("set", "lastRefresh", "--unset")
        try cli.run("set", "--suite=com.example.other", "--schema", demo, "city", "Paris")
        try cli.run("set", "refreshInterval", "--suite", "com.example.other", "--schema", demo, "30")
        try cli.run("set", "favoriteCities", "Oslo", "Bergen", "--suite", "com.example.other", "--schema", demo)

        #expect(help.output.contains("USAGE: prefs-tui set"))
        #expect(unset.status == 0, "\(unset.error)")
        #expect(cli.stored["lastRefresh"] == nil)
        cli.suite = "com.example.other"
        #expect(cli.stored == ["city": .string("Paris"), "refreshInterval": .int(30),
                               "favoriteCities": .array([.string("Oslo"), .string("Bergen")])])
    }

    @Test func listShowsControlCharactersEscaped() throws {
        let cli = CommandLineFixture()
        try cli.helper("foundation-set-string", cli.suite, "city", "Oslo\u{1B}[31m\nred")

        let table = try cli.run("list")

        #expect(table.lines.count == 12)
        let row = try #require(table.lines.first { $0.hasPrefix("city ") })
        #expect(row.contains(#"Oslo\u{1B}[31m\nred"#))
    }

    @Test func resetSectionIgnoresLetterCase() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "temperatureNotation", "kelvin")

        let result = try cli.run("reset", "--section", "uNITS")

        #expect(result.status == 0, "\(result.error)")
        #expect(cli.stored["temperatureNotation"] == nil)
    }

    @Test func topLevelHelpNamesSuiteAndSchema() throws {
        let help = try CommandLineFixture().run("--help")

        #expect(help.status == 0)
        #expect(help.output.contains("--suite"))
        #expect(help.output.contains("--schema"))
    }
}

@Suite("prefs-tui help and set options before the key")
struct HelpAndSetOptionTests {
    @Test func helpForAnUnknownCommandIsTheSameOneLineError() throws {
        let result = try CommandLineFixture().run("help", "lst")

        #expect(result.status == 64)
        #expect(result.error == "prefs-tui: unknown command \"lst\"; did you mean list?\n")
        #expect(result.output.isEmpty)
    }

    @Test func helpForAKnownCommandStillPrintsItsHelp() throws {
        let result = try CommandLineFixture().run("help", "list")

        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: prefs-tui list"))
    }

    @Test func anUnknownOptionBeforeTheKeyOfSetSaysWhereSuchAKeyGoes() throws {
        let cli = CommandLineFixture()

        let result = try cli.run("set", "--suite", "sp", "-n", "3")

        #expect(result.status == 64)
        #expect(result.error == "prefs-tui: unknown option \"-n\"; a key starting with - goes after --: set -- -n 3\n")
    }

    @Test func aKeyStartingWithADashIsSetAfterDoubleDash() throws {
        var cli = CommandLineFixture()
        cli.suite = "sp"
        try SuiteStore(suiteName: "sp", directory: cli.directory.path, watchForChanges: false).commit(["-n": .int(1)])

        let result = try cli.run("set", "--suite", "sp", "--", "-n", "3")

        #expect(result.status == 0, "\(result.error)")
        #expect(cli.stored["-n"] == .int(3))
    }

    @Test(arguments: [["set", "favoriteCities", "Oslo", "--suite"], ["set", "city", "--schema"]])
    func anOptionOfSetWithoutItsValueAtTheEndIsAUsageErrorNotAValue(_ arguments: [String]) throws {
        let cli = CommandLineFixture()

        let result = try cli.run(arguments)

        #expect(result.status == 64)
        #expect(result.error.contains("\(arguments.last!) needs a value after it"), "\(result.error)")
        #expect(cli.stored.isEmpty)
    }
}

/// `render` opens its suite before it reads `--keys`, as every command opens its suite first:
/// a broken schema or suite file is said, with its own status, even beside a key name that is
/// wrong too.
@Suite("render says what is wrong with the suite before the key names")
struct RenderOpensFirstTests {
    @Test func aBrokenSchemaIsSaidBeforeAnUnknownKeyName() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write("{", to: "broken.json")

        let result = try cli.run("render", "--schema", schema, "--keys", "bogus")

        #expect(result.status == 65, "\(result)")
        #expect(result.error.contains("not valid JSON"), "\(result)")
        #expect(!result.error.contains("bogus"), "\(result)")
    }

    @Test func anUnreadableSuiteIsWarnedOfBeforeAnUnknownKeyName() throws {
        let cli = CommandLineFixture()
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: cli.plistPath))

        let result = try cli.run("render", "--keys", "down bogus")

        #expect(result.status == 64, "\(result)")
        #expect(result.error.contains("does not hold a dictionary of settings"), "\(result)")
        #expect(result.error.contains(#"unknown key name "bogus""#), "\(result)")
    }
}
