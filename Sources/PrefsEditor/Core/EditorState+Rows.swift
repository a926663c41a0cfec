import Foundation
import PrefsModel

/// The listed rows and the selection: rebuilt after a filter, a switch or a change of the key
/// list, and values taken from another program or a write.
extension EditorState {
    /// The schema index of the selected setting, or nil when nothing is listed.
    var selectedKeyIndex: Int? {
        guard settingRows.indices.contains(selection), case .setting(let index) = rows[settingRows[selection]] else { return nil }
        return index
    }

    var selectedKey: AnyPreferenceKey? { selectedKeyIndex.map { keys[$0] } }

    /// Rebuilds the list after the filter or the modified-only switch changed: the only place
    /// that walks every setting. Moving and editing touch the visible rows only.
    ///
    /// The selected setting stays selected while it is listed. When it has left the list, a view
    /// the user changed (a filter, `m`) starts at its first setting; a list that changed under
    /// the user (a reset in the modified-only view, another program's change) keeps the place:
    /// the setting after the one that left, else the last.
    mutating func rebuildRows(keepingPlace: Bool = false) {
        rebuildRows(keepingPlace: keepingPlace, previous: selectedKeyIndex)
    }

    /// `previous`: the schema index of the setting selected before (in the current key list).
    private mutating func rebuildRows(keepingPlace: Bool, previous: Int?) {
        let keys = self.keys
        let keysChanged = searched == nil
        if keysChanged { searched = SettingsFilter(keys: keys) }
        let matched = filter.isEmpty ? nil : searched?.matches(filter)
        // Every setting listed before, and again now (Esc after a filter that matched them all):
        // nothing to do, and no list of every index to make and compare.
        if !keysChanged && matched == nil && !modifiedOnly && listedKeyIndices.count == keys.count {
            placeSelection(listed: listedKeyIndices, keepingPlace: keepingPlace, previous: previous)
            return
        }
        var listed = matched ?? searched?.all ?? Array(keys.indices)
        if modifiedOnly {
            let settings = self.settings
            listed.removeAll { settings.isDefault(keys[$0]) }
        }
        // The same settings listed (a filter that grew and still matches them all, Esc after
        // it): the rows are as they were.
        if !keysChanged && listed == listedKeyIndices {
            placeSelection(listed: listed, keepingPlace: keepingPlace, previous: previous)
            return
        }
        // Built in local arrays and stored once: appending to the state's own arrays checked
        // their uniqueness on every append, a fifth of a filter character's cost.
        let sections = searched?.sectionNumbers ?? []
        var rows: [Row] = [], settingRows: [Int] = []
        rows.reserveCapacity(listed.count + (sections.last ?? 0) + 1)
        settingRows.reserveCapacity(listed.count)
        var currentSection = -1
        for index in listed {
            if sections[index] != currentSection {
                rows.append(.section(firstKey: index))
                currentSection = sections[index]
            }
            settingRows.append(rows.count)
            rows.append(.setting(index))
        }
        self.rows = rows
        self.settingRows = settingRows
        self.listedKeyIndices = listed
        placeSelection(listed: listed, keepingPlace: keepingPlace, previous: previous)
    }

    private mutating func placeSelection(listed: [Int], keepingPlace: Bool, previous: Int?) {
        // The selected setting itself, or the first one after it (the list is in schema order).
        let atOrAfter = previous.flatMap { wanted -> Int? in
            let position = listed.firstPosition(notBelow: wanted)
            return position < listed.count ? position : nil
        }
        if let atOrAfter, listed[atOrAfter] == previous || keepingPlace {
            selection = atOrAfter
        } else if previous != nil && keepingPlace {
            selection = max(0, listed.count - 1)
        } else {
            selection = 0
        }
        if !keepingPlace { scrollTop = 0 }
    }

    /// Takes new stored values (nil: removed), from another program or from the editor's own
    /// write. When they add or remove settings (a list that follows the file), the rows, the
    /// selection and an open field follow by key name; a field whose setting went is closed,
    /// and the returned message says so.
    mutating func apply(_ changes: [String: PlistValue?], byThisEditor: Bool = false, site: SiteLayers? = nil,
                        loadProblem: String?? = .none) -> String? {
        let before = keys
        let previous = selectedKey?.name
        let keysChanged = settings.apply(changes, site: site, loadProblem: loadProblem)
        if keysChanged { searched = nil }
        defer {
            computeDependencies(changed: Set(changes.keys))
            computeDerived(changed: Set(changes.keys))
        }
        guard keysChanged else {
            if modifiedOnly { rebuildRows(keepingPlace: true) }
            return nil
        }
        var index: [String: Int] = [:]
        for (position, key) in keys.enumerated() { index[key.name] = position }
        let keys = self.keys
        let moved = { (old: Int) -> Int? in before.indices.contains(old) ? index[before[old].name] : nil }
        // A field stays open on its setting's new place; it closes when the setting went, or
        // now holds another kind of value (an inferred key retyped), which the field cannot edit.
        let stillEditable = { (old: Int) -> Int? in moved(old).flatMap { keys[$0].type == before[old].type ? $0 : nil } }
        var closed: (name: String, reason: String)?
        let by = byThisEditor ? "" : " by another program"
        let close = { (old: Int) -> (String, String) in
            (before[old].name, moved(old) == nil ? "was removed\(by)" : "now holds another kind of value")
        }
        // The open mode, and the mode a pending write leads to, follow their settings by name.
        func remapped(_ mode: Mode) -> (Mode, closed: (name: String, reason: String)?) {
            switch mode {
            case .editingLine(var edit):
                guard let new = stillEditable(edit.keyIndex) else { return (.browse, close(edit.keyIndex)) }
                edit.keyIndex = new
                return (.editingLine(edit), nil)
            case .choosing(var popup):
                guard let new = stillEditable(popup.keyIndex) else { return (.browse, close(popup.keyIndex)) }
                popup.keyIndex = new
                return (.choosing(popup), nil)
            case .editingList(var list):
                guard let new = stillEditable(list.keyIndex) else { return (.browse, close(list.keyIndex)) }
                list.keyIndex = new
                return (.editingList(list), nil)
            case .confirmingReset(let indices, let all):
                let kept = indices.compactMap(moved)
                return (kept.isEmpty ? .browse : .confirmingReset(kept, all: all), nil)
            default:
                return (mode, nil)
            }
        }
        let current = remapped(mode)
        mode = current.0
        closed = current.closed
        if let after = pendingWrite?.modeAfter { pendingWrite?.modeAfter = remapped(after).0 }
        // The selected setting by name; if it went, the one now at its place.
        let oldSelected = selectedKeyIndex
        let wanted = previous.flatMap { index[$0] } ?? oldSelected.flatMap { old in
            before[min(old + 1, before.count)...].lazy.compactMap { index[$0.name] }.first ?? (keys.isEmpty ? nil : keys.count - 1)
        }
        rebuildRows(keepingPlace: true, previous: wanted)
        return closed.map { "\($0.name) \($0.reason); its field is closed" }
    }

    var listedCount: Int { settingRows.count }

    /// How many listed settings are in the rows before `row`: a binary search, so that a
    /// frame's cost does not grow with the list.
    func settingCount(beforeRow row: Int) -> Int { settingRows.firstPosition(notBelow: row) }


    /// The row index of the selected setting.
    var selectedRow: Int? { settingRows.indices.contains(selection) ? settingRows[selection] : nil }

    /// Keeps the selected row inside a viewport of `visibleRows` rows, showing its section title
    /// when the selection is the first setting of a section.
    mutating func scrollToSelection(visibleRows: Int) {
        guard let row = selectedRow, visibleRows > 0 else { return }
        let wantedTop = (row > 0 && isSectionRow(row - 1)) ? row - 1 : row
        if wantedTop < scrollTop { scrollTop = wantedTop }
        if row >= scrollTop + visibleRows { scrollTop = row - visibleRows + 1 }
        scrollTop = max(0, min(scrollTop, max(0, rows.count - visibleRows)))
        if row < scrollTop { scrollTop = row }
    }

    private func isSectionRow(_ row: Int) -> Bool {
        if case .section = rows[row] { return true }
        return false
    }
}

/// A derived value as the live preview shows it: computed once per change, not per frame.
struct DerivedReading: Sendable, Equatable {
    var title: String
    /// nil: nothing to show now.
    var text: String?
    /// When it changes by itself (it reads the clock), or nil.
    var nextChange: Date?
    /// The settings it read when it was computed: a change of one computes it again.
    var inputs: Set<String> = []
}
