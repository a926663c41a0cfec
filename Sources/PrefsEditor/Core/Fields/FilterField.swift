import Foundation
extension EditorState {
    /// The filter line `/` opens: its own state and update. The editor lists what matches the
    /// text as it is typed.
    struct FilterField: Sendable {
        var editor: LineEditor

        /// What a key did to the filter line.
        enum Outcome: Equatable {
            /// The text changed: list what matches it.
            case typed(String)
            /// The key changed nothing.
            case unchanged
            /// Enter: keep the filter and go back to the list.
            case applied
            /// Esc: no filter.
            case cleared
        }

        mutating func update(_ event: KeyEvent) -> Outcome {
            switch KeyBindings.filtering.action(for: event) as LineEditAction? {
            case .cancel?: return .cleared
            case .commit?: return .applied
            default: return editor.apply(event) ? .typed(editor.text) : .unchanged
            }
        }

        /// A paste, on one line.
        mutating func paste(_ text: String) -> Outcome {
            let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            editor.insert(lines.replacingOccurrences(of: "\n", with: " "))
            return .typed(editor.text)
        }
    }
}
