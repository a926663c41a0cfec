import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Messages about bad input: one clear line that names the key and quotes the text as given.
@Suite("prefs-tui messages for bad input")
struct InputMessageTests {
    static let plistHeader = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#

    @Test func aPlistImportStatesEachProblemOnce() throws {
        let cli = CommandLineFixture()
        let file = try cli.write(Self.plistHeader + "<key>refreshInterval</key><integer>7</integer><key>city</key><string></string></dict></plist>",
                                 to: "bad.plist")

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.errorLines == [
            #"prefs-tui: city: "" is not allowed; allowed: non-empty text of at most 64 characters"#,
            #"prefs-tui: refreshInterval: "7" is not allowed; allowed: 5…240 in steps of 5"#,
            "prefs-tui: \(file): nothing imported (2 problems)",
        ])
    }

    @Test(arguments: [
        (#"{"temperatureOffset": 1e400}"#, "line 1, column 23: the number 1e400 is out of range (a real is at most 1.7976931348623157e+308 either side of 0)"),
        (#"{"refreshInterval": 9223372036854775808}"#, "line 1, column 21: the number 9223372036854775808 is out of range (a whole number is from -9223372036854775808 to 9223372036854775807)"),
        ("{\"city\": \"Bergen\",\n \"city\": \"Tromsø\"}", #"line 2, column 2: duplicate key "city""#),
    ])
    func aJSONImportThatCannotBeTakenSaysWhyAndWhere(json: String, message: String) throws {
        let cli = CommandLineFixture()
        let file = try cli.write(json, to: "bad.json")

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error == "prefs-tui: \(file): \(message)\n")
        #expect(cli.plistBytes == nil)
    }

    @Test func aSchemaWithADuplicateKeyOrAnOutOfRangeNumberIsRefused() throws {
        let cli = CommandLineFixture()
        let duplicate = try cli.write(#"{"suite": "x", "suite": "y", "sections": []}"#, to: "duplicate.json")
        let range = try cli.write(#"{"suite": "x", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 1e400}]}]}"#, to: "range.json")

        let duplicated = try cli.run("list", "--schema", duplicate)
        let outOfRange = try cli.run("list", "--schema", range)

        #expect(duplicated.status == 65)
        #expect(duplicated.error == "prefs-tui: schema \(duplicate): invalid schema at line 1, column 16: duplicate key \"suite\"\n")
        #expect(outOfRange.status == 65)
        #expect(outOfRange.error.contains(#"the number 1e400 is out of range"#), "\(outOfRange.error)")
    }

    @Test func aListValueWithAnOutOfRangeNumberSaysSo() throws {
        let cli = CommandLineFixture()

        let result = try cli.run("set", "favoriteCities", #"["Oslo", 9223372036854775808]"#)

        #expect(result.status == 65)
        #expect(result.error.contains("the number 9223372036854775808 is out of range"), "\(result.error)")
        #expect(!result.error.contains("e+18"))
    }

    @Test(arguments: [
        (["set", "city", "", "a\nb"], #"prefs-tui: city takes one value, got 2: "", "a\nb""#),
        (["reset", "--section", "a\nb"], #"prefs-tui: unknown section "a\nb"; sections: Units, Location, Updates, Display"#),
        (["render", "--keys", "down \u{1B}[2J"], #"prefs-tui: unknown key name "\u{1B}[2J" in --keys"#),
        (["a\nb"], #"prefs-tui: unknown command "a\nb"; commands: edit, list, get, set, reset, rename, migrate, export, import, schema, suites, watch, render, trust, untrust"#),
        (["import", "no\nsuch.json"], #"prefs-tui: cannot read "no\nsuch.json": no such file"#),
        (["list", "--schema", "no\nsuch.json"], #"prefs-tui: cannot read schema "no\nsuch.json": no such file"#),
        (["export", "--format", "x\ny"], #"prefs-tui: the value "x\ny" is invalid for "--format <format>"; allowed: one of "json" and "plist""#),
        (["list", "--js\non"], #"prefs-tui: unknown option "--js\non"; did you mean --json?"#),
    ])
    func emptyAndMultiLineInputIsQuotedAndEscaped(arguments: [String], message: String) throws {
        let result = try CommandLineFixture().run(arguments)

        #expect(result.error == message + "\n")
    }
}

extension ChildProcess.Result {
    /// Standard error's lines.
    var errorLines: [String] {
        error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLastIfEmpty()
    }
}
