import Foundation
import PrefsModel

extension EditorState {
    /// What a line editor edits.
    enum LineTarget: Sendable, Equatable {
        case value
        case listItem(Int?)   // nil: a new item
    }

    /// An open text field, for a setting's value or a list's item: its own state and update.
    struct LineEdit: Sendable {
        var keyIndex: Int
        var editor: LineEditor
        var target: LineTarget

        /// What a key did to the field.
        enum Outcome: Equatable {
            /// Still open (the text may have changed).
            case editing
            case cancelled
            /// Enter: the text to write.
            case committed(String)
        }

        mutating func update(_ event: KeyEvent) -> Outcome {
            switch KeyBindings.lineEditing.action(for: event) as LineEditAction? {
            case .cancel?: return .cancelled
            case .commit?: return .committed(editor.text)
            default:
                _ = editor.apply(event)
                return .editing
            }
        }

        /// A paste: line breaks become spaces, or stay where `multiline` (the setting's rule
        /// allows them). It never commits.
        mutating func paste(_ text: String, multiline: Bool) {
            let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            editor.insert(multiline ? lines : lines.replacingOccurrences(of: "\n", with: " "))
        }
    }
}
