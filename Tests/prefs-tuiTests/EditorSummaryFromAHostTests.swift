import PrefsEditor
import PrefsModel
import Testing

/// What a host learns from the editor, through the public harness only: the person's changes
/// apart from what a migration carried along, how the session ended, and a change typed as its
/// key (issue 29, "What a host gets back").
@Suite("The summary a host gets back")
struct EditorSummaryFromAHostTests {
    enum Format: String, PreferenceChoice {
        case jpeg, png, webp
        var title: String { rawValue.uppercased() }
    }

    static let quality = PreferenceKey<Int>("quality", default: 80, rule: .range(1...100), title: "Quality", section: "Export")
    static let format = PreferenceKey<Format>("format", default: .jpeg, title: "Format", section: "Export")
    static let outputDirectory = PreferenceKey<String>("outputDirectory", default: "~/Pictures", title: "Output folder",
                                                       section: "Export", renamedFrom: ["outputFolder"])
    /// Version 2 of the exporter's settings: `outputFolder` was renamed.
    static let schema = PreferenceSchema(title: "Photo exporter", suiteName: "com.example.exporter",
                                         keys: [quality, format, outputDirectory], version: 2)

    private func editor(storing stored: [String: PlistValue] = [:]) throws -> (PreferencesEditor.Harness, Preferences) {
        let prefs = Preferences(store: InMemoryStore(stored), schema: Self.schema)
        return (try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 100, height: 30), prefs)
    }

    @Test func aVersionedSuiteWithAnOldNamesValueListsOnlyWhatThePersonChanged() throws {
        let (editor, prefs) = try editor(storing: ["outputFolder": .string("/home/me/export")])

        editor.press(.down, .right)                          // Format: jpeg → png

        #expect(prefs[Self.format] == .png)
        #expect(editor.summary.changes == [PreferencesEditor.Change(key: "format", before: nil, after: .string("png"))])
        #expect(Set(editor.summary.migrated.map(\.key)) == ["outputFolder", "outputDirectory", "prefs.schemaVersion"])
    }

    @Test func aSchemaVersionAloneIsNoChangeOfThePersons() throws {
        let (editor, _) = try editor()

        editor.press(.right)                                 // Quality: 80 → 81

        #expect(editor.summary.changes.map(\.key) == ["quality"])
        #expect(editor.summary.migrated == [PreferencesEditor.Change(key: "prefs.schemaVersion", before: nil, after: .int(2))])
    }

    @Test func changesAreListedInTheOrderThePersonMadeThem() throws {
        let (editor, _) = try editor()

        editor.press(.down, .right, .up, .right, .down, .right)   // format, quality, format again

        #expect(editor.summary.changes.map(\.key) == ["format", "quality"])
    }

    @Test func aChangeReadsAsItsKeysOwnType() throws {
        let (editor, _) = try editor(storing: ["quality": .int(90)])

        editor.press(.right, .right)

        let quality = editor.summary.change(of: Self.quality)
        #expect(quality?.before == 90 && quality?.after == 92)
        #expect(editor.summary.change(of: Self.format) == nil)
    }

    @Test func ctrlCIsAnInterruptionAndQIsAQuit() throws {
        let (interrupted, _) = try editor()
        let (quit, _) = try editor()

        interrupted.press(.control("c"))
        quit.press(.character("q"))

        #expect(interrupted.hasQuit && interrupted.summary.ending == .interrupted)
        #expect(quit.hasQuit && quit.summary.ending == .quit)
    }
}
