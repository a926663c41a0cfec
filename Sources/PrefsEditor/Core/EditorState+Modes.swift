import Foundation
import PrefsModel

/// The kinds the editor's state is made of: rows, messages, undo entries, the pending write and
/// the modes, with the field each holds (Fields/: the line editor, the choice popup, the list
/// editor and the filter line, each with its own state and update).
extension EditorState {
    /// A line of the settings list.
    /// Both hold an index into `EditorState.keys`, so that a list of 50,000 rows is plain
    /// integers: no text to copy or release when the list is rebuilt.
    enum Row: Sendable, Equatable {
        case section(firstKey: Int)   // the title of this key's section
        case setting(Int)
    }

    /// A message in the status line.
    struct Message: Sendable, Equatable {
        enum Kind: Sendable { case info, warning, error }
        var text: String
        var kind: Kind
        /// The setting the message is about, when it says something of the selected one only
        /// ("this one is no secret"): it goes when the selection moves off it.
        var subject: String? = nil
    }

    /// A committed change that `u` can take back: the stored values before it and after it
    /// (so undo can tell whether another program has changed them since).
    struct UndoEntry: Sendable, Equatable {
        var previous: [String: PlistValue?]
        var written: [String: PlistValue?]
        var label: String
    }

    /// A write the loop was asked to make, and what becomes of the state when it succeeds.
    /// Until its result comes back, nothing claims it happened.
    struct PendingWrite: Sendable {
        var changes: [String: PlistValue?]
        /// What `u` can take back afterwards (nil for an undo itself).
        var undo: UndoEntry?
        /// The status message on success.
        var success: String
        /// The mode on success; on failure the mode stays as it was, with the user's text.
        var modeAfter: Mode
        /// Whether this write is an undo, whose entry leaves the stack only on success.
        var isUndo = false
    }

    enum Mode: Sendable {
        case browse
        case editingLine(LineEdit)
        case choosing(ChoicePopup)
        case editingList(ListEdit)
        /// `R` asked first: these settings (schema indices) would be reset; `all` when unfiltered.
        case confirmingReset([Int], all: Bool)
        case filtering(FilterField)
        /// The key map, scrolled down by this many lines.
        case help(scroll: Int)
        case details
    }
}
