import PrefsModel

/// Another program's change, reconciled with what the editor shows: the values, the site's
/// layers and the load problem taken once, an open field kept or closed, and what is said.
extension EditorUpdate {
    /// Another program changed these keys: the list shows the new values by itself; a field
    /// being edited keeps the user's text, with a warning rather than a silent overwrite.
    /// Returns the news as it was taken: the values given, and the settings a site file's change
    /// moved (with their values as the user's file holds them), so the plain mode says them all.
    @discardableResult
    static func externalChange(_ state: inout EditorState, values: [String: PlistValue?], site: SiteLayers?,
                               loadProblem: String??) -> [String: PlistValue?] {
        let known = state.settings.site.problems
        let editedBefore = editedKey(state).map { state.settings.lockFile(of: $0) != nil }
        var values = values
        if let site {
            // A site file's change is news of the settings whose value in effect, or lock, it
            // changed: decided from the snapshot before and as it will be after, reading
            // nothing. The change itself is applied once, below, with the values.
            let before = state.settings.current
            let after = before.applying([:], site: site)
            for key in state.keys where values[key.name] == nil {
                let valueChanged = before.effectiveStored(key) != after.effectiveStored(key)
                let lockChanged = (before.lockFile(of: key) == nil) != (after.lockFile(of: key) == nil)
                if valueChanged || lockChanged { values[key.name] = .some(before.storedValues[key.name]) }
            }
        }
        // A lock that arrives while its setting is being edited ends the edit, saying so: the
        // edit could not be saved, and "changed by another program" would not say why.
        let arrivingLock = site.flatMap { site in editedKey(state).flatMap { key in site.lockingFolder(of: key).map { site.folders[$0].locksPath } } }
        if let key = editedKey(state), editedBefore == false, let lockFile = arrivingLock {
            state.mode = .browse
            applyExternalChange(&state, values: values, site: site, loadProblem: loadProblem)
            state.message = .init(text: nowLockedMessage(key, lockFile: lockFile), kind: .warning)
            return values
        }
        // A site file's change that moved no shown setting (a key of another program's, one the
        // user's own value hides, a part not shown): only its problem, if it has a new one, is news.
        if values.isEmpty, loadProblem == nil {
            if let site { _ = state.settings.apply([:], site: site) }
            state.computeDependencies(changed: nil)
            state.computeDerived()
            if let problem = state.settings.site.problems.first(where: { !known.contains($0) }) {
                state.message = .init(text: problem, kind: .warning)
            }
            return values
        }
        let inUseBefore = editedKey(state).map { state.judged.notInUse[$0.name] == nil }
        applyExternalChange(&state, values: values, site: site, loadProblem: loadProblem)
        // A change that takes the setting being edited out of use ends the edit, saying so, as a
        // lock arriving does: the field would save a value the program does not use now.
        if let key = editedKey(state), inUseBefore == true, let reason = state.judged.notInUse[key.name] {
            state.mode = .browse
            state.message = .init(text: SettingFacts.noLongerInUseMessage(key, reason: reason), kind: .warning)
        }
        // A site file that became unreadable reads as "its values removed": say why, or the
        // site's values would silently turn into defaults.
        if let problem = state.settings.site.problems.first(where: { !known.contains($0) }) {
            state.message = .init(text: problem, kind: .warning)
        }
        return values
    }

    /// The setting whose field is open, if one is.
    private static func editedKey(_ state: EditorState) -> AnyPreferenceKey? {
        switch state.mode {
        case .editingLine(let edit): return state.keys[edit.keyIndex]
        case .choosing(let popup): return state.keys[popup.keyIndex]
        case .editingList(let list): return state.keys[list.keyIndex]
        default: return nil
        }
    }

    /// Another program's change, applied to the snapshot once: its values, the site's layers
    /// and the load problem together, so the snapshot's version counts changes.
    private static func applyExternalChange(_ state: inout EditorState, values: [String: PlistValue?], site: SiteLayers?,
                                            loadProblem: String??) {
        let names = Set(values.keys)
        if let closed = state.apply(values, site: site, loadProblem: loadProblem) {
            state.message = .init(text: closed, kind: .warning)
            return
        }
        if !state.modifiedOnly && !state.filter.isEmpty { state.rebuildRows(keepingPlace: true) }
        switch state.mode {
        case .editingLine(let edit) where names.contains(state.keys[edit.keyIndex].name):
            let key = state.keys[edit.keyIndex]
            state.message = .init(text: "\(key.name) was \(SettingWords.changedByAnotherProgram) to \(state.settings.displayText(of: key)); Enter keeps your edit, Esc shows the new value", kind: .warning)
        case .choosing(var popup) where names.contains(state.keys[popup.keyIndex].name):
            // The highlight starts on the value stored when the list opened; left there, Enter
            // would silently put the old value back over the other program's. It moves to the
            // new value, so Enter keeps theirs and a different choice has to be made anew.
            let key = state.keys[popup.keyIndex]
            if case .choice(let index?, _) = EditorField(key, in: state.settings) { popup.highlighted = index }
            state.mode = .choosing(popup)
            state.message = .init(text: "\(key.name) was \(SettingWords.changedByAnotherProgram) to \(state.settings.displayText(of: key)); the list now marks it", kind: .warning)
        case .editingList(var list) where names.contains(state.keys[list.keyIndex].name):
            let key = state.keys[list.keyIndex]
            if case .list(let items) = EditorField(key, in: state.settings) { list.items = items }
            list.selected = min(list.selected, max(0, list.items.count - 1))
            // An item being typed stays open with its text, as a line being edited does; if
            // the item it was replacing is gone, Enter adds it instead.
            if case .listItem(let index?)? = list.itemEdit?.target, index >= list.items.count { list.itemEdit?.target = .listItem(nil) }
            let shown = list.itemEdit == nil ? "the list shows the new items" : "list updated, your item kept"
            state.message = .init(text: "\(key.name) was \(SettingWords.changedByAnotherProgram); \(shown)", kind: .warning)
            state.mode = .editingList(list)
        default:
            // A file another program left unreadable reads as "every value removed": saying
            // only that the keys changed would pass the defaults now shown off as values.
            if let problem = state.settings.loadProblem {
                state.message = .init(text: problem, kind: .warning)
                return
            }
            let shown = names.sorted().joined(separator: ", ")
            state.message = .init(text: "Changed by another program: \(shown)", kind: .info)
        }
    }
}
