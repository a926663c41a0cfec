import PrefsModel
import Testing
@testable import PrefsEditor

/// The editor's fields as components (issue 52): the choice popup, the line field, the list
/// editor and the filter line each own their state and update, and say what became of a key;
/// the editor acts on that. Each is specified here alone, with no editor around it.
@Suite("The editor's fields, alone")
struct EditorFieldsTests {
    @Test func theChoicePopupMovesItsHighlightAndSaysWhatWasChosen() {
        var popup = EditorState.ChoicePopup(keyIndex: 0, options: [.init(value: "metric", title: "Metric"),
                                                                     .init(value: "imperial", title: "Imperial")], highlighted: 0)

        #expect(popup.update(.down) == .open)
        #expect(popup.update(.down) == .open)                       // held at the last
        #expect(popup.highlighted == 1)
        #expect(popup.update(.enter) == .chosen("imperial"))
        #expect(popup.update(.escape) == .cancelled)
    }

    @Test func theLineFieldEditsItsTextAndGivesItOnEnter() {
        var field = EditorState.LineEdit(keyIndex: 0, editor: LineEditor(text: "Osl"), target: .value)

        #expect(field.update(.character("o")) == .editing)
        field.paste("a\r\nb", multiline: false)

        #expect(field.update(.enter) == .committed("Osloa b"))
        #expect(field.update(.escape) == .cancelled)
    }

    @Test func theListEditorSaysWhatToWriteAndNeverWritesItself() {
        var list = EditorState.ListEdit(keyIndex: 0, items: [.string("a"), .string("b")], selected: 0, itemEdit: nil)

        guard case .write(let deleted) = list.update(.character("d")) else {
            Issue.record("a delete is a list to write")
            return
        }
        #expect(deleted.items == [.string("b")])
        #expect(list.items == [.string("a"), .string("b")])           // shown as stored until written
        #expect({ if case .open = list.update(.character("a")) { true } else { false } }())
        _ = list.update(.character("c"))
        guard case .itemTyped(let text, let target) = list.update(.enter) else {
            Issue.record("Enter in the item field gives the typed item")
            return
        }
        #expect(text == "c" && target == .listItem(nil))
        #expect(list.with(.string("c"), at: target).items == [.string("a"), .string("b"), .string("c")])
    }

    @Test func theFilterLineSaysWhenItsTextChanged() {
        var filter = EditorState.FilterField(editor: LineEditor(text: ""))

        #expect(filter.update(.character("c")) == .typed("c"))
        #expect(filter.update(.up) == .unchanged)
        #expect(filter.paste("i\nty") == .typed("ci ty"))
        #expect(filter.update(.enter) == .applied)
        #expect(filter.update(.escape) == .cleared)
    }
}
