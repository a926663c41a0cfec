import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// The terminal cursor follows the selection (issue 22): screen readers and braille displays
/// read where it is, so it sits at the start of the selected setting's title, or at the
/// insertion point of an open field, after every frame.
@Suite("Editor: the cursor follows the selection")
struct EditorCursorTests {
    @Test func theCursorSitsOnTheSelectedSettingsTitleHiddenUnlessAskedFor() {
        let editor = EditorHarness(width: 100, height: 30)
        editor.select("City")
        let cityRow = editor.lines.firstIndex { $0.contains("City") }!

        let frame = editor.controller.frame()

        #expect(frame.cursor?.x == 2 && frame.cursor?.y == cityRow)
        #expect(!frame.showsCursor)
        editor.press(.down)
        let next = editor.controller.frame()
        #expect(next.cursor?.y == editor.lines.firstIndex { $0.contains("Favourite cities") })
    }

    @Test func anOpenFieldKeepsTheCursorAtItsInsertionPointShown() {
        let editor = EditorHarness(width: 100, height: 30)
        editor.select("City")

        editor.press(.enter, .left)

        let frame = editor.controller.frame()
        let row = editor.lines.firstIndex { $0.contains("City") }!
        #expect(frame.showsCursor)
        #expect(frame.cursor?.y == row && (frame.cursor?.x ?? 0) > 2)
    }

    @Test func theChoicePopupPutsTheCursorOnTheHighlightedChoice() {
        let editor = EditorHarness(width: 100, height: 30)
        editor.select("Temperature")

        editor.press(.enter, .down)

        let frame = editor.controller.frame()
        let line = editor.lines[frame.cursor?.y ?? 0]
        #expect(line.contains("› Fahrenheit"), "\(editor.screen)")
    }

    @Test func theListEditorAndTheDetailsPutTheCursorInsideThem() {
        let editor = EditorHarness(width: 100, height: 30, stored: ["favoriteCities": .array([.string("Oslo"), .string("Bergen")])])
        editor.select("Favourite cities")

        editor.press(.enter, .down)
        let onItem = editor.controller.frame().cursor
        #expect(onItem.map { editor.lines[$0.y].contains("› Bergen") } == true, "\(editor.screen)")
        editor.press(.enter)                                  // edit the item: a shown insertion point
        #expect(editor.controller.frame().showsCursor)
        editor.press(.escape, .escape, .character("i"))
        let details = editor.controller.frame()
        // Inside the details box, not on the setting's row beneath it.
        #expect(details.cursor.map { editor.lines[$0.y].contains("Favourite cities") && editor.lines[$0.y].contains("Oslo, Bergen") } == false,
                "\(editor.screen)")
        #expect(!details.showsCursor)
    }

    @Test func cursorVisibleShowsItOnTheSelection() {
        let controller = EditorController(prefs: Preferences(store: InMemoryStore(), schema: EditorHarness.schema),
                                          suiteName: "s", width: 100, height: 30, showsCursor: true)

        #expect(controller.frame().showsCursor)
        #expect(controller.frame().cursor != nil)
    }
}
