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
        #expect(unrelated.error == "prefs-tui: unknown command \"frobnicate\"; commands: edit, list, get, set, reset, export, import, schema, watch, render\n")
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
