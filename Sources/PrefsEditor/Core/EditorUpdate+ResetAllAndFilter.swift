import Foundation
import PrefsModel

/// Reset all (asked, then confirmed) and the filter line.
extension EditorUpdate {
    /// `R`: every listed setting that is not at its default, named when the view is filtered.
    static func askToReset(_ state: inout EditorState) {
        let all = state.filter.isEmpty && !state.modifiedOnly
        let candidates = all ? Array(state.keys.indices) : state.listedKeyIndices
        // Keys the schema does not describe belong to another program and have no default
        // here: resetting "all" would delete them, so only `r` on one of them does.
        // Locked ones too: the site sets them, and a write of them would be refused.
        // Settings not in use keep their values: they take no part in a reset of many.
        let indices = candidates.filter {
            state.keys[$0].isDescribedBySchema && !state.settings.isDefault(state.keys[$0]) && state.settings.lockFile(of: state.keys[$0]) == nil
                && state.judged.notInUse[state.keys[$0].name] == nil
        }
        if indices.isEmpty {
            state.message = .init(text: all ? "All settings already have their defaults" : "The listed settings already have their defaults", kind: .info)
        } else {
            state.mode = .confirmingReset(indices, all: all)
        }
    }

    static func confirmReset(_ state: inout EditorState, indices: [Int], key event: KeyEvent) -> [EditorEffect] {
        state.mode = .browse
        guard KeyBindings.confirm.action(for: event) == true else {
            state.message = .init(text: "Reset cancelled", kind: .info)
            return []
        }
        // Settings the site locked while the question was open stay as they are, as `reset
        // --all` leaves them: a write of one would refuse the whole reset.
        let unlocked = indices.filter { state.settings.lockFile(of: state.keys[$0]) == nil }
        guard !unlocked.isEmpty else {
            state.message = .init(text: "Nothing reset: the site has locked \(indices.count == 1 ? "that setting" : "those settings")", kind: .info)
            return []
        }
        var changes: [String: PlistValue?] = [:]
        for index in unlocked { changes[state.keys[index].name] = .some(nil) }
        let count = changes.count == 1 ? "1 setting" : "\(changes.count) settings"
        let left = indices.count - unlocked.count
        let leftNote = left == 0 ? "" : "; \(left) locked by the site left alone"
        return request(&state, changes, label: "reset of \(count)",
                       success: "Reset \(count) to \(state.resetTarget(of: unlocked, all: false))\(leftNote)",
                       modeAfter: .browse)
    }

    static func filter(_ state: inout EditorState, _ field: EditorState.FilterField, key event: KeyEvent) {
        var field = field
        filterDid(&state, field.update(event), field)
    }

    /// Acts on what a key or a paste did to the filter line.
    static func filterDid(_ state: inout EditorState, _ outcome: EditorState.FilterField.Outcome, _ field: EditorState.FilterField) {
        switch outcome {
        case .unchanged: return
        case .cleared:
            state.filter = ""
            state.mode = .browse
        case .applied:
            state.mode = .browse
            state.selection = 0
            if state.listedCount == 0 { state.message = .init(text: "No setting matches \"\(state.filter)\"", kind: .warning) }
            return
        case .typed(let text):
            state.filter = text
            state.mode = .filtering(field)
        }
        state.rebuildRows()
    }
}
