import Foundation
import PrefsModel

/// What a browse action does to the selected setting (reset, toggle, step, cycle, open a field),
/// and the messages about locks it may give.
extension EditorUpdate {
    /// A key that changes the selected setting, by what its field is.
    static func act(on index: Int, action: BrowseAction, state: inout EditorState) -> [EditorEffect] {
        let key = state.keys[index]
        // A setting the site locked is read-only here, and the person is told why (a write
        // would only be refused).
        if let lockFile = state.settings.lockFile(of: key) {
            state.message = lockedMessage(key, lockFile: lockFile)
            return []
        }
        // A setting not in use is not opened or changed (its value is kept); r still resets it.
        if action != .reset, let reason = state.judged.notInUse[key.name] {
            state.message = .init(text: SettingFacts.notInUseMessage(key, reason: reason), kind: .info)
            return []
        }
        // What the user's file holds decides what r and Delete do; the value in effect (maybe
        // the site's) is what a field shows and steps from.
        let userValue = state.settings.userValue(of: key)
        let stored = state.settings.effectiveStored(key)
        switch action {
        case .reset:
            let fallback = state.settings.site.fallback(for: key)
            let fallbackText = key.displayText(of: fallback.stored)
            guard userValue != nil else {
                let has = fallback.source == .registeredDefault ? "its default" : "the site's value (\(fallbackText))"
                state.message = .init(text: key.hasDefault ? "\(key.name) already has \(has)" : "\(key.name) is not in the file", kind: .info)
                return []
            }
            // A key nobody declared a default for is only removed: what that means is its
            // program's to say, not a default to name here.
            if !key.hasDefault, case .registeredDefault = fallback.source {
                return write(&state, key, nil, success: "Removed \(key.name) from the file; the program that owns it decides what it means")
            }
            if case .site = fallback.source {
                return write(&state, key, nil, success: "Reset \(key.name): back to the site's \(fallbackText)")
            }
            return write(&state, key, nil, success: "Reset \(key.name) to its default (\(key.defaultDisplayText))")
        case .clear:
            guard key.type.isOptional else {
                state.message = .init(text: "\(key.name) cannot be unset; r resets it to its default", kind: .info)
                return []
            }
            guard userValue != nil else {
                state.message = .init(text: "\(key.name) is already unset", kind: .info)
                return []
            }
            return write(&state, key, nil, success: "Cleared \(key.name)")
        default:
            break
        }
        let field = EditorField(key, stored: stored)
        switch (field, action) {
        case (.toggle(let value), .activate), (.toggle(let value), .toggle):
            return commit(&state, key, json: .bool(!(value ?? false)))
        case (.choice(let current, let options), .activate), (.choice(let current, let options), .toggle):
            // A secret choice opens on the first option: on the stored one it would show which is set.
            let highlighted = key.isSecret && state.revealed != key.name ? 0 : current ?? 0
            state.mode = .choosing(.init(keyIndex: index, options: options, highlighted: highlighted))
        case (.choice, .decrease), (.choice, .increase):
            guard let next = FieldStepping.cycled(key, from: stored, by: action == .increase ? 1 : -1) else { return [] }
            return write(&state, key, next)
        case (.stepper(let current, _, _), .decrease), (.stepper(let current, _, _), .increase):
            let up = action == .increase
            guard let next = FieldStepping.stepped(key, from: stored, by: up ? 1 : -1) else { return [] }
            if current != nil, EditorField(key, stored: next) == field {
                state.message = .init(text: "\(key.name) is at its \(up ? "maximum" : "minimum") (\(key.displayText(of: stored)))", kind: .info)
                return []
            }
            return write(&state, key, next)
        case (.stepper(_, let text, _), .activate):
            state.mode = .editingLine(.init(keyIndex: index, editor: LineEditor(text: text), target: .value))
        case (.line(let text), .activate):
            state.mode = .editingLine(.init(keyIndex: index, editor: LineEditor(text: text ?? ""), target: .value))
        case (.list(let items), .activate):
            state.mode = .editingList(.init(keyIndex: index, items: items, selected: 0, itemEdit: nil))
        default:
            break
        }
        return []
    }

    /// Why a locked setting cannot be changed here.
    static func lockedMessage(_ key: AnyPreferenceKey, lockFile: String) -> EditorState.Message {
        .init(text: "\(key.name) is \(SettingFacts.lock(lockFile)): the site sets it for everyone", kind: .info)
    }

    /// What is said when a lock arrives on the setting being edited (`typed`: in a field the
    /// person may have typed into; the plain mode's question has no answer yet).
    static func nowLockedMessage(_ key: AnyPreferenceKey, lockFile: String, typed: Bool = true) -> String {
        "\(key.name) is now \(SettingFacts.lock(lockFile)): the site sets it" + (typed ? "; your edit was not saved" : "")
    }
}
