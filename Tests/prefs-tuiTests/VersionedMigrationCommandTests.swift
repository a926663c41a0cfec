import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// A schema's version from the commands and the editor (issue 21, point 3), and the demo's own
/// migration, the README's worked example.
@Suite("Versioned migrations from the commands and the editor")
struct VersionedMigrationCommandTests {
    private static let version = PreferenceSchema.versionKey

    private static func schema(version: Int) -> String {
        #"{"suite": "com.acme.app", "version": \#(version), "retired": ["legacyMode"], "sections": [{"name": "S", "settings": [{"key": "units", "type": "string", "default": "metric", "renamedFrom": ["unitSystem"]}]}]}"#
    }

    private func fixture(_ stored: [String: PlistValue]) throws -> CommandLineFixture {
        var cli = CommandLineFixture()
        cli.suite = "com.acme.app"
        try SuiteStore(suiteName: "com.acme.app", directory: cli.directory.path, watchForChanges: false).commit(stored)
        return cli
    }

    @Test func aSchemaFileOfALaterVersionMigratesAndRecordsIt() throws {
        let cli = try fixture([Self.version: .int(1), "unitSystem": .string("imperial")])
        let schema = try cli.write(Self.schema(version: 2), to: "app.schema.json")

        let result = try cli.run("migrate", "--schema", schema)

        #expect(result.status == 0, "\(result.error)")
        #expect(result.lines == [#"unitSystem → units: "imperial""#, "schema version: 1 → 2"])
        #expect(cli.stored == ["units": .string("imperial"), Self.version: .int(2)])
    }

    @Test func anOlderSchemaFileMigratesNothingAndItsWritesKeepTheNewerVersion() throws {
        let cli = try fixture([Self.version: .int(3), "unitSystem": .string("imperial"), "legacyMode": .bool(true)])
        let schema = try cli.write(Self.schema(version: 2), to: "app.schema.json")
        let before = cli.plistBytes

        let dry = try cli.run("migrate", "--schema", schema)

        #expect(dry.status == 0)
        #expect(dry.lines == ["prefs.schemaVersion: 3 kept (a newer version of the program migrated this suite; this one is at version 2, so nothing is migrated)"])
        #expect(cli.plistBytes == before)
        #expect(try cli.run("set", "units", "nautical", "--schema", schema).status == 0)
        #expect(cli.stored == [Self.version: .int(3), "unitSystem": .string("imperial"), "legacyMode": .bool(true), "units": .string("nautical")])
    }

    @Test func aBackupCarriesTheVersionItsValuesAreAtAndIsNotListedAsAKey() throws {
        let source = try fixture([Self.version: .int(1), "unitSystem": .string("imperial")])
        let schema = try source.write(Self.schema(version: 2), to: "app.schema.json")

        let exported = try source.run("export", "--schema", schema)
        let listed = try source.run("list", "--schema", schema)

        #expect(try JSONValue(parsing: exported.output) == .object(["units": .string("imperial"), Self.version: .int(1)]))
        #expect(!listed.output.contains(Self.version), "\(listed.output)")
        let target = try fixture([:])
        let backup = try target.write(exported.output, to: "backup.json")
        #expect(try target.run("import", backup, "--schema", schema).status == 0)
        #expect(target.stored == ["units": .string("imperial"), Self.version: .int(2)])
        let refused = try target.write(#"{"prefs.schemaVersion": "two"}"#, to: "bad.json")
        let result = try target.run("import", refused, "--schema", schema)
        #expect(result.status == 65)
        #expect(result.error.contains(#"prefs.schemaVersion: "two" is not allowed; allowed: a schema version: a whole number (an integer) from 0 to 1000000"#),
                "\(result.error)")
    }

    /// Four programs started at once on a suite a version behind: the migration is made once
    /// (one of them prints its steps, the others find nothing to do) and nothing is lost.
    @Test func processesMigratingAtOnceMigrateOnce() throws {
        let cli = try fixture([Self.version: .int(1), "unitSystem": .string("imperial"), "legacyMode": .bool(true), "other": .int(7)])
        let schema = try cli.write(Self.schema(version: 2), to: "app.schema.json")

        let children = try (0..<4).map { _ in try cli.start("migrate", "--schema", schema) }
        let results = children.map { $0.finish() }

        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.error))")
        #expect(results.filter { $0.output.contains("unitSystem → units") }.count == 1, "\(results.map(\.output))")
        #expect(cli.stored == ["units": .string("imperial"), "other": .int(7), Self.version: .int(2)])
    }

    @Test func theDemosWorkedExample() throws {
        let cli = CommandLineFixture()                        // the demo's suite
        try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false)
            .commit(["unitSystem": .string("imperial"), "showRadar": .bool(true), "city": .string("Bergen")])

        let dry = try cli.run("migrate", "--dry-run")

        #expect(dry.lines == [#"unitSystem → unitsNotation: "imperial""#, "showRadar: true removed (retired)"], "\(dry.output)")
        #expect(try cli.run("get", "unitsNotation").output == "imperial\n")
        #expect(try cli.run("migrate").status == 0)
        #expect(cli.stored == ["unitsNotation": .string("imperial"), "city": .string("Bergen")])
    }
}

/// The editor says once that its first write migrated a suite to the schema's version.
@Suite("Editor: a versioned migration said once")
struct EditorVersionedMigrationTests {
    static let interval = PreferenceKey<Int>("refreshInterval", default: 15, rule: .range(5...240, step: 5), title: "Refresh")
    static let schema = PreferenceSchema(title: "App", suiteName: "app", keys: [interval], migrationSteps: [
        MigrationStep(to: 2) { suite in
            if case .int(let seconds)? = suite["refreshSeconds"] {
                suite["refreshInterval"] = .int(seconds / 60)
                suite["refreshSeconds"] = nil
            }
        },
    ])

    @Test func theFirstWriteOfAnOlderSuiteSaysItMigrated() {
        let editor = EditorHarness(width: 100, height: 24, stored: ["refreshSeconds": .int(600), "other": .bool(true)], schema: Self.schema)
        editor.select("Refresh")

        editor.press(.character("r"), .right)

        #expect(editor.status.contains("migrated to version 2"), "\(editor.screen)")
        #expect(editor.stored(PreferenceSchema.versionKey) == .int(2))
        #expect(editor.stored("refreshSeconds") == nil)
        editor.press(.right)
        #expect(!editor.status.contains("migrated"), "\(editor.screen)")
    }

    @Test func aNewSuitesFirstWriteSaysNothingOfVersions() {
        let editor = EditorHarness(width: 100, height: 24, schema: Self.schema)
        editor.select("Refresh")

        editor.press(.right)

        #expect(editor.stored(PreferenceSchema.versionKey) == .int(2))
        #expect(!editor.status.contains("migrated"), "\(editor.screen)")
    }
}
