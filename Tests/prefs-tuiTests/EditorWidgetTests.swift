import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

@Suite("Editing each kind of widget")
struct EditorWidgetTests {
    @Test func toggleFlipsABoolWithEnterOrSpaceAndWritesThrough() {
        let editor = EditorHarness()
        editor.select("Show feels-like")
        editor.press(.enter)
        #expect(editor.stored("showFeelsLike") == .bool(false))
        #expect(editor.row("Show feels-like").contains("[ ]"))
        #expect(editor.status == " Saved showFeelsLike = false")
        editor.press(.character(" "))
        #expect(editor.stored("showFeelsLike") == nil)              // back to the default: nothing stored
        #expect(editor.row("Show feels-like").hasPrefix("  Show feels-like"))
    }

    @Test func choiceCyclesWithArrowsAndWraps() {
        let editor = EditorHarness()
        editor.press(.right)
        #expect(editor.stored("temperatureNotation") == .string("fahrenheit"))
        #expect(editor.row("Temperature").contains("‹ Fahrenheit ›"))
        editor.press(.right, .right)
        #expect(editor.stored("temperatureNotation") == nil)       // celsius is the default
        editor.press(.left)
        #expect(editor.stored("temperatureNotation") == .string("kelvin"))
        #expect(editor.status == " Saved temperatureNotation = kelvin")
    }

    @Test func enterOpensAChoiceListToPickFrom() {
        let editor = EditorHarness()
        editor.select("Time format")
        editor.press(.enter)
        #expect(editor.screen.contains("┌─ Time format "))
        #expect(editor.screen.contains("│› 24-hour"))
        editor.press(.up)
        #expect(editor.screen.contains("│› 12-hour"))
        editor.press(.enter)
        #expect(!editor.screen.contains("┌─ Time format "))
        #expect(editor.stored("timeNotation") == .string("twelveHour"))
    }

    @Test func escClosesTheChoiceListWithoutWriting() {
        let editor = EditorHarness()
        editor.press(.enter, .down, .escape)
        #expect(editor.stored("temperatureNotation") == nil)
        #expect(!editor.screen.contains("┌─"))
    }

    @Test func stepperStepsByTheRuleAndHoldsTheRange() {
        let editor = EditorHarness()
        editor.select("Refresh every")
        editor.press(.right)
        #expect(editor.stored("refreshInterval") == .int(20))
        #expect(editor.row("Refresh every").contains("20 min"))
        editor.press(.left, .left, .left, .left)
        #expect(editor.stored("refreshInterval") == .int(5))
        #expect(editor.status == " refreshInterval is at its minimum (5)")
        editor.select("Decimal places")
        editor.press(.right, .right, .right)
        #expect(editor.stored("decimalPlaces") == .int(2))
        #expect(editor.status == " decimalPlaces is at its maximum (2)")
    }

    @Test func realNumbersStepOnTheGridAndBackToTheDefault() {
        let opacity = PreferenceKey<Double>("opacity", default: 0.75, rule: .range(0...1, step: 0.05), title: "Opacity")
        let editor = EditorHarness(schema: PreferenceSchema(title: "T", suiteName: "t", keys: [opacity]))
        editor.press(.right)
        #expect(editor.stored("opacity") == .double(0.8))
        #expect(editor.row("Opacity").contains("0.8"))
        editor.press(.left)
        #expect(editor.stored("opacity") == nil)
        #expect(editor.row("Opacity").contains("0.75"))
    }

    @Test func numbersAcceptTypedEntryCheckedOnCommit() {
        let editor = EditorHarness()
        editor.select("Refresh every")
        editor.press(.enter, .control("u"))
        editor.type("7")
        editor.press(.enter)
        #expect(editor.status == " refreshInterval: \"7\" is not allowed; allowed: 5…240 in steps of 5")
        #expect(editor.stored("refreshInterval") == nil)
        #expect(editor.row("Refresh every").contains("7"))          // the field stays open
        editor.press(.backspace)
        editor.type("45")
        editor.press(.enter)
        #expect(editor.stored("refreshInterval") == .int(45))
        #expect(editor.row("Refresh every").contains("45 min"))
    }

    @Test func escRestoresTheValueTheFieldHad() {
        let editor = EditorHarness()
        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.type("Bergen")
        editor.press(.escape)
        #expect(editor.row("City").contains("Oslo"))
        #expect(editor.stored("city") == nil)
        #expect(editor.status == " Cancelled; city is Oslo")
    }

    @Test func lineEditorRejectsTextAgainstTheRule() {
        let editor = EditorHarness()
        editor.select("City")
        editor.press(.enter, .control("u"), .enter)
        #expect(editor.status == " city: \"\" is not allowed; allowed: non-empty text of at most 64 characters")
        #expect(editor.controller.frame().cursor != nil)
        editor.type("Ålesund")
        editor.press(.enter)
        #expect(editor.stored("city") == .string("Ålesund"))
        #expect(!editor.controller.frame().showsCursor)   // no field open: the cursor rests, hidden, on the selection
    }

    @Test func urlsAndDatesAreCheckedByTheirParsers() {
        let editor = EditorHarness()
        editor.select("Data source")
        editor.press(.enter, .control("u"))
        editor.type("not a url")
        editor.press(.enter)
        #expect(editor.status == #" dataSource: "not a url" is not allowed; allowed: an absolute URL like https:/…"#)
        editor.press(.control("u"))
        editor.type("https://example.com/a?b=1")
        editor.press(.enter)
        #expect(editor.stored("dataSource") == .string("https://example.com/a?b=1"))

        editor.select("Last refresh")
        editor.press(.enter)
        editor.type("2026-11-21T09:30:00Z")
        editor.press(.enter)
        #expect(editor.stored("lastRefresh") == .date(Date(timeIntervalSince1970: 1_795_253_400)))
    }

    @Test func optionalValuesCanBeClearedBackToUnset() {
        let editor = EditorHarness(stored: ["lastRefresh": .date(EditorHarness.noon)])
        editor.select("Last refresh")
        editor.press(.delete)
        #expect(editor.stored("lastRefresh") == nil)
        #expect(editor.row("Last refresh").contains("(unset)"))
        editor.press(.enter)
        editor.type("2026-01-01T00:00:00Z")
        editor.press(.enter, .enter, .control("u"), .enter)   // committing empty text unsets too
        #expect(editor.stored("lastRefresh") == nil)
        editor.select("City")
        editor.press(.delete)
        #expect(editor.status == " city cannot be unset; r resets it to its default")
    }

    @Test func listEditorAddsEditsMovesAndDeletesItems() {
        let editor = EditorHarness()
        editor.select("Favourite cities")
        editor.press(.enter, .character("a"))
        editor.type("Oslo")
        editor.press(.enter, .character("a"))
        editor.type("Bergen")
        editor.press(.enter)
        #expect(editor.stored("favoriteCities") == .array([.string("Oslo"), .string("Bergen")]))
        #expect(editor.screen.contains("Favourite cities (2)"))

        editor.press(.character("K"))                           // move Bergen up
        #expect(editor.stored("favoriteCities") == .array([.string("Bergen"), .string("Oslo")]))
        editor.press(.down, .enter, .control("u"))              // edit Oslo
        editor.type("Tromsø")
        editor.press(.enter)
        #expect(editor.stored("favoriteCities") == .array([.string("Bergen"), .string("Tromsø")]))
        editor.press(.up, .character("d"))
        #expect(editor.stored("favoriteCities") == .array([.string("Tromsø")]))
        editor.press(.escape)
        #expect(editor.row("Favourite cities").contains("Tromsø"))
    }

    @Test func listItemsKeepTheirElementType() {
        let ports = PreferenceKey<[Int]>("ports", default: [], title: "Ports")
        let editor = EditorHarness(schema: PreferenceSchema(title: "T", suiteName: "t", keys: [ports]))
        editor.press(.enter, .character("a"))
        editor.type("8080")
        editor.press(.enter)
        #expect(editor.stored("ports") == .array([.int(8080)]))
        editor.press(.character("a"))
        editor.type("http")
        editor.press(.enter)
        #expect(editor.status == #" ports: "http" is not allowed; allowed: a whole number"#)
        #expect(editor.stored("ports") == .array([.int(8080)]))
        editor.press(.escape, .escape)
        #expect(editor.row("Ports").contains("8080"))
    }

    @Test(arguments: [("[int]", "x"), ("[int]", "1.5"), ("[double]", "1e400"), ("[double]", "nan"), ("[bool]", "maybe"), ("[date]", "soon")])
    func aRefusedListItemGetsTheMessageTheCommandLineGives(type: String, text: String) throws {
        let schema = try PreferenceSchema(jsonText: """
            {"suite": "t", "sections": [{"name": "S", "settings": [{"key": "items", "type": "\(type)", "default": [], "title": "Items"}]}]}
            """)
        let key = try schema.requireKey(named: "items")
        var commandLine = ""
        do { _ = try key.storedValue(parsing: [text]) } catch { commandLine = "\(error)" }
        let editor = EditorHarness(schema: schema)
        editor.press(.enter, .character("a"))
        editor.type(text)
        editor.press(.enter)
        #expect(!commandLine.isEmpty)
        #expect(editor.controller.state.message?.text == commandLine)
        #expect(editor.stored("items") == nil)
    }

    @Test func emptyTextShowsAsEmptyQuotesAndOnlyAnUnsetOptionalAsUnset() throws {
        let schema = try PreferenceSchema(jsonText: """
            {"suite": "t", "sections": [{"name": "S", "settings": [
              {"key": "note", "type": "string", "default": "", "title": "Note"},
              {"key": "city", "type": "string", "default": "Oslo", "title": "City"},
              {"key": "nick", "type": "string?", "title": "Nick"}]}]}
            """)
        let editor = EditorHarness(stored: ["city": .string("")], schema: schema)
        func value(_ title: String) -> String {
            let list = editor.row(title).split(separator: "│").first.map(String.init) ?? ""
            return list.dropFirst(2 + title.count).trimmingCharacters(in: .whitespaces)
        }
        #expect(value("Note") == #""""#)
        #expect(value("City") == #""""#)
        #expect(value("Nick") == "(unset)")
        editor.select("Note")
        #expect(editor.pane.first == #"note = """#)
        editor.select("City")
        #expect(editor.pane.first == #"city = "" · default Oslo"#)
        editor.select("Nick")
        #expect(editor.pane.first == "nick = (unset)")
    }

    @Test func listItemsFollowTheItemRule() {
        let editor = EditorHarness()
        editor.select("Favourite cities")
        editor.press(.enter, .character("a"), .enter)
        #expect(editor.status.hasPrefix(#" favoriteCities: item "" is not allowed; allowed: non-empty text"#))
        #expect(editor.stored("favoriteCities") == nil)
        editor.type("[x")
        editor.press(.enter)
        #expect(editor.stored("favoriteCities") == .array([.string("[x")]))
    }
}

@Suite("Line editor keys")
struct LineEditorTests {
    private func edit(_ text: String, _ keys: KeyEvent...) -> LineEditor {
        var editor = LineEditor(text: text)
        for key in keys { _ = editor.apply(key) }
        return editor
    }

    @Test func movementAndDeletion() {
        #expect(edit("Oslo", .backspace).text == "Osl")
        #expect(edit("Oslo", .home, .delete).text == "slo")
        #expect(edit("Oslo", .control("a"), .character("X")).text == "XOslo")
        #expect(edit("Oslo", .home, .control("e"), .character("!")).text == "Oslo!")
        #expect(edit("Oslo", .left, .left, .control("k")).text == "Os")
        #expect(edit("Oslo", .left, .left, .control("u")).text == "lo")
        #expect(edit("Oslo", .home, .right, .character("-")).text == "O-slo")
        #expect(edit("", .backspace, .delete, .left).text == "")
    }

    @Test func utf8AndDoubleWidthCharactersMoveAsOne() {
        #expect(edit("Zürich", .left, .left, .left, .left, .backspace).text == "Zrich")
        #expect(edit("東京都", .backspace).text == "東京")
        let (text, cursor) = edit("東京", .home, .right).visible(width: 10)
        #expect(text == "東京")
        #expect(cursor == 2)
    }

    @Test func longTextScrollsToKeepTheCursorVisible() {
        let editor = edit(String(repeating: "a", count: 30))
        let (text, cursor) = editor.visible(width: 10)
        #expect(text.count == 9)
        #expect(cursor == 9)
    }
}
