import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// `prefs-tui migrate` on a schema file that renames and retires settings (issue 21).
@Suite("prefs-tui migrate")
struct MigrateCommandTests {
    static let schema = #"""
        {"suite": "com.acme.app", "retired": ["legacyMode"], "sections": [{"name": "S", "settings": [
          {"key": "units", "type": "string", "default": "metric", "rule": {"choices": ["metric", "imperial"]}, "renamedFrom": ["unitSystem"]},
          {"key": "refreshMinutes", "type": "int", "default": 15, "rule": {"min": 5, "max": 240, "step": 5}, "renamedFrom": ["interval"]}]}]}
        """#

    private func fixture() throws -> (CommandLineFixture, String) {
        var cli = CommandLineFixture()
        cli.suite = "com.acme.app"
        try SuiteStore(suiteName: "com.acme.app", directory: cli.directory.path, watchForChanges: false)
            .commit(["unitSystem": .string("imperial"), "interval": .int(7), "legacyMode": .bool(true)])
        return (cli, try cli.write(Self.schema, to: "app.schema.json"))
    }

    @Test func aDryRunPrintsThePlanAndWritesNothingThenMigrateCarriesItOut() throws {
        let (cli, schema) = try fixture()
        let before = cli.plistBytes

        let dry = try cli.run("migrate", "--dry-run", "--schema", schema)

        #expect(dry.status == 0)
        #expect(dry.lines == [
            #"unitSystem → units: "imperial""#,
            "interval: 7 kept (refreshMinutes does not take it: 7 is not allowed; allowed: 5…240 in steps of 5)",
            "legacyMode: true removed (retired)",
        ], "\(dry.output)")
        #expect(dry.error.contains("dry run: nothing was written"))
        #expect(cli.plistBytes == before)

        let done = try cli.run("migrate", "--schema", schema)

        #expect(done.status == 0)
        #expect(cli.stored == ["units": .string("imperial"), "interval": .int(7)])
        #expect(try cli.run("get", "units", "--schema", schema).output == "imperial\n")
        #expect(try cli.run("migrate", "--schema", schema).lines == ["interval: 7 kept (refreshMinutes does not take it: 7 is not allowed; allowed: 5…240 in steps of 5)"])
    }

    @Test func exportWritesValuesAsTheyAreReadAndKeepsThoseLeftUnderOldNames() throws {
        let (cli, schema) = try fixture()

        let export = try cli.run("export", "--schema", schema)

        #expect(try JSONValue(parsing: export.output) == .object(["units": .string("imperial"), "interval": .int(7)]), "\(export.output)")
    }

    @Test func namesThisProgramNoLongerHasCannotBeSetOrRenamedTo() throws {
        let (cli, schema) = try fixture()

        let retired = try cli.run("set", "--type", "string", "legacyMode", "x", "--schema", schema)
        let old = try cli.run("set", "--type", "int", "unitSystem", "3", "--schema", schema)
        let renamed = try cli.run("rename", "interval", "legacyMode", "--schema", schema)

        #expect(retired.status == 64)
        #expect(retired.error == "prefs-tui: \"legacyMode\" is a setting this program retired; it cannot be set\n")
        #expect(old.error == "prefs-tui: \"unitSystem\" is the old name of units; it cannot be set\n")
        #expect(renamed.status == 65)
        #expect(renamed.error.contains("\"legacyMode\" is a setting this program retired"), "\(renamed.error)")
    }

    @Test func aSchemaWhoseRenamesCollideIsRefused() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(#"""
            {"suite": "s", "retired": ["m"], "sections": [{"name": "S", "settings": [
              {"key": "n", "type": "int", "default": 1, "renamedFrom": ["m"]}]}]}
            """#, to: "bad.json")

        let result = try cli.run("list", "--schema", schema)

        #expect(result.status == 65)
        #expect(result.error.contains("\"m\" is retired and also the old name of n"), "\(result.error)")
    }

    @Test func aSettingWithoutADeclaredDefaultStoresItsEmptyValues() throws {
        var cli = CommandLineFixture()
        cli.suite = "s"
        let schema = try cli.write(#"{"suite": "s", "sections": [{"name": "S", "settings": [{"key": "port", "type": "int"}, {"key": "on", "type": "bool"}]}]}"#, to: "s.json")

        #expect(try cli.run("set", "port", "0", "--schema", schema).status == 0)
        #expect(try cli.run("set", "on", "false", "--schema", schema).status == 0)

        #expect(cli.stored == ["port": .int(0), "on": .bool(false)])
        #expect(try cli.run("get", "--explain", "port", "--schema", schema).lines.first == "port = 0  (your file)")
    }

    @Test func explainSaysAValueIsUnderAnOldNameOrKeptThere() throws {
        let (cli, schema) = try fixture()

        let units = try cli.run("get", "--explain", "units", "--schema", schema)
        let minutes = try cli.run("get", "--explain", "refreshMinutes", "--schema", schema)
        let json = try cli.run("get", "--explain", "--json", "units", "--schema", schema)

        #expect(units.lines.contains("  the user's value is stored under its old name unitSystem; the next write moves it"), "\(units.output)")
        #expect(minutes.lines.contains("  interval holds 7, not moved: refreshMinutes does not take it: 7 is not allowed; allowed: 5…240 in steps of 5"),
                "\(minutes.output)")
        #expect(json.output.contains(#""storedUnder" : "unitSystem""#), "\(json.output)")
    }

    @Test func anOldExportImportsThroughTheRenames() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.acme.app"
        let schema = try cli.write(Self.schema, to: "app.schema.json")
        let export = try cli.write(#"{"unitSystem": "imperial", "legacyMode": true, "interval": 7}"#, to: "old-export.json")

        let result = try cli.run("import", export, "--schema", schema)

        #expect(result.status == 0, "\(result.error)")
        // 7 is no value of refreshMinutes: kept under its old name, as a migration keeps it.
        #expect(cli.stored == ["units": .string("imperial"), "interval": .int(7)])
    }
}

/// The editor carries out a migration with its first write and says so, once.
@Suite("Editor: a migration said once")
struct EditorMigrationTests {
    @Test func theFirstWriteSaysWhatItMovedAndRemoved() throws {
        let schema = try PreferenceSchema(jsonText: MigrateCommandTests.schema)
        let editor = EditorHarness(width: 120, height: 30, stored: ["unitSystem": .string("imperial"), "legacyMode": .bool(true)],
                                   schema: schema)
        #expect(editor.row("units").contains("Imperial") || editor.row("units").contains("imperial"), "\(editor.screen)")

        editor.select("refreshMinutes")
        editor.press(.right)

        #expect(editor.status.contains("Saved refreshMinutes = 20;"), "\(editor.screen)")
        #expect(editor.status.contains("moved unitSystem → units") && editor.status.contains("removed legacyMode (retired)"), "\(editor.screen)")
        #expect(editor.stored("units") == .string("imperial"))
        #expect(editor.stored("unitSystem") == nil)
        editor.press(.right)
        #expect(!editor.status.contains("moved"), "\(editor.screen)")
    }

    @Test func aRenamedSettingCanBeSetBackToItsDefault() throws {
        let schema = try PreferenceSchema(jsonText: MigrateCommandTests.schema)
        let editor = EditorHarness(width: 120, height: 30, stored: ["unitSystem": .string("imperial")], schema: schema)
        editor.select("units")

        editor.press(.character("r"))

        #expect(editor.stored("unitSystem") == nil, "\(editor.screen)")
        #expect(editor.stored("units") == nil)
        #expect(editor.row("units").contains("metric"), "\(editor.screen)")
    }
}
