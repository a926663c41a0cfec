import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// The small things a new user met in their first hour (issue 51, item 7), each as they saw it.
@Suite("A first hour's small things")
struct FirstHourTests {
    static let pair = #"""
        {"title": "Pair", "suite": "com.example.pair", "rules": [{"ordered": ["low", "high"]}], "sections": [{"name": "Pair", "settings": [
          {"key": "low", "type": "int", "title": "Low", "default": 40},
          {"key": "high", "type": "int", "title": "High", "default": 60}]}]}
        """#

    @Test func aRangeReadsAsARangeWhereTheLocaleIsNotUTF8() throws {
        var grid = ScreenGrid(width: 40, height: 2)
        grid.put("Allowed  5…1440", x: 0, y: 0)
        grid.put("Oslo, Bergen, Tromsø…", x: 0, y: 1)

        let diff = try #require(FrameDiff.between(nil, and: grid, monochrome: true, isUTF8: false))
        let text = diff.runs.map(\.text).joined(separator: "|")

        #expect(text.contains("5-1440"), "\(text)")
        #expect(!text.contains("5.1440"))
        #expect(text.contains("Troms?."), "\(text)")
    }

    @Test func aStoredSecretThatBreaksItsRuleIsNotCalledSet() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(#"""
            {"suite": "com.example.token", "sections": [{"name": "S", "settings": [
              {"key": "token", "type": "string", "default": "", "secret": true, "rule": {"maxLength": 4}}]}]}
            """#, to: "token.json")
        try SuiteStore(suiteName: "com.example.token", directory: cli.directory.path, watchForChanges: false)
            .commit(["token": .string("MUCH-TOO-LONG")])

        let list = try cli.run("list", "--schema", schema)
        let explained = try cli.run("get", "--explain", "token", "--schema", schema)

        let row = try #require(list.lines.first { $0.hasPrefix("token") })
        #expect(row.contains("(secret, stored value ignored)") && row.contains("default"), "\(row)")
        #expect(!row.contains("(secret, set)"))
        #expect(explained.lines.first?.contains("(secret, stored value ignored)") == true, "\(explained.output)")
        #expect(!(list.output + explained.output).contains("MUCH-TOO-LONG"))
    }

    @Test func theNoSecretNoteGoesWhenTheSelectionMoves() throws {
        let city = PreferenceKey<String>("city", default: "Oslo", title: "City")
        let token = PreferenceKey<String>("token", default: "", title: "Token", isSecret: true)
        let editor = EditorHarness(schema: PreferenceSchema(title: "T", suiteName: "com.example.t", keys: [city, token]))
        editor.select("City")

        editor.press(.character("s"))
        #expect(editor.status.contains("this one is no secret"), "\(editor.status)")
        editor.press(.down)

        #expect(!editor.status.contains("no secret"), "\(editor.status)")
    }

    @Test func allowedNamesTheRuleAcrossSettingsOnScreenAndInThePlainMode() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(Self.pair, to: "pair.json")

        let screen = try cli.run("render", "--schema", schema)
        let plain = try cli.runInShell("< <(printf 'low\\n\\nhigh\\n\\nq\\n')", ["--plain", "--schema", schema])

        #expect(screen.lines.contains { $0.contains("Allowed") && $0.contains("not above High") }, "\(screen.output)")
        #expect(plain.output.contains("Allowed: a whole number; not above High."), "\(plain.output)")
        #expect(plain.output.contains("Allowed: a whole number; not below Low."), "\(plain.output)")
    }

    @Test func thePlainModeAsksAgainAfterARefusalByARuleAcrossSettings() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(Self.pair, to: "pair.json")

        let plain = try cli.runInShell("< <(printf 'low\\n70\\n\\nq\\n')", ["--plain", "--schema", schema])

        #expect(plain.status == 0, "\(plain.error)")
        let refusal = try #require(plain.output.range(of: "must not be above"), "\(plain.output)")
        let after = plain.output[refusal.upperBound...]
        #expect(after.contains("New value for Low"), "\(plain.output)")
        #expect(after.contains("Low stays 40"), "\(plain.output)")
        #expect(try cli.run("get", "low", "--schema", schema).output == "40\n")
    }

    @Test func theRepositoryRootHoldsNoStrayJSONFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

        let stray = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }

        #expect(stray.isEmpty, "\(stray)")
    }
}
