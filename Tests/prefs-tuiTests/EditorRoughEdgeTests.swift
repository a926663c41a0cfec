import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

@Suite("Rough edges: paste, too small, undo over outside changes, defaults, details")
struct EditorRoughEdgeTests {
    @Test func aPasteWithANewlineGoesIntoTheFieldAndNeverCommits() {
        let editor = EditorHarness()
        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.paste("Lima\nrefresh")
        #expect(editor.row("City").contains("Lima refresh"))
        #expect(editor.stored("city") == nil)
        #expect(editor.controller.frame().cursor != nil)
    }

    @Test func aPasteWhileBrowsingDoesNothingButSaySo() {
        let editor = EditorHarness(stored: ["city": .string("Bergen")])
        editor.select("City")
        editor.paste("Lima\nr")
        #expect(editor.stored("city") == .string("Bergen"))
        #expect(editor.status == " Paste ignored: open a field with Enter to paste into it")
    }

    @Test func whileTooSmallOnlyQuitAndResizeAct() {
        let editor = EditorHarness()
        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.type("Bergen")
        editor.resize(width: 30, height: 8)
        editor.press(.enter)
        #expect(editor.stored("city") == nil)
        editor.press(.character("q"))
        #expect(editor.controller.shouldQuit)
    }

    @Test func undoRefusesOverAChangeAnotherProgramMadeSince() throws {
        let editor = EditorHarness()
        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.type("Bergen")
        editor.press(.enter)
        try Preferences(store: editor.store, schema: EditorHarness.schema).set("Trondheim", for: .city)
        editor.changedOutside("city")

        editor.press(.character("u"))
        #expect(editor.status == " city was changed by another program since; not undone")
        #expect(editor.stored("city") == .string("Trondheim"))
        #expect(editor.controller.state.undoStack.count == 1)              // the entry is kept
    }

    @Test func anOpenChoiceListFollowsAChangeAnotherProgramMadeToItsSetting() throws {
        let editor = EditorHarness()
        editor.select("Temperature")
        editor.press(.enter)                                               // opens on Celsius
        _ = try editor.store.commit(["temperatureNotation": .string("kelvin")], by: nil)
        editor.changedOutside("temperatureNotation")
        #expect(editor.status.contains("temperatureNotation was changed by another program to kelvin"))

        editor.press(.enter)
        #expect(editor.stored("temperatureNotation") == .string("kelvin"))
    }

    @Test func anItemBeingTypedSurvivesAChangeAnotherProgramMadeToItsList() throws {
        let editor = EditorHarness()
        editor.select("Favourite cities")
        editor.press(.enter, .character("a"))
        editor.type("Lima")
        _ = try editor.store.commit(["favoriteCities": .array([.string("Rome")])], by: nil)
        editor.changedOutside("favoriteCities")
        #expect(editor.status == " favoriteCities was changed by another program; list updated, your item kept")

        editor.press(.enter)
        #expect(editor.stored("favoriteCities") == .array([.string("Rome"), .string("Lima")]))
    }

    @Test func aFileAnotherProgramLeftUnreadableIsReportedNotJustItsKeys() throws {
        let store = UnreadableStore()
        let editor = EditorHarness(store: store)
        _ = try store.commit(["city": .string("Bergen")], by: nil)
        editor.changedOutside("city")
        #expect(editor.status == " Changed by another program: city")

        store.problem = "/home/ada/.config/com.example.weather.plist is not a valid property list; showing defaults"
        _ = try store.commit(["city": nil], by: nil)
        editor.changedOutside("city")
        #expect(editor.status.hasPrefix(" /home/ada/.config/com.example.weather.plist is not a valid property list"))
        editor.press(.character("i"))
        #expect(editor.screen.contains("showing defaults"))
    }

    @Test func aRefusedListItemIsNamedWithItsOwnRule() {
        let editor = EditorHarness()
        editor.select("Favourite cities")
        editor.press(.enter, .character("a"))
        editor.type("   ")
        editor.press(.enter)
        #expect(editor.controller.state.message?.text == #"favoriteCities: item "   " is not allowed; allowed: non-empty text of at most 64 characters"#)
        #expect(editor.stored("favoriteCities") == nil)
        guard case .editingList(let list) = editor.controller.state.mode else { Issue.record("the list editor closed"); return }
        #expect(list.itemEdit?.editor.text == "   ")                       // the item stays open
    }

    @Test func aCommittedValueEqualToTheDefaultRemovesTheStoredValue() {
        let editor = EditorHarness(stored: ["city": .string("Bergen")])
        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.type("Oslo")
        editor.press(.enter)
        #expect(editor.stored("city") == nil)
        #expect(editor.row("City").hasPrefix("  City"))
        #expect(editor.status == " Saved city = Oslo (its default: nothing stored)")
    }

    @Test func toggleTwiceLeavesNoMarkAndNothingStored() {
        let editor = EditorHarness()
        editor.select("Notifications")
        editor.press(.character(" "))
        #expect(editor.row("Notifications").hasPrefix("● Notifications"))
        editor.press(.character(" "))
        #expect(editor.row("Notifications").hasPrefix("  Notifications"))
        #expect(editor.store.storedValues().isEmpty)
    }

    @Test func anotherProgramsValueIsKeptEvenWhenItEqualsTheGuessedDefault() {
        let stored: [String: PlistValue] = ["legacyMode": .bool(true)]
        let editor = EditorHarness(stored: stored, schema: PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup"))
        editor.select("legacyMode")
        editor.press(.character(" "))
        #expect(editor.stored("legacyMode") == .bool(false))            // no schema says false is its default
    }

    @Test func detailsShowEverythingAboutTheSettingAndTheWholeMessage() {
        let editor = EditorHarness(width: 60, height: 20)
        editor.select("Refresh every")
        editor.press(.enter, .control("u"))
        editor.type("7")
        editor.press(.enter)
        #expect(editor.status.hasSuffix("…"))                                  // cut at 60 columns
        editor.press(.escape, .character("i"))
        let screen = editor.screen
        #expect(screen.contains("Minutes between"))
        #expect(screen.contains("Type     int"))
        #expect(screen.contains("Default  15"))
        #expect(screen.contains("Allowed  5…240 in steps of 5"))
        #expect(screen.contains("Value    15 min (default)"))
        #expect(screen.replacingOccurrences(of: "│", with: "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ").contains("Cancelled; refreshInterval is 15"))
        editor.press(.character("x"))
        #expect(!editor.screen.contains("┌─ Refresh every"))
    }

    @Test func detailsOfASettingWithoutARuleClaimNoRule() {
        let editor = EditorHarness(width: 60, height: 20)
        editor.select("Data source")

        editor.press(.character("i"))

        // Its type still limits it (an absolute URL), so "any value" would be wrong.
        #expect(editor.screen.contains("Type     url"))
        #expect(!editor.screen.contains("any value"))
    }

    @Test func theDetailsPaneShowsTheWholeValueWrapped() {
        let url = "https://weather.internal.example.com/api/v2/forecast?region=north-europe&units=metric"
        let editor = EditorHarness(stored: ["dataSource": .string(url)])
        editor.select("Data source")
        #expect(editor.row("Data source").hasSuffix("…"))
        #expect(!editor.row("Data source").contains(url))
        // A URL has no spaces, so it is broken inside; its pieces, put together, are the whole.
        #expect(editor.pane.joined().replacingOccurrences(of: " ", with: "").hasPrefix("dataSource=" + url + "·default"))
    }

    @Test func modifiedOnlyShowsALastingIndicator() {
        let editor = EditorHarness(stored: ["city": .string("Bergen")])
        editor.press(.character("m"), .down)
        #expect(editor.lines[1].contains("Modified only (m: all)"))
        #expect(editor.lines[1].contains("1 of 11"))
        editor.press(.character("m"))
        #expect(!editor.screen.contains("Modified only"))
    }

    @Test func resetInAFilteredViewSaysWhichSettingsItResets() {
        let editor = EditorHarness(stored: ["city": .string("Bergen"), "refreshInterval": .int(30), "decimalPlaces": .int(2)])
        editor.press(.character("/"))
        editor.type("re")
        editor.press(.enter, .character("R"))
        #expect(editor.status == " Reset refreshInterval to its default? (y/n)")
        editor.press(.character("y"))
        #expect(editor.stored("refreshInterval") == nil)
        #expect(editor.stored("city") == .string("Bergen"))
    }

    @Test func resetOfManySettingsPutsTheCountAndTheQuestionBeforeTheNames() {
        let editor = EditorHarness(width: 60, height: 20, stored: ["city": .string("Bergen"), "refreshInterval": .int(30),
                                                                  "decimalPlaces": .int(2), "unitsNotation": .string("imperial")])
        editor.press(.character("m"), .character("R"))
        #expect(editor.status == " Reset 4 settings? (y/n) unitsNotation, city, refreshInter…")
    }

    @Test func atFortyColumnsEvenOneLongNameGivesWayToTheQuestion() {
        let editor = EditorHarness(width: 40, height: 14, stored: ["temperatureNotation": .string("kelvin"), "city": .string("Bergen")])
        editor.press(.character("m"), .character("R"))
        #expect(editor.status == " Reset 2 settings? (y/n) temperatureNo…")
        editor.press(.character("n"), .character("/"))
        editor.type("temp")
        editor.press(.enter, .character("R"))
        #expect(editor.status == " Reset 1 setting? (y/n) temperatureNot…")
        editor.press(.character("n"), .escape, .character("m"), .character("R"))
        #expect(editor.status == " Reset all 2 settings? (y/n)")
    }

    @Test func resettingInTheModifiedOnlyViewKeepsThePlaceInTheList() {
        let editor = EditorHarness(stored: ["city": .string("Bergen"), "refreshInterval": .int(30), "decimalPlaces": .int(2)])
        editor.press(.character("m"), .down)
        #expect(editor.controller.state.selectedKey?.name == "refreshInterval")

        editor.press(.character("r"))

        // refreshInterval left the list; the setting after it is selected, not the first.
        #expect(editor.controller.state.selectedKey?.name == "decimalPlaces")
        editor.press(.character("r"))
        #expect(editor.controller.state.selectedKey?.name == "city")     // the last one left
        editor.press(.character("r"))
        #expect(editor.controller.state.selectedKey == nil)               // none left
        #expect(editor.screen.contains("No modified settings"))
    }

    @Test func theCursorBeforeAWideEscapeNearTheEdgeStillShowsIt() {
        let editor = LineEditor(text: String(repeating: "a", count: 20) + "\u{1B}")
        var moved = editor
        _ = moved.apply(KeyEvent.left)                                             // onto the ESC
        let (text, cursor) = moved.visible(width: 10)
        #expect(text.hasSuffix(#"\u{1B}"#))
        #expect(cursor == 4)
    }

    @Test func theLineEditorShowsControlCharactersEscapedAndCountsTheirColumns() {
        let editor = EditorHarness(stored: ["city": .string("a\tb")])
        editor.select("City")
        editor.press(.enter)
        let grid = editor.controller.frame()
        #expect(editor.row("City").contains(#"a\tb"#))
        // The cursor after the text: 4 columns (`a`, `\t`, `b`), not 3.
        #expect(grid.cursor?.x == EditorLayout(width: 80, height: 24, showsFilter: false).valueX + 4)
    }

    @Test func theDetailsPaneNamesADefaultOnlyWhenTheValueShownDiffersFromIt() {
        let stored: [String: PlistValue] = ["unitsNotation": .string("parsecs"), "legacyMode": .bool(true)]
        let editor = EditorHarness(stored: stored, schema: EditorHarness.schema.addingOtherKeys(from: stored))
        editor.select("Units")
        // The stored value is ignored, so the value in effect is the default: nothing to name.
        #expect(editor.pane.first == "unitsNotation = metric")
        editor.press(.end)
        // A key the schema does not describe has no default to name.
        #expect(editor.pane.first == "legacyMode = true")
    }

    @Test func controlCharactersInStoredValuesAreShownEscaped() {
        let editor = EditorHarness(width: 120, height: 30, stored: ["city": .string("Oslo\nBergen\u{1B}[31mRED")])
        editor.select("City")
        #expect(editor.row("City").hasPrefix("! City"))
        editor.press(.character("i"))
        #expect(editor.screen.contains(#"Problem  stored "Oslo\nBergen\u{1B}[31mRED" ignored"#))
        #expect(!editor.screen.contains("\u{1B}"))
    }

    @Test func withoutUTF8TheMarkersAreASCII() {
        let editor = EditorHarness(stored: ["city": .string("Bergen")], asciiMarkers: true)
        #expect(editor.row("City").hasPrefix("* City"))
        #expect(editor.row("Temperature").contains("< Celsius >"))
        #expect(AsciiFallback.text(for: "↓") == "v")
        #expect(AsciiFallback.text(for: "é") == "?")
        #expect(AsciiFallback.text(for: "東") == "??")                    // it takes two columns
        #expect(AsciiFallback.isLineDrawing.contains("┌"))
    }
}

/// A store whose file another program can leave unreadable (`problem` set).
final class UnreadableStore: PreferenceStore, @unchecked Sendable {
    private let inner = InMemoryStore()
    var problem: String?

    var location: String { "/home/ada/.config/com.example.weather.plist" }
    var loadProblem: String? { problem }
    func takeWarnings() -> [String] { [] }
    func storedValue(forKey key: String) -> PlistValue? { inner.storedValue(forKey: key) }
    func storedValues() -> [String: PlistValue] { inner.storedValues() }
    func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken { inner.addChangeHandler(handler) }
    func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] { try inner.commit(changes, by: writer) }
}
