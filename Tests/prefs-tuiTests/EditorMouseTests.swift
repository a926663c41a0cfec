import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// The mouse (issue 22), without a terminal: SGR reports decoded, then clicks and the wheel
/// through the update.
@Suite("Editor: the mouse")
struct EditorMouseTests {
    @Test func sgrReportsDecodeBeyondColumn223() {
        #expect(MouseEvent.sgr(parameters: "0;250;7", final: "M") == MouseEvent(action: .press(button: 0), x: 249, y: 6))
        #expect(MouseEvent.sgr(parameters: "0;250;7", final: "m") == MouseEvent(action: .release, x: 249, y: 6))
        #expect(MouseEvent.sgr(parameters: "64;1;1", final: "M")?.action == .wheelUp)
        #expect(MouseEvent.sgr(parameters: "65;1;1", final: "M")?.action == .wheelDown)
        #expect(MouseEvent.sgr(parameters: "16;3;3", final: "M")?.action == .press(button: 0))   // Ctrl-click
        #expect(MouseEvent.sgr(parameters: "32;3;3", final: "M") == nil)                        // motion
        for bad in ["", "0;1", "0;0;1", "x;1;1", "0;1;1;1", "-1;2;2"] {
            #expect(MouseEvent.sgr(parameters: bad, final: "M") == nil, "\(bad)")
        }
    }

    private func editor() -> EditorHarness {
        let editor = EditorHarness(width: 100, height: 30)
        editor.press(.character("M"))                        // the harness starts with the mouse off
        return editor
    }

    private func row(_ title: String, in editor: EditorHarness) -> Int {
        editor.lines.firstIndex { $0.dropFirst(2).hasPrefix(title) }!
    }

    private func click(_ editor: EditorHarness, x: Int, y: Int, time: Double = 0) {
        editor.controller.send(.mouse(MouseEvent(action: .press(button: 0), x: x, y: y, time: time)))
        editor.controller.send(.mouse(MouseEvent(action: .release, x: x, y: y, time: time)))
    }

    private var valueX: Int { EditorLayout(width: 100, height: 30, showsFilter: false).valueX }

    @Test func aClickSelectsAndOnAToggleToggles() {
        let editor = editor()

        click(editor, x: 3, y: row("Notifications", in: editor))
        #expect(editor.controller.state.selectedKey?.name == "notificationsEnabled")
        #expect(editor.stored("notificationsEnabled") == nil)   // the title only selects
        click(editor, x: valueX + 1, y: row("Notifications", in: editor), time: 5)

        #expect(editor.stored("notificationsEnabled") == .bool(true))
    }

    @Test func aClickOnAChoicesArrowsCyclesIt() {
        let editor = editor()
        let y = row("Temperature", in: editor)

        click(editor, x: valueX, y: y)                       // ‹
        #expect(editor.stored("temperatureNotation") == .string("kelvin"))
        let arrow = editor.lines[y].distance(from: editor.lines[y].startIndex, to: editor.lines[y].firstIndex(of: "›")!)
        click(editor, x: arrow, y: y, time: 5)               // ›
        #expect(editor.stored("temperatureNotation") == nil, "\(editor.screen)")   // back to celsius, the default
    }

    @Test func aClickOnANumberOpensItsFieldAndADoubleClickOpensATitle() {
        let editor = editor()

        click(editor, x: valueX + 1, y: row("Refresh every", in: editor))
        guard case .editingLine = editor.controller.state.mode else { Issue.record("no field: \(editor.screen)"); return }
        editor.press(.escape)
        click(editor, x: 4, y: row("City", in: editor), time: 10)
        click(editor, x: 4, y: row("City", in: editor), time: 10.2)

        guard case .editingLine(let edit) = editor.controller.state.mode else { Issue.record("no field: \(editor.screen)"); return }
        #expect(editor.controller.state.keys[edit.keyIndex].name == "city")
    }

    @Test func twoClicksFarApartAreNoDoubleClick() {
        let editor = editor()
        click(editor, x: 4, y: row("City", in: editor), time: 10)
        click(editor, x: 4, y: row("City", in: editor), time: 11)

        guard case .browse = editor.controller.state.mode else { Issue.record("opened: \(editor.screen)"); return }
    }

    @Test func theChoiceListTakesAClickOnAChoiceAndClosesOnAClickOutside() {
        let editor = editor()
        editor.select("Temperature")
        editor.press(.enter)
        let kelvin = editor.lines.firstIndex { $0.contains("Kelvin") && !$0.contains("‹") }!
        let x = editor.lines[kelvin].distance(from: editor.lines[kelvin].startIndex, to: editor.lines[kelvin].range(of: "Kelvin")!.lowerBound)

        click(editor, x: x, y: kelvin)
        #expect(editor.stored("temperatureNotation") == .string("kelvin"))

        editor.press(.enter)
        click(editor, x: 1, y: 1)
        guard case .browse = editor.controller.state.mode else { Issue.record("still open: \(editor.screen)"); return }
        #expect(editor.stored("temperatureNotation") == .string("kelvin"))
    }

    @Test func theWheelMovesThroughTheList() {
        let editor = editor()

        editor.controller.send(.mouse(MouseEvent(action: .wheelDown, x: 10, y: 5)))
        #expect(editor.controller.state.selection == 3)
        editor.controller.send(.mouse(MouseEvent(action: .wheelUp, x: 10, y: 5)))
        #expect(editor.controller.state.selection == 0)
    }

    @Test func mTurnsTheMouseOffAndClicksAreThenIgnored() {
        let editor = editor()
        #expect(editor.status == " Mouse on (M turns it off, for the terminal's own text selection)")

        editor.press(.character("M"))
        click(editor, x: valueX + 1, y: row("Notifications", in: editor))

        #expect(editor.status == " Mouse off: the terminal selects text again; M turns it back on")
        #expect(editor.stored("notificationsEnabled") == nil)
        #expect(editor.controller.state.selection == 0)
    }
}
