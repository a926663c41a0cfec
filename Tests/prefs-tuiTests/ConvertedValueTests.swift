import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// A stored value of a setting's old type that its conversion takes (issue 52, the first
/// case): judged once, in PrefsModel, so every surface reads it "imperial, converted from true"
/// and none calls it ignored.
@Suite("A converted value, on every surface")
struct ConvertedValueTests {
    static let schema = #"""
        {"title": "Units", "suite": "com.example.units", "sections": [{"name": "S", "settings": [
          {"key": "units", "type": "string", "title": "Units", "default": "metric", "rule": {"choices": ["metric", "imperial"]},
           "convert": [{"from": true, "to": "imperial"}, {"from": false, "to": "metric"}]}]}]}
        """#

    /// The suite holding the old bool, and the schema file's path.
    private func fixture() throws -> (CommandLineFixture, String) {
        var cli = CommandLineFixture()
        cli.suite = "com.example.units"
        try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false).commit(["units": .bool(true)])
        return (cli, try cli.write(Self.schema, to: "units.json"))
    }

    @Test func getAndItsExplanationReadTheConversion() throws {
        let (cli, schema) = try fixture()

        let get = try cli.run("get", "units", "--schema", schema)
        let explained = try cli.run("get", "--explain", "units", "--schema", schema)

        #expect(get.output == "imperial\n")
        #expect(explained.lines.first == "units = imperial, converted from true  (your file)", "\(explained.output)")
        #expect(get.error.isEmpty && explained.error.isEmpty)
    }

    @Test func listAndItsJSONSayNoProblem() throws {
        let (cli, schema) = try fixture()

        let list = try cli.run("list", "--schema", schema)
        let json = try cli.run("list", "--json", "--schema", schema)

        let row = try #require(list.lines.first { $0.hasPrefix("units") })
        #expect(row.hasSuffix("yes"), "no diagnostic after MODIFIED: \(row)")
        #expect(row.contains("imperial") && row.contains("user"), "\(row)")
        #expect(!list.output.contains("expected") && !list.error.contains("ignored"), "\(list.output) \(list.error)")
        #expect(json.output.contains(#""diagnostic" : null"#) && json.output.contains(#""value" : "imperial""#), "\(json.output)")
    }

    @Test func theEditorMarksNothingAndItsPaneSaysConverted() throws {
        let (cli, schema) = try fixture()

        let screen = try cli.run("render", "--schema", schema)

        #expect(!screen.output.contains("ignored"), "\(screen.output)")
        #expect(!screen.lines.contains { $0.hasPrefix("! ") }, "\(screen.output)")
        #expect(screen.output.contains("From     your file, converted from true"), "\(screen.output)")
    }

    @Test func thePlainModeSaysConvertedAndNoProblem() throws {
        let (cli, schema) = try fixture()

        let plain = try cli.runInShell("< <(printf 'units\\n\\nq\\n')", ["--plain", "--schema", schema])

        #expect(plain.output.contains("Now imperial (from your file, converted from true)"), "\(plain.output)")
        #expect(!plain.output.contains("Problem") && !plain.output.contains("ignored"), "\(plain.output)")
    }

    @Test func theSnapshotAndThePreferencesJudgeAlike() throws {
        let key = try #require(try PreferenceSchema(jsonText: Self.schema).key(named: "units"))
        let schema = try PreferenceSchema(jsonText: Self.schema)
        let prefs = Preferences(store: InMemoryStore(["units": .bool(true), "other": .int(1)]), schema: schema)

        #expect(prefs.diagnostic(for: key) == nil)
        #expect(prefs.snapshot().diagnostic(for: key) == nil)
        #expect(prefs.snapshot().diagnostics() == prefs.diagnostics())
    }

    @Test func theSnapshotSaysAValueKeptUnderAnOldNameAsThePreferencesDo() throws {
        let schema = try PreferenceSchema(jsonText: #"""
            {"suite": "com.acme.app", "sections": [{"name": "S", "settings": [
              {"key": "refreshMinutes", "type": "int", "default": 15, "rule": {"min": 5, "max": 240, "step": 5}, "renamedFrom": ["interval"]}]}]}
            """#)
        let prefs = Preferences(store: InMemoryStore(["interval": .int(7)]), schema: schema)

        let live = prefs.diagnostics()

        #expect(live.contains { $0.key == "interval" }, "\(live)")
        #expect(prefs.snapshot().diagnostics() == live)
    }
}
