import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

@Suite("Reset, undo, filter, navigation and outside changes")
struct EditorSessionTests {
    @Test func resetOneSettingToItsDefault() {
        let editor = EditorHarness(stored: ["temperatureNotation": .string("kelvin")])
        editor.press(.character("r"))
        #expect(editor.stored("temperatureNotation") == nil)
        #expect(editor.status == " Reset temperatureNotation to its default (celsius)")
        editor.press(.character("r"))
        #expect(editor.status == " temperatureNotation already has its default")
    }

    @Test func resetAllAsksFirst() {
        let editor = EditorHarness(stored: ["city": .string("Bergen"), "decimalPlaces": .int(2), "foreign": .int(1)])
        editor.press(.character("R"))
        #expect(editor.status == " Reset all 2 settings to defaults? (y/n)")
        editor.press(.character("n"))
        #expect(editor.stored("city") == .string("Bergen"))
        editor.press(.character("R"), .character("y"))
        #expect(editor.stored("city") == nil && editor.stored("decimalPlaces") == nil)
        #expect(editor.stored("foreign") == .int(1))
        #expect(editor.status == " Reset 2 settings to their defaults")
    }

    @Test func undoTakesBackChangesOneByOne() {
        let editor = EditorHarness()
        editor.press(.right, .right)                     // celsius → fahrenheit → kelvin
        editor.select("City")
        editor.press(.character("r"))                    // nothing stored: no change, nothing to undo
        editor.press(.enter, .control("u"))
        editor.type("Bergen")
        editor.press(.enter)

        editor.press(.character("u"))
        #expect(editor.stored("city") == nil)
        #expect(editor.status == " Undid: city = Oslo")
        editor.press(.character("u"))
        #expect(editor.stored("temperatureNotation") == .string("fahrenheit"))
        editor.press(.character("u"))
        #expect(editor.stored("temperatureNotation") == nil)
        editor.press(.character("u"))
        #expect(editor.status == " Nothing to undo")
    }

    @Test func undoOfResetAllRestoresEverything() {
        let editor = EditorHarness(stored: ["city": .string("Bergen"), "refreshInterval": .int(60)])
        editor.press(.character("R"), .character("y"), .character("u"))
        #expect(editor.stored("city") == .string("Bergen"))
        #expect(editor.stored("refreshInterval") == .int(60))
    }

    @Test func filterIsIncrementalAndEnterKeepsIt() {
        let editor = EditorHarness()
        editor.press(.character("/"))
        editor.type("re")
        #expect(editor.screen.contains("Filter: re"))
        #expect(editor.screen.contains("Temperature"))               // "temperatuRE"
        editor.type("f")
        #expect(!editor.screen.contains("  Temperature "))
        #expect(editor.row("Refresh every").contains("15 min"))
        #expect(editor.screen.contains("2 of 11"))                  // and "Last refresh"
        editor.press(.enter)
        #expect(editor.controller.state.selectedKey?.name == "refreshInterval")
        editor.press(.right)
        #expect(editor.stored("refreshInterval") == .int(20))
        editor.press(.escape)
        #expect(!editor.screen.contains("Filter:"))
        #expect(editor.screen.contains("  Temperature "))
    }

    @Test func filterMatchesKeysToo() {
        let editor = EditorHarness()
        editor.press(.character("/"))
        editor.type("notation")
        #expect(editor.screen.contains("3 of 11"))
        editor.press(.escape)
        #expect(editor.controller.state.listedCount == 11)
    }

    @Test func modifiedOnlyShowsChangedSettings() {
        let editor = EditorHarness(stored: ["city": .string("Bergen")])
        editor.press(.character("m"))
        #expect(editor.row("City").contains("Bergen"))
        #expect(!editor.screen.contains("  Temperature "))
        editor.press(.character("r"))
        #expect(editor.screen.contains("No modified settings"))
        editor.press(.character("m"))
        #expect(editor.screen.contains("  Temperature "))
    }

    @Test func navigationKeys() {
        let editor = EditorHarness()
        func selected() -> String? { editor.controller.state.selectedKey?.name }
        editor.press(.tab)
        #expect(selected() == "city")
        editor.press(.tab, .tab)
        #expect(selected() == "decimalPlaces")
        editor.press(.backTab)
        #expect(selected() == "refreshInterval")
        editor.press(.character("G"))
        #expect(selected() == "lastRefresh")
        editor.press(.character("g"))
        #expect(selected() == "temperatureNotation")
        editor.press(.character("j"), .character("j"), .character("k"))
        #expect(selected() == "unitsNotation")
        editor.press(.pageDown)
        #expect(selected() == "lastRefresh")
        editor.press(.up)
        #expect(selected() == "decimalPlaces")
    }

    @Test func quitKeys() {
        for key: KeyEvent in [.character("q"), .function(10), .control("c")] {
            let editor = EditorHarness()
            editor.press(key)
            #expect(editor.controller.shouldQuit)
        }
        let typing = EditorHarness()
        typing.select("City")
        typing.press(.enter, .character("q"))
        #expect(!typing.controller.shouldQuit)
    }

    @Test func anOutsideChangeShowsAtOnceButDoesNotOverwriteAFieldBeingEdited() throws {
        let editor = EditorHarness()
        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.type("Bergen")

        let other = Preferences(store: editor.store, schema: EditorHarness.schema)
        try other.set("Trondheim", for: .city)
        editor.changedOutside("city")

        #expect(editor.row("City").contains("Bergen"))
        #expect(editor.status.contains("city was changed by another program to Trondheim"))
        editor.press(.escape)
        #expect(editor.row("City").contains("Trondheim"))
    }

    @Test func anOutsideChangeUpdatesTheListAndLivePreview() throws {
        let editor = EditorHarness()
        let other = Preferences(store: editor.store, schema: EditorHarness.schema)
        try other.set(.imperial, for: .unitsNotation)
        editor.changedOutside("unitsNotation")
        #expect(editor.row("Units").contains("‹ Imperial ›"))
        #expect(editor.screen.contains("Wind          11.2 mph"))
        #expect(editor.status == " Changed by another program: unitsNotation")
    }

    @Test func aFailedWriteIsReportedAndNotClaimedAsSaved() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("blocked-\(UUID().uuidString)").path
        try Data().write(to: URL(fileURLWithPath: directory))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let prefs = Preferences(store: SuiteStore(suiteName: "x", directory: directory, watchForChanges: false), schema: EditorHarness.schema)
        let controller = EditorController(prefs: prefs, suiteName: "x", width: 200, height: 24)
        controller.handle(.right)
        #expect(controller.frame().line(23).contains("cannot write \(directory): it is not a folder; nothing was saved"))
        #expect(controller.frame().text.contains("‹ Celsius ›"))
    }
}
