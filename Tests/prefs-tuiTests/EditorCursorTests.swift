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

    @Test func cursorVisibleShowsItOnTheSelection() {
        let controller = EditorController(prefs: Preferences(store: InMemoryStore(), schema: EditorHarness.schema),
                                          suiteName: "s", width: 100, height: 30, showsCursor: true)

        #expect(controller.frame().showsCursor)
        #expect(controller.frame().cursor != nil)
    }
}
