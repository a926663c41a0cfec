import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// Rules across settings on every path a person or a script writes by (issue 42, item 3):
/// `prefs-tui set` and `import`, the editor (the field stays open with the message), the plain
/// mode; and a stored pair that breaks a rule, marked and listed.
@Suite("Rules across settings, on every write path")
struct SettingsRuleSurfaceTests {
    static let schemaText = #"""
        {"title": "Alerts", "suite": "com.example.alerts", "rules": [{"ordered": ["low", "high"]}],
         "sections": [{"name": "Alerts", "settings": [
          {"key": "low", "type": "int", "title": "Low", "default": 5},
          {"key": "high", "type": "int", "title": "High", "default": 25}]}]}
        """#
    static let message = "low (30) must not be above high (25)"

    private func fixture() throws -> CommandLineFixture {
        var cli = CommandLineFixture()
        cli.suite = "com.example.alerts"
        try #require(try cli.run("schema", "install", try cli.write(Self.schemaText, to: "alerts.json")).status == 0)
        return cli
    }

    private func prefs(_ stored: [String: PlistValue] = [:]) throws -> (Preferences, InMemoryStore) {
        let store = InMemoryStore(stored)
        return (Preferences(store: store, schema: try PreferenceSchema(jsonText: Self.schemaText)), store)
    }

    @Test func setRefusesNamingBothSettingsAndTheirValues() throws {
        let cli = try fixture()

        let set = try cli.run("set", "--suite", cli.suite, "low", "30")

        #expect(set.status == 65)
        #expect(set.error == "prefs-tui: \(Self.message); nothing was saved\n", "\(set.error)")
        #expect(try cli.run("get", "--suite", cli.suite, "low").output == "5\n")
    }

    @Test func importIsAllOrNothing() throws {
        let cli = try fixture()
        let file = try cli.write(#"{"low": 30, "high": 20}"#, to: "export.json")

        let imported = try cli.run("import", "--suite", cli.suite, file)

        #expect(imported.status == 65, "\(imported.error)")
        #expect(imported.error.contains("low (30) must not be above high (20)"), "\(imported.error)")
        #expect(SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false).storedValues().isEmpty)
    }

    @Test func theEditorsFieldStaysOpenWithTheMessage() throws {
        let (prefs, store) = try prefs()
        let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 100, height: 24)

        editor.press(.enter, .control("u"))
        editor.type("30")
        editor.press(.enter)

        #expect(editor.statusLine == " \(Self.message); nothing was saved", "\(editor.screen)")
        guard case .editingLine(let edit) = editor.controller.state.mode else {
            Issue.record("the field closed: \(editor.screen)")
            return
        }
        #expect(edit.editor.text == "30")
        #expect(store.storedValues().isEmpty)
    }

    @Test func thePlainModeSaysWhyAndAsksAgain() throws {
        let (prefs, store) = try prefs()
        let plain = try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(mode: .plain)))

        plain.answer("low", "30")

        #expect(plain.transcript.contains("\(Self.message); nothing was saved"), "\(plain.transcript)")
        #expect(store.storedValues().isEmpty)
    }

    @Test func aStoredPairThatBreaksTheRuleIsMarkedAndListed() throws {
        let (prefs, _) = try prefs(["low": .int(40), "high": .int(20)])
        let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 100, height: 24)
        let cli = try fixture()
        // Another program's write, which no rule of ours checked.
        _ = try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false).commit(["low": .int(40), "high": .int(20)])

        let rows = editor.screen.components(separatedBy: "\n")
        let list = try cli.run("list", "--suite", cli.suite)

        #expect(rows.contains { $0.hasPrefix("! Low") }, "\(editor.screen)")
        #expect(rows.contains { $0.hasPrefix("! High") }, "\(editor.screen)")
        #expect(editor.statusLine == " Stored values break a rule (marked !): low (40) must not be above high (20)", "\(editor.screen)")
        #expect(list.lines.filter { $0.hasSuffix("breaks a rule: low (40) must not be above high (20)") }.count == 2, "\(list.output)")
    }
}
