import Foundation
import PrefsModel

/// Everything the editor shows, as a value: which settings are listed, which is selected, what
/// is being edited, and the last message. `EditorUpdate` turns key events into new states;
/// `EditorRenderer` draws a state into a grid.
struct EditorState: Sendable {
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

    /// What a line editor edits.
    enum LineTarget: Sendable, Equatable {
        case value
        case listItem(Int?)   // nil: a new item
    }

    struct LineEdit: Sendable {
        var keyIndex: Int
        var editor: LineEditor
        var target: LineTarget
    }

    struct ChoicePopup: Sendable {
        var keyIndex: Int
        var options: [ChoiceOption]
        var highlighted: Int
    }

    struct ListEdit: Sendable {
        var keyIndex: Int
        var items: [JSONValue]
        var selected: Int
        var itemEdit: LineEdit?
    }

    enum Mode: Sendable {
        case browse
        case editingLine(LineEdit)
        case choosing(ChoicePopup)
        case editingList(ListEdit)
        /// `R` asked first: these settings (schema indices) would be reset; `all` when unfiltered.
        case confirmingReset([Int], all: Bool)
        case filtering(LineEditor)
        /// The key map, scrolled down by this many lines.
        case help(scroll: Int)
        case details
    }

    /// The values shown, and the schema they are shown with.
    var settings: SettingsSnapshot
    /// The settings, in schema order: rows and modes refer to them by index.
    var keys: [AnyPreferenceKey] { settings.schema.keys }
    /// The derived values of the live preview, computed from `settings`.
    var derived: [DerivedReading] = []
    /// Why each setting not in use is not, by name: judged again after a change of a setting
    /// its condition read (a person's, or another program's).
    var notInUse: [String: String] = [:]
    /// The settings each condition read when last judged, by the setting it belongs to.
    var conditionInputs: [String: Set<String>] = [:]
    /// The rule across settings each setting's stored value breaks together with another's (as
    /// another program may have written them), by name: recomputed with the values.
    var brokenRules: [String: String] = [:]
    let title: String
    let suiteName: String
    let location: String
    /// The screen's size, within what a terminal can report (the kernel's window size is 16
    /// bits a side): a larger or negative size from a host's harness or a resize is taken at
    /// the nearest bound, so the layout's sums never overflow (found by the editor-input fuzz
    /// target).
    var width: Int { didSet { width = Self.side(width); relayout() } }
    var height: Int { didSet { height = Self.side(height); relayout() } }

    /// A screen side as the editor takes it: 0…65,535.
    static func side(_ cells: Int) -> Int { min(max(cells, 0), 65_535) }
    /// Where each part of the screen goes: laid out again only when what it depends on (the
    /// size, whether the filter line shows) changes, not for every key and every frame.
    private(set) var layout: EditorLayout

    /// The settings' titles and names as the filter searches them: made when first needed,
    /// and again after the list of settings changed.
    private var searched: SettingsFilter?
    private(set) var rows: [Row] = []
    /// For each listed setting (in order), its row; `selection` indexes this.
    private(set) var settingRows: [Int] = []
    /// The schema indices of the listed settings, in order.
    private(set) var listedKeyIndices: [Int] = []
    var selection = 0
    var scrollTop = 0
    var mode: Mode = .browse { didSet { relayout() } }
    var filter = "" { didSet { relayout() } }
    var modifiedOnly = false { didSet { relayout() } }
    var message: Message?
    var undoStack: [UndoEntry] = []
    var pendingWrite: PendingWrite?
    /// Keys and pastes that came while `pendingWrite` was out, to run when its result is in.
    var heldInput: [EditorEvent] = []
    /// The pending write waits for a lock another process holds: quit no longer waits for it.
    var writeIsWaiting = false
    static let heldInputLimit = 256
    /// The longest paste a field takes, in characters (Unicode scalars): far beyond any setting's
    /// value, and short enough that laying it out stays instant. A longer one is refused whole.
    static let pasteLimit = 65_536
    /// The timer the loop has been asked for, so it is asked again only when it changes.
    var wakeUp: Date?
    /// Draw with ASCII markers (`*`, `< >`) instead of `●` and `‹ ›`: the locale is not UTF-8.
    var asciiMarkers = false
    /// The secret setting whose value `s` shows, by name; nil shows every secret masked. Cleared
    /// when the selection moves (``EditorUpdate/update(_:_:)``).
    var revealed: String?
    /// Whether the terminal cursor is shown on the selected setting (`--cursor visible`); it is
    /// placed there either way, for screen readers.
    var showsCursor = false
    /// Whether the terminal reports the mouse to the editor (`M` and `--no-mouse` turn it off, so
    /// the terminal selects text). Never saved.
    var capturesMouse = false
    /// The last left click on a setting (its row and time), so that a second click on the same
    /// row soon after opens it, as a double-click.
    var lastClick: (row: Int, time: Double)?
    /// The plain mode's questions and answers, when the state is shown as plain text rather
    /// than a screen (nil: the full screen).
    var conversation: PlainConversation?

    init(settings: SettingsSnapshot, suiteName: String, location: String, width: Int, height: Int) {
        self.settings = settings
        title = settings.schema.title
        self.suiteName = suiteName
        self.location = location
        self.width = Self.side(width)
        self.height = Self.side(height)
        layout = Self.layout(width: Self.side(width), height: Self.side(height), filter: "", modifiedOnly: false, mode: .browse)
    }

    /// Turns this state into the plain mode's: what it is and the settings are said, then the
    /// question for a setting. The first message (a problem reading the suite) is said with them.
    mutating func startConversation() {
        var conversation = PlainConversation()
        conversation.say(.introduction(warning: message.map(\.text)))
        conversation.say(.listing)
        conversation.say(.menuPrompt)
        self.conversation = conversation
        message = nil
    }

    /// The setting's facts in words, as every view says them, whether it is in use included.
    func facts(of key: AnyPreferenceKey) -> SettingFacts {
        settings.facts(of: key, notInUse: notInUse[key.name], brokenRule: brokenRules[key.name])
    }

    /// Whether the plain mode's open question is a secret's: its answer is then typed unseen.
    var isAskingForSecret: Bool {
        guard let name = conversation?.asking else { return false }
        return settings.schema.key(named: name)?.isSecret == true
    }

    private mutating func relayout() {
        let new = Self.layout(width: width, height: height, filter: filter, modifiedOnly: modifiedOnly, mode: mode)
        if new != layout { layout = new }
    }

    private static func layout(width: Int, height: Int, filter: String, modifiedOnly: Bool, mode: Mode) -> EditorLayout {
        var showsFilter = !filter.isEmpty || modifiedOnly
        if case .filtering = mode { showsFilter = true }
        return EditorLayout(width: width, height: height, showsFilter: showsFilter)
    }

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
