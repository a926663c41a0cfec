import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// Keys in the file that the schema does not describe: shown last, marked, and left alone by
/// "reset all" (they belong to another program and have no default here).
@Suite("Editor: other keys in the file")
struct EditorOtherKeysTests {
    private func harness() -> EditorHarness {
        let stored: [String: PlistValue] = ["city": .string("Bergen"), "legacyMode": .bool(true)]
        let schema = EditorHarness.schema.addingOtherKeys(from: stored)
        return EditorHarness(width: 100, height: 30, stored: stored, schema: schema)
    }

    @Test func anUndescribedKeyIsMarkedInThePaneAndTheDetails() {
        let editor = harness()
        editor.select("legacyMode")
        #expect(editor.screen.contains("Not described by the schema"))
        editor.press(.character("i"))
        #expect(editor.screen.contains("Not described by the schema"))
    }

    @Test func aDescribedKeyCarriesNoSuchMark() {
        let editor = harness()
        editor.select("City")
        #expect(!editor.screen.contains("Not described by the schema"))
    }

    @Test func resetAllResetsDescribedSettingsAndKeepsOtherKeys() {
        let editor = harness()
        editor.press(.character("R"), .character("y"))
        #expect(editor.stored("city") == nil)
        #expect(editor.stored("legacyMode") == .bool(true))
    }
}
