import Foundation
import PrefsModel

/// The full-screen settings editor, opened by a program on its own `Preferences`: one form
/// widget per type, its derived values live, reset, undo, filter and details, writing through
/// to the store as the person edits. `run` returns when the person quits, with what changed.
///
/// ```swift
/// let summary = try PreferencesEditor(prefs, title: "MyApp settings").run()
/// for change in summary.changes { print(change.key, change.before ?? "default", "→", change.after ?? "default") }
/// ```
///
/// A good guest: whatever ends it, the editor puts back the terminal's modes and screen, every
/// signal action it changed and the locale. A SIGINT, SIGTERM or SIGHUP while it runs restores
/// all that first, then goes to the host's own disposition (its handler runs, or the default
/// ends the process, as it would without the editor); if the process lives on, `run` returns
/// with ``Summary/ending`` saying which signal. The editor never ends the process itself. One editor runs
/// at a time in a process; another one after it works.
public struct PreferencesEditor: Sendable {
    /// Where the editor draws.
    public enum Terminal: Sendable {
        /// Standard input and output when both are a terminal, else the controlling terminal.
        case automatic
        /// Standard input and output; ``PreferencesEditorError/noTerminal(stream:)`` if either is not a terminal.
        case standardStreams
        /// The controlling terminal (`/dev/tty`), whatever standard input and output are.
        case controllingTerminal
    }

    /// Colours, or the theme without them (reverse, bold and underline).
    public enum Colours: Sendable {
        /// Colours unless `NO_COLOR` is set or the terminal has none.
        case automatic
        case on
        case off
    }

    /// Full screen, or plain prompts: a numbered list and questions on standard input and
    /// output that only append (no cursor movement, no escape sequences), for screen readers,
    /// braille displays and terminals that cannot move the cursor.
    public enum Mode: Sendable {
        /// Plain when `ACCESSIBLE` is set or `TERM` is `dumb`, or when terminfo does not know
        /// the terminal `TERM` names (with a note saying so); full screen otherwise.
        case automatic
        case fullScreen
        case plain
    }

    /// What a host can choose.
    public struct Options: Sendable {
        /// Only the settings of these sections (by name, in any letter case), or all when nil.
        public var sections: [String]?
        /// Only these settings (by key name), or all when nil. With ``sections`` too, a setting
        /// shows when it is in either.
        public var keys: [String]?
        /// Colours, or the theme without them (`.automatic` honours `NO_COLOR`).
        public var colours: Colours
        /// Where the editor draws (`.automatic`: standard input and output, else `/dev/tty`).
        public var terminal: Terminal
        /// Also list the store's keys that the schema does not declare (another program's, an
        /// older version's), in a last section, as they come and go while the editor is open.
        public var otherKeys: Bool
        /// Show the terminal's cursor on the selected setting. It is placed there either way
        /// (screen readers and braille displays follow it); hidden by default.
        public var showsCursor: Bool
        /// Plain prompts instead of the full screen (see ``Mode``).
        public var mode: Mode
        /// Take clicks and the wheel (on by default). Off, the terminal's own text selection
        /// works; the person can also switch it with `M`. Never saved.
        public var capturesMouse: Bool
        /// Called with the summary when a signal ended the editor, after the terminal is back and
        /// before the signal goes on to the host's own disposition, which may end the process:
        /// the last moment to report a change that was not saved.
        ///
        /// ```swift
        /// options.onSignal = { summary in if let lost = summary.unsaved { log("not saved: \(lost.keys)") } }
        /// ```
        public var onSignal: (@Sendable (Summary) -> Void)?

        /// Options for ``PreferencesEditor/init(_:title:options:)``.
        ///
        /// ```swift
        /// PreferencesEditor.Options(sections: ["Units"], colours: .off)
        /// ```
        public init(sections: [String]? = nil, keys: [String]? = nil, colours: Colours = .automatic,
                    terminal: Terminal = .automatic, otherKeys: Bool = false, showsCursor: Bool = false,
                    mode: Mode = .automatic, capturesMouse: Bool = true, onSignal: (@Sendable (Summary) -> Void)? = nil) {
            self.sections = sections
            self.keys = keys
            self.colours = colours
            self.terminal = terminal
            self.otherKeys = otherKeys
            self.showsCursor = showsCursor
            self.mode = mode
            self.capturesMouse = capturesMouse
            self.onSignal = onSignal
        }

        /// Whether ``PreferencesEditor/run(cancellation:)`` asks plain questions rather than
        /// drawing the full screen, as far as the options and the environment tell before a
        /// terminal is opened (`ACCESSIBLE`, `TERM=dumb`); a `TERM` that terminfo does not know
        /// is found only when the terminal is opened.
        ///
        /// ```swift
        /// if options.asksPlainQuestions { print("Answer the questions; q quits.") }
        /// ```
        public var asksPlainQuestions: Bool {
            mode == .plain || (mode == .automatic && PlainSession.isRequestedByEnvironment)
        }
    }

    private let prefs: Preferences

    /// The secret settings' names, for the summary's descriptions.
    private var secretNames: Set<String> { Set(prefs.schema.keys.filter(\.isSecret).map(\.name)) }
    private let title: String?
    let options: Options

    /// An editor on `prefs`, titled `title` (default: the schema's title).
    ///
    /// ```swift
    /// let editor = PreferencesEditor(prefs, title: "MyApp settings")
    /// ```
    public init(_ prefs: Preferences, title: String? = nil, options: Options = Options()) {
        self.prefs = prefs
        self.title = title
        self.options = options
    }

    /// Opens the editor and returns when the person quits, the host cancels, or a signal ends it.
    ///
    /// ```swift
    /// let summary = try PreferencesEditor(prefs).run()
    /// ```
    public func run(cancellation: EditorCancellation? = nil) throws(PreferencesEditorError) -> Summary {
        let shown = try shownPreferences()
        if options.asksPlainQuestions {
            let outcome = try PlainSession.run(shown, suiteName: suiteName, keyListing: keyListing, cancellation: cancellation,
                                               echo: HiddenAnswer(input: STDIN_FILENO))
            return Summary(outcome.committed, ending: outcome.ending, unsaved: nil, secrets: secretNames)
        }
        let device: TerminalDevice
        switch options.terminal {
        case .automatic: device = try TerminalDevice.automatic()
        case .standardStreams: device = try TerminalDevice.standardStreams()
        case .controllingTerminal: device = try TerminalDevice.controllingTerminal()
        }
        let monochrome = switch options.colours {
        case .automatic: !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        case .on: false
        case .off: true
        }
        let outcome: EditorLoop.Outcome
        do {
            outcome = try EditorLoop.run(shown, suiteName: suiteName, device: device,
                                            monochrome: monochrome, showsCursor: options.showsCursor,
                                            capturesMouse: options.capturesMouse, keyListing: keyListing,
                                            cancellation: cancellation)
        } catch .unknownTerminal(let term) where options.mode == .automatic {
            // No dead end: the plain mode needs no terminfo, and says why it is shown.
            let outcome = try PlainSession.run(shown, suiteName: suiteName, keyListing: keyListing,
                                               note: PlainSession.unknownTerminalNote(term: term), cancellation: cancellation,
                                               echo: HiddenAnswer(input: STDIN_FILENO))
            return Summary(outcome.committed, ending: outcome.ending, unsaved: nil, secrets: secretNames)
        }
        let summary = Summary(outcome.committed, ending: outcome.ending,
                              unsaved: outcome.unsaved.map { UnsavedChange(keys: $0.keys, reason: $0.reason) }, secrets: secretNames)
        if case .signal(let signal) = outcome.ending {
            options.onSignal?(summary)
            // The terminal and the host's signal actions are back: the signal now does what it
            // would have done without the editor.
            raise(signal)
        }
        return summary
    }

    /// Opens the editor from async code: it runs on a thread of its own, and cancelling the
    /// calling task ends it as ``EditorCancellation`` does.
    ///
    /// ```swift
    /// let summary = try await PreferencesEditor(prefs).run()
    /// ```
    public func run() async throws -> Summary {
        let cancellation = EditorCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Summary, any Error>) in
                let thread = Thread {
                    do { continuation.resume(returning: try self.run(cancellation: cancellation)) } catch {
                        continuation.resume(throwing: error)
                    }
                }
                thread.name = "PreferencesEditor"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The suite the editor says it edits: its store's, where that is a suite.
    var suiteName: String {
        (prefs.store as? SuiteStore)?.suiteName ?? prefs.schema.suiteName
    }

    /// The preferences the editor shows: all of them, or the chosen sections and keys (on the
    /// same store, with the same derived values).
    func shownPreferences() throws(PreferencesEditorError) -> Preferences {
        let schema = prefs.schema
        guard options.sections != nil || options.keys != nil || title != nil || options.otherKeys else { return prefs }
        // Section names in any letter case, as `prefs-tui reset --section` takes them; key names
        // are identifiers, exact.
        let sectionNames = schema.sections.map(\.name)
        for section in options.sections ?? [] where !sectionNames.contains(where: { $0.lowercased() == section.lowercased() }) {
            throw .noSuchSetting(name: section, kind: "section", allowed: sectionNames)
        }
        for key in options.keys ?? [] where schema.key(named: key) == nil {
            throw .noSuchSetting(name: key, kind: "setting", allowed: schema.keys.map(\.name))
        }
        let chosen = options.sections == nil && options.keys == nil ? schema.keys : schema.keys.filter { key in
            isChosen(section: key.section) || (options.keys ?? []).contains(key.name)
        }
        var shown = schema.withKeys(chosen, title: title)
        if options.otherKeys {
            // Every key the schema declares counts as its own, shown or not: only the rest are "other".
            let declared = Set(schema.keys.map(\.name) + schema.retiredKeys + schema.keys.flatMap(\.renamedFrom)
                               + (schema.version > 0 ? [PreferenceSchema.versionKey] : []))
            shown = shown.addingOtherKeys(from: prefs.store.storedValues().filter { !declared.contains($0.key) })
        }
        return prefs.withSchema(shown)
    }

    /// How the shown key list follows the store: with ``Options/otherKeys``, the store's keys
    /// the schema does not declare come and go; declared keys left out by ``Options/sections``
    /// or ``Options/keys`` are never listed as others.
    var keyListing: KeyListing {
        guard options.otherKeys else { return .schema }
        let declared = options.sections == nil && options.keys == nil ? [] : prefs.schema.keys.map(\.name)
        return .followingStore(hidden: Set(declared).subtracting(options.keys ?? []).filter { name in
            !isChosen(section: prefs.schema.key(named: name)?.section ?? "")
        })
    }

    /// Whether ``Options/sections`` names this section (in any letter case).
    private func isChosen(section: String) -> Bool {
        (options.sections ?? []).contains { $0.lowercased() == section.lowercased() }
    }

}
