import PrefsModel

extension PreferencesEditor {
    /// A key for ``Harness/press(_:)``: what a person presses in the editor.
    public enum Key: Sendable, Hashable {
        case up, down, left, right
        case pageUp, pageDown, home, end
        case enter, escape, tab, backTab, backspace, delete, space
        /// A printable character (`.character("q")`).
        case character(Character)
        /// Ctrl and a letter (`.control("u")` clears a field).
        case control(Character)
        /// F1 to F12.
        case function(Int)

        /// The keys a name stands for, as `prefs-tui render --keys` takes them: `up`, `down`,
        /// `pgup`, `enter`, `esc`, `tab`, `shift-tab`, `bs`, `del`, `space`, `f1`…`f12`,
        /// `ctrl-a`…`ctrl-z`, one character, or `text:WORDS` for several characters; nil for a
        /// name that is none of these.
        ///
        /// ```swift
        /// PreferencesEditor.Key.named("ctrl-u")  // [.control("u")]
        /// ```
        public static func named(_ name: String) -> [Key]? {
            KeyEvent.parse(name).map { $0.map(Key.init) }
        }

        init(_ event: KeyEvent) {
            switch event {
            case .up: self = .up
            case .down: self = .down
            case .left: self = .left
            case .right: self = .right
            case .pageUp: self = .pageUp
            case .pageDown: self = .pageDown
            case .home: self = .home
            case .end: self = .end
            case .enter: self = .enter
            case .escape: self = .escape
            case .tab: self = .tab
            case .backTab: self = .backTab
            case .backspace: self = .backspace
            case .delete: self = .delete
            case .character(let character): self = .character(character)
            case .control(let character): self = .control(character)
            case .function(let number): self = .function(number)
            }
        }

        var event: KeyEvent {
            switch self {
            case .up: .up
            case .down: .down
            case .left: .left
            case .right: .right
            case .pageUp: .pageUp
            case .pageDown: .pageDown
            case .home: .home
            case .end: .end
            case .enter: .enter
            case .escape: .escape
            case .tab: .tab
            case .backTab: .backTab
            case .backspace: .backspace
            case .delete: .delete
            case .space: .character(" ")
            case .character(let character): .character(character)
            case .control(let character): .control(Character(character.lowercased()))
            case .function(let number): .function(number)
            }
        }
    }

    /// The editor without a terminal, for a host's own tests: it feeds keys to the same state
    /// machine the terminal runs, writes through the same `Preferences`, and returns the screen
    /// as text at a size of your choice. Changes made elsewhere (another `Preferences` on the
    /// store, another process) show on the next key or screen read, as in the terminal.
    ///
    /// ```swift
    /// let prefs = Preferences(store: InMemoryStore(), schema: MySettings.schema)
    /// let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 100, height: 30)
    /// editor.press(.down, .space)
    /// #expect(editor.screen.contains("History kept  14 days"))
    /// #expect(editor.summary.changes.map(\.key) == ["keepDaily"])
    /// ```
    ///
    /// With ``Options/mode`` `.plain`, it asks the plain mode's questions instead: answer them
    /// with ``answer(_:)`` and read ``transcript``.
    ///
    /// ```swift
    /// let plain = try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(mode: .plain)))
    /// plain.answer("keepDaily", "14")
    /// #expect(plain.transcript.contains("Saved keepDaily = 14 days."))
    /// ```
    public final class Harness {
        private let prefs: Preferences
        /// The state machine the harness drives (internal: the project's own tests look inside).
        let controller: EditorController
        private let outside: OutsideChanges
        /// What the plain mode has said so far, and how much of the conversation that covers.
        private var said = "", saidCount = 0

        /// Opens `editor` (its title, sections and keys) on a screen of `width`×`height` cells.
        /// With `writesToCopy`, the editor writes to a copy of the settings in memory and the
        /// suite is never changed (a preview, as `prefs-tui render` shows one), while the screen
        /// still names the suite's file and any problem reading it. Throws
        /// ``PreferencesEditorError/noSuchSetting(name:kind:allowed:)`` for options naming a
        /// section or key the schema does not have.
        ///
        /// ```swift
        /// let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(sections: ["Backup"])))
        /// ```
        public init(_ editor: PreferencesEditor, width: Int = 80, height: Int = 24, writesToCopy: Bool = false) throws(PreferencesEditorError) {
            let shown = try editor.shownPreferences()
            // The copy shares the suite's storage until one of them changes (copy on write). A
            // caller that lets the suite go once the harness is made, as `prefs-tui render` does,
            // leaves the copy's storage its own, and the copy is never made: 5 MB of memory at
            // 50,000 settings.
            prefs = writesToCopy
                ? Preferences(store: InMemoryStore(shown.store.storedValues()), schema: shown.schema, site: shown.site, overrides: shown.overrides)
                : shown
            // Watching first, as the terminal does, so no change falls between it and the snapshot.
            outside = OutsideChanges(prefs) {}
            controller = EditorController(prefs: prefs, suiteName: editor.suiteName,
                                          location: writesToCopy ? shown.store.location : nil,
                                          loadProblem: writesToCopy ? shown.store.loadProblem : nil,
                                          width: max(1, width), height: max(1, height),
                                          keyListing: editor.keyListing)
            if editor.options.mode == .plain {
                controller.startConversation()
                takeSaid()
            }
        }

        /// The project's own tests: the same harness on `prefs` as given, with the file's place
        /// shown as `location` (a golden screen names a fixed one) and ASCII marks if asked.
        init(prefs: Preferences, suiteName: String, location: String, width: Int, height: Int, asciiMarkers: Bool,
             keyListing: KeyListing) {
            self.prefs = prefs
            outside = OutsideChanges(prefs) {}
            controller = EditorController(prefs: prefs, suiteName: suiteName, location: location, width: width, height: height,
                                          asciiMarkers: asciiMarkers, keyListing: keyListing)
        }

        deinit { outside.cancel() }

        /// Presses keys in order, as a person would; keys after one that quits are ignored.
        ///
        /// ```swift
        /// editor.press(.down, .down, .enter)
        /// ```
        public func press(_ keys: Key...) {
            for key in keys {
                takeOutsideChanges()
                controller.handle([key.event])
            }
        }

        /// Types text, one character at a time (into an open field, or as keys in the list).
        ///
        /// ```swift
        /// editor.type("Bergen")
        /// ```
        public func type(_ text: String) {
            for character in text {
                takeOutsideChanges()
                controller.handle([.character(character)])
            }
        }

        /// Pastes text as a terminal's bracketed paste delivers it: whole, never as keys.
        ///
        /// ```swift
        /// editor.paste("line one\nline two")
        /// ```
        public func paste(_ text: String) {
            takeOutsideChanges()
            controller.send(.paste(text))
        }

        /// Resizes the screen, as a terminal window does.
        ///
        /// ```swift
        /// editor.resize(width: 60, height: 20)
        /// ```
        public func resize(width: Int, height: Int) {
            takeOutsideChanges()
            controller.send(.resize(width: max(1, width), height: max(1, height)))
        }

        /// The screen as text: one line per row, trailing spaces removed.
        ///
        /// ```swift
        /// print(editor.screen)
        /// ```
        public var screen: String {
            takeOutsideChanges()
            return controller.frame().text
        }

        /// The last row of the screen: the editor's messages (`Saved keepDaily = 14`, errors).
        ///
        /// ```swift
        /// #expect(editor.statusLine.contains("Saved"))
        /// ```
        public var statusLine: String {
            screen.components(separatedBy: "\n").last ?? ""
        }

        /// Answers the plain mode's questions, one line each, as a person types them (without
        /// the line end); lines after one that quits are ignored. Opened with ``Options/mode``
        /// `.plain` only: on the full screen, lines mean nothing and are ignored.
        ///
        /// ```swift
        /// plain.answer("4", "Bergen")   // the fourth setting, then its new value
        /// ```
        public func answer(_ lines: String...) {
            for line in lines where !controller.shouldQuit {
                takeOutsideChanges()
                controller.send(.line(.text(line)))
                // Worded now, from the state this line left: the next line may change the values.
                takeSaid()
            }
        }

        /// Everything the plain mode has said, as it would print it: the list, the questions,
        /// and what each answer did. Empty on the full screen.
        ///
        /// ```swift
        /// #expect(plain.transcript.hasSuffix("Setting (number or name; l lists, q quits): "))
        /// ```
        public var transcript: String {
            takeOutsideChanges()
            return said
        }

        /// Whether a key (or in the plain mode, an answer) quit the editor (`q`, Ctrl-C).
        ///
        /// ```swift
        /// editor.press(.character("q")); #expect(editor.hasQuit)
        /// ```
        public var hasQuit: Bool { controller.shouldQuit }

        /// What the session has changed so far, as ``PreferencesEditor/run(cancellation:)``
        /// would return it on quitting now.
        ///
        /// ```swift
        /// #expect(editor.summary.changes.map(\.key) == ["keepDaily"])
        /// ```
        public var summary: Summary {
            Summary(controller.committed, ending: controller.ending ?? .quit, unsaved: nil,
                    secrets: Set(controller.prefs.schema.keys.filter(\.isSecret).map(\.name)))
        }

        private func takeOutsideChanges() {
            if let event = outside.take() {
                controller.send(event)
                takeSaid()
            }
        }

        private func takeSaid() {
            let new = PlainView.text(of: controller.state, since: saidCount)
            said += new.text
            saidCount = new.next
        }
    }
}
