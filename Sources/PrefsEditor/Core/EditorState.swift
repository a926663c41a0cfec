import Foundation
import PrefsModel

/// Everything the editor shows, as a value: which settings are listed, which is selected, what
/// is being edited, and the last message. `EditorUpdate` turns key events into new states;
/// `EditorRenderer` draws a state into a grid.
struct EditorState: Sendable {
    /// The values shown, and the schema they are shown with.
    var settings: SettingsSnapshot
    /// The settings, in schema order: rows and modes refer to them by index.
    var keys: [AnyPreferenceKey] { settings.schema.keys }
    /// The derived values of the live preview, computed from `settings`.
    var derived: [DerivedReading] = []
    /// What conditions and rules across settings say of each setting: why one is not in use
    /// (judged again after a change of a setting its condition read, a person's or another
    /// program's), and the rule a stored pair breaks (as another program may have written
    /// them). Judged on `settings` by PrefsModel, as `list` and `get` judge them.
    var judged = SettingsJudgement()
    /// The settings each condition read when last judged, by the setting it belongs to.
    var conditionInputs: [String: Set<String>] = [:]
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

    // The four below are set only by EditorState+Rows, an extension in a file of its own (hence
    // not `private`).
    /// The settings' titles and names as the filter searches them: made when first needed,
    /// and again after the list of settings changed.
    var searched: SettingsFilter?
    /// The listed rows: section titles and settings.
    var rows: [Row] = []
    /// For each listed setting (in order), its row; `selection` indexes this.
    var settingRows: [Int] = []
    /// The schema indices of the listed settings, in order.
    var listedKeyIndices: [Int] = []
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
        settings.facts(of: key, judged: judged)
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

}
