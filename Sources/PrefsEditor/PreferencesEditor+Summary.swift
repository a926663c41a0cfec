import PrefsModel

extension PreferencesEditor {
    /// What an editing session did, as ``PreferencesEditor/run(cancellation:)`` and
    /// ``PreferencesEditor/Harness/summary`` give it: the full screen, the plain mode and
    /// the harness report alike.
    ///
    /// ```swift
    /// let summary = try PreferencesEditor(prefs).run()
    /// guard summary.ending == .quit else { return }        // Ctrl-C, a signal, a cancelled task
    /// if let quality = summary.change(of: .quality) { print("quality", quality.before, "→", quality.after) }
    /// ```
    public struct Summary: Sendable, Equatable {
        /// Each setting the person changed, in the order of their first change; a setting changed
        /// and then put back (undo, or set back by hand) is not listed. Only the person's own
        /// changes: what a write carried along with them is in ``migrated``.
        public let changes: [Change]
        /// What the session's writes stored besides the person's changes: a migration's moves
        /// (a value under an old name moved to its new one) and the record of the schema's
        /// version (`prefs.schemaVersion`). Empty when the suite needed no migration.
        public let migrated: [Change]
        /// How the session ended.
        public let ending: Ending
        /// A change the person made that was not saved: the editor closed while its write
        /// waited for the suite's lock, held by another process. Nil when every change was saved.
        public let unsaved: UnsavedChange?

        /// The signal that ended the session, when ``ending`` is ``Ending/signal(_:)``.
        ///
        /// ```swift
        /// if let signal = summary.endingSignal { log("the editor ended by signal \(signal)") }
        /// ```
        public var endingSignal: Int32? {
            if case .signal(let signal) = ending { return signal }
            return nil
        }

        /// Whether the host ended the session (``Ending/cancelled``).
        ///
        /// ```swift
        /// if summary.wasCancelled { return }
        /// ```
        public var wasCancelled: Bool { ending == .cancelled }

        /// The person's change of one setting, typed as the key is: its stored value before the
        /// session's first change and after its last, each read as the key reads a stored value
        /// (the key's default where nothing is stored; a site's value is not looked at); nil when
        /// the person did not change it.
        ///
        /// ```swift
        /// summary.change(of: .quality)  // ValueChange(before: 80, after: 90)
        /// ```
        public func change<Value>(of key: PreferenceKey<Value>) -> ValueChange<Value>? {
            guard let change = changes.first(where: { $0.key == key.name }) else { return nil }
            return ValueChange(before: key.effectiveValue(from: change.before), after: key.effectiveValue(from: change.after))
        }

        init(_ committed: SessionChanges, ending: EditorEnding, unsaved: UnsavedChange?, secrets: Set<String> = []) {
            changes = committed.personChanges.map { Self.change($0, secrets: secrets) }
            migrated = committed.carriedChanges.map { Self.change($0, secrets: secrets) }
            self.ending = Ending(ending)
            self.unsaved = unsaved
        }

        /// A session's collapsed change as the package's change type, marked secret where the
        /// setting is, so printing it says only whether each value is set.
        private static func change(_ collapsed: SessionChanges.Collapsed, secrets: Set<String>) -> Change {
            var change = Change(key: collapsed.key, before: collapsed.before, after: collapsed.after)
            change.isSecret = secrets.contains(collapsed.key)
            return change
        }
    }

    /// How a session ended.
    ///
    /// ```swift
    /// if summary.ending == .interrupted { throw CancellationError() }
    /// ```
    public enum Ending: Sendable, Equatable {
        /// The person quit: `q`, F10 or Ctrl-\ on the full screen; `q` or the end of input in
        /// the plain mode.
        case quit
        /// The person pressed Ctrl-C, which the full screen reads as a key: treat it as "stop",
        /// not as "done" (charmbracelet/huh's `ErrUserAborted`).
        case interrupted
        /// The host cancelled (``EditorCancellation``, or the task of the async `run()`).
        case cancelled
        /// A signal that ends programs (SIGINT, SIGTERM, SIGHUP …) arrived; it went to the host's
        /// own disposition after the terminal was put back, and the process lived on.
        case signal(Int32)

        init(_ ending: EditorEnding) {
            switch ending {
            case .quit: self = .quit
            case .interrupted: self = .interrupted
            case .cancelled: self = .cancelled
            case .signal(let signal): self = .signal(signal)
            }
        }
    }

    /// One setting the editor changed: its stored value before the editor's first change of it
    /// (`before`), and what its last change stored (`after`; nil:
    /// nothing stored, so it reads its default). The package's one change type, as observation
    /// reports it: `before`/`after` and `old`/`new` name the same values.
    ///
    /// ```swift
    /// for change in summary.changes { print(change.key, change.before ?? "default", "→", change.after ?? "default") }
    /// ```
    public typealias Change = StoredChange

    /// A setting's change as its key's own type (``Summary/change(of:)``).
    ///
    /// ```swift
    /// if let format = summary.change(of: .format) { exporter.format = format.after }
    /// ```
    public struct ValueChange<Value: PreferenceValue> {
        /// What it read before the session's first change of it.
        public let before: Value
        /// What it read after the session's last change of it.
        public let after: Value
    }

    /// A change asked for but not stored, because the editor closed while its write waited.
    ///
    /// ```swift
    /// if let lost = summary.unsaved { print("not saved:", lost.keys, lost.reason) }
    /// ```
    public struct UnsavedChange: Sendable, Equatable {
        /// The settings it would have changed.
        public let keys: [String]
        /// Why it was not stored, with the process that held the lock.
        public let reason: String
    }
}

extension PreferencesEditor.ValueChange: Sendable where Value: Sendable {}
extension PreferencesEditor.ValueChange: Equatable where Value: Equatable {}
