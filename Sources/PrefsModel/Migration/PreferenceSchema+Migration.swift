
extension PreferenceSchema {
    /// What migrating a suite takes, and what it writes: ``migrationPlan(for:)``'s steps, the
    /// stored changes they make together, and the error of a step that threw.
    package struct MigrationOutcome {
        package var steps: [PreferenceMigration] = []
        package var changes: [String: PlistValue?] = [:]
        package var failure: PreferenceError?
    }

    /// The version a suite records: 0 for none, nil for a value that is no version number.
    static func recordedVersion(in stored: [String: PlistValue]) -> Int? {
        guard let value = stored[versionKey] else { return 0 }
        return versionNumber(value)
    }

    /// A stored value as a schema version (a whole number from 0), or nil: the one check of
    /// what ``versionKey`` may hold, for reads, imports and repairs alike.
    package static func versionNumber(_ value: PlistValue?) -> Int? {
        if case .int(let number)? = value, (0...largestVersion).contains(number) { return number }
        return nil
    }

    /// The highest schema version a suite may record. Far above any program's real count of
    /// versions; a record beyond it (a backup claiming `Int.max`) is no version but damage, which
    /// would otherwise stop every later migration for good.
    package static let largestVersion = 1_000_000

    /// What a record of the version may be, in words: the one wording of every refusal of it.
    static var versionAllowed: String { "a schema version: a whole number (an integer) from 0 to \(largestVersion)" }

    /// A stored version for a message: text as it is (the message quotes it once), other
    /// values in their short form.
    private static func versionText(_ value: PlistValue) -> String {
        if case .string(let text) = value { return text }
        return value.summary
    }

    /// What a write may store as the record of the version: a version number (within
    /// ``largestVersion``), and with a versioned schema none newer than its own (values the
    /// program cannot know were written by a newer one). Nil (a removal) is allowed. The one
    /// check for imports, `set --type` and any other write that brings a version.
    package func versionRefusal(_ value: PlistValue?) -> PreferenceError? {
        guard let value else { return nil }
        let shown = Self.versionText(value)
        guard let number = Self.versionNumber(value) else {
            return .invalidValue(key: Self.versionKey, value: shown, allowed: Self.versionAllowed)
        }
        if version > 0, number > version {
            return .invalidValue(key: Self.versionKey, value: shown,
                                 allowed: "a schema version up to \(version), this program's: values at a later version come from a newer version of the program")
        }
        return nil
    }

    /// What a write stores: its own changes with the migration it carries out, decided on
    /// `current`, the file as it is under the lock. The migration's changes come first and the
    /// write's own last. A write that brings its own version (an import of a backup) has its
    /// values migrated on their own, from that version, and the file's as any write's; the
    /// version recorded is the higher of the two results, so an old backup never moves it back.
    package func changes(migrating current: [String: PlistValue], with changes: [String: PlistValue?],
                         locks: MigrationLocks = .none) -> (changes: [String: PlistValue?], failure: PreferenceError?) {
        let outcome = migration(for: current, locks: locks)
        guard let brought = changes[Self.versionKey] else {
            return (outcome.changes.merging(changes) { _, own in own }, outcome.failure)
        }
        var imported: [String: PlistValue] = [:]
        for case let (name, value?) in changes { imported[name] = value }
        let own = migration(for: imported, locks: locks)
        var all = outcome.changes
        for (name, value) in changes where name != Self.versionKey { all[name] = value }
        for (name, value) in own.changes where name != Self.versionKey { all[name] = value }
        let file = Self.versionNumber(outcome.changes[Self.versionKey] ?? current[Self.versionKey])
        let backup = Self.versionNumber(own.changes[Self.versionKey] ?? brought)
        if let highest = [file, backup].compactMap({ $0 }).max(), highest != Self.versionNumber(current[Self.versionKey]) {
            all[Self.versionKey] = .int(highest)
        } else {
            all.removeValue(forKey: Self.versionKey)
        }
        return (all, outcome.failure)
    }

    /// The migration of `stored` to this schema. A suite that records a newer version than this
    /// schema's (a newer program migrated it) is left as it is, so an older program never
    /// writes the newer one's values away. Otherwise the steps after the recorded version run in
    /// order on the values, each seeing the earlier ones' changes; then renames, conversions and
    /// retirements apply to the result; then the version is recorded. A step that throws stops
    /// the migration there: the steps before it are kept and their version recorded, nothing
    /// later is done, and its error is the outcome's failure. A suite that holds nothing has
    /// nothing to migrate: only its version is recorded.
    ///
    /// A migration never writes what the site locks (`locks`): a value whose setting is locked
    /// stays where it is, under its old name or type, with the reason, and moves at the first
    /// migration after the lock is lifted (until then the setting reads the site's value).
    ///
    /// `runsSteps` false makes the plan of a read (``migrationPlan(for:)``, diagnostics, the
    /// check whether a commit is needed at all): the step closures are not called (a step runs
    /// only inside the commit that records it, so a step with a side effect has it once per
    /// commit); the steps due show as the version to record, and renames and retirements are
    /// planned on the values as they are.
    package func migration(for stored: [String: PlistValue], locks: MigrationLocks = .none, runsSteps: Bool = true) -> MigrationOutcome {
        var outcome = MigrationOutcome()
        guard hasMigrations else { return outcome }
        guard let recorded = Self.recordedVersion(in: stored) else {
            outcome.steps = [PreferenceMigration(from: Self.versionKey, action: .keep(reason: "not a version number; nothing migrated"),
                                                 value: stored[Self.versionKey])]
            // Said, not only kept: nothing migrates until the record is repaired.
            outcome.failure = .invalidValue(key: Self.versionKey, value: stored[Self.versionKey].map(Self.versionText) ?? "",
                                            allowed: Self.versionAllowed + " (repair: prefs-tui set --type int \(Self.versionKey) N)")
            return outcome
        }
        guard recorded <= version else {
            let reason = "a newer version of the program migrated this suite; this one is at version \(version), so nothing is migrated"
            outcome.steps = [PreferenceMigration(from: Self.versionKey, action: .keep(reason: reason), value: stored[Self.versionKey])]
            return outcome
        }
        let holdsValues = stored.keys.contains { $0 != Self.versionKey }
        var values = stored
        var reached = recorded
        for step in migrationSteps where step.version > recorded && holdsValues {
            guard runsSteps else {
                reached = step.version
                continue
            }
            var transaction = MigrationTransaction(values: values)
            do {
                try step.body(&transaction)
            } catch {
                let reason = (error as? PreferenceError)?.description ?? "\(error)"
                outcome.steps.append(PreferenceMigration(from: Self.versionKey, action: .failed(version: step.version, reason: reason),
                                                         value: reached > 0 ? .int(reached) : nil))
                outcome.failure = .migrationFailed(version: step.version, reason: reason)
                break
            }
            var after = transaction.values
            let touched = Set(values.keys).union(after.keys).filter { values[$0] != after[$0] }
            for name in touched.sorted() {
                // A step's change of a locked name is not made: the value stays as it was.
                if let lockFile = locks.lockFile(name) {
                    outcome.steps.append(PreferenceMigration(from: name, action: .keep(reason: SettingWords.lockedBy(lockFile)), value: values[name],
                                                             isSecret: setting(storedUnder: name)?.isSecret ?? false))
                    after[name] = values[name]
                    continue
                }
                outcome.steps.append(PreferenceMigration(from: name, action: .step(version: step.version),
                                                         value: values[name], newValue: after[name],
                                                         isSecret: setting(storedUnder: name)?.isSecret ?? false))
                outcome.changes[name] = .some(after[name])
            }
            values = after
            reached = step.version
        }
        if outcome.failure == nil {
            for step in declaredMigrationPlan(for: values, locks: locks) {
                outcome.steps.append(step)
                outcome.changes.merge(step.changes) { _, later in later }
            }
            reached = version
        }
        if reached > recorded {
            outcome.changes[Self.versionKey] = .some(.int(reached))
            if holdsValues {
                outcome.steps.append(PreferenceMigration(from: Self.versionKey, action: .recordVersion,
                                                         value: stored[Self.versionKey], newValue: .int(reached)))
            }
        }
        return outcome
    }

    /// What moving `stored` to this schema takes: renames, conversions and retirements, then
    /// the version recorded. The ordered steps (``MigrationStep``) due are not run for a plan:
    /// they run only inside the commit that records them (``Preferences/migrate()`` or the
    /// next write), which reports their changes.
    ///
    /// ```swift
    /// schema.migrationPlan(for: ["unitSystem": .string("imperial")])  // [unitSystem → units: "imperial"]
    /// ```
    public func migrationPlan(for stored: [String: PlistValue]) -> [PreferenceMigration] {
        migration(for: stored, runsSteps: false).steps
    }

    /// What the site locks, as a migration asks it: the locks file that locks a stored name
    /// (a setting's by any of its names), or nil.
    package struct MigrationLocks: Sendable {
        package let lockFile: @Sendable (String) -> String?

        package static let none = MigrationLocks { _ in nil }

        /// The locks of `layers` for the names of `schema` (the record of the version is never
        /// locked: it is no setting).
        package init(_ layers: SiteLayers, schema: PreferenceSchema) {
            guard !layers.folders.allSatisfy({ $0.locked.isEmpty }) else {
                self = .none
                return
            }
            lockFile = { name in
                guard name != PreferenceSchema.versionKey else { return nil }
                return layers.lockingFolder(ofStored: name, in: schema).map { layers.folders[$0].locksPath }
            }
        }

        package init(lockFile: @escaping @Sendable (String) -> String?) { self.lockFile = lockFile }
    }

    /// What renames, conversions and retirements take, in key order. A value moves from a setting's
    /// old name only when the new name holds nothing and the setting takes the value (its type
    /// and rule); otherwise it stays, with the reason. Of several old names, the newest with a
    /// value moves. A value never set under any name is never written: the default applies.
    private func declaredMigrationPlan(for stored: [String: PlistValue], locks: MigrationLocks) -> [PreferenceMigration] {
        var steps: [PreferenceMigration] = []
        for key in keys where !key.renamedFrom.isEmpty || key.conversion != nil {
            if let lockFile = locks.lockFile(key.name) {
                for name in [key.name] + key.renamedFrom where name == key.name ? stored[name].map({ key.problem(with: $0) != nil }) ?? false : stored[name] != nil {
                    steps.append(PreferenceMigration(from: name, action: .keep(reason: "\(key.name) is \(SettingWords.lockedBy(lockFile))"), value: stored[name],
                                                     isSecret: key.isSecret))
                }
                continue
            }
            // A value of the key's old type under its own name is converted in place.
            if let own = stored[key.name], key.problem(with: own) != nil, let converted = Self.taken(own, by: key) {
                steps.append(PreferenceMigration(from: key.name, action: .convert, value: own, newValue: converted, isSecret: key.isSecret))
            }
            var moved = stored[key.name] != nil
            for old in key.renamedFrom where old != key.name {
                guard let value = stored[old] else { continue }
                if moved {
                    let reason = stored[key.name] != nil ? "\(key.name) already holds a value" : "an older name of \(key.name)"
                    steps.append(PreferenceMigration(from: old, action: .keep(reason: reason), value: value, isSecret: key.isSecret))
                } else if let taken = Self.taken(value, by: key) {
                    steps.append(PreferenceMigration(from: old, action: .rename(to: key.name), value: value, newValue: taken, isSecret: key.isSecret))
                    moved = true
                } else {
                    let problem = key.problem(with: value) ?? "no conversion for it"
                    steps.append(PreferenceMigration(from: old, action: .keep(reason: "\(key.name) does not take it: \(problem)"), value: value,
                                                     isSecret: key.isSecret))
                }
            }
        }
        let declared = Set(keys.map(\.name))
        for name in retiredKeys where !declared.contains(name) {
            guard let value = stored[name] else { continue }
            if let lockFile = locks.lockFile(name) {
                steps.append(PreferenceMigration(from: name, action: .keep(reason: SettingWords.lockedBy(lockFile)), value: value))
            } else {
                steps.append(PreferenceMigration(from: name, action: .retire, value: value))
            }
        }
        return steps
    }

    /// Why the declared renames and retirements cannot all hold, or nil: an old name that is a
    /// setting now, one old name claimed by two settings, or a name both renamed and retired
    /// (each would move or remove a value that is not that setting's). Schema files are refused
    /// for it.
    package func migrationConflict() -> String? {
        // The schema's own table of names, not a set made again (7 M at 10,000 settings).
        let isSetting = { (name: String) in key(named: name) != nil }
        // The record of the version is no setting, old name or retired setting of any schema.
        let reserved = Self.versionKey
        if isSetting(reserved) || retiredKeys.contains(reserved) || keys.contains(where: { $0.renamedFrom.contains(reserved) }) {
            return "\(reserved.quotedForMessage) is where a suite records its schema version; no setting may use it"
        }
        var owner: [String: String] = [:]
        for key in keys {
            for old in key.renamedFrom where old != key.name {
                if isSetting(old) { return "\(old.quotedForMessage), an old name of \(key.name), is a setting of this schema" }
                if let other = owner[old] { return "\(old.quotedForMessage) is given as the old name of both \(other) and \(key.name)" }
                owner[old] = key.name
            }
        }
        for name in retiredKeys {
            if isSetting(name) { return "\(name.quotedForMessage) is retired and also a setting of this schema" }
            if let key = owner[name] { return "\(name.quotedForMessage) is retired and also the old name of \(key)" }
        }
        return nil
    }

    /// The value the key reads from the user's file: its own, or, before the move, the first of
    /// its old names' values that it takes (what ``migrationPlan(for:)`` would move).
    package func userValue(of key: AnyPreferenceKey, in value: (String) -> PlistValue?) -> PlistValue? {
        Self.userValue(of: key, in: value)
    }

    /// ``userValue(of:in:)`` for any file of values (a site file too).
    static func userValue(of key: AnyPreferenceKey, in value: (String) -> PlistValue?) -> PlistValue? {
        if let own = value(key.name) { return Self.taken(own, by: key) ?? own }
        for old in key.renamedFrom where old != key.name {
            if let stored = value(old), let taken = Self.taken(stored, by: key) { return taken }
        }
        return nil
    }

    /// A stored value as the key takes it: itself when the key accepts it, else its conversion
    /// (for a key whose type changed) when the key accepts that; nil when neither.
    static func taken(_ value: PlistValue, by key: AnyPreferenceKey) -> PlistValue? {
        if key.problem(with: value) == nil { return value }
        guard let converted = key.conversion?(value), key.problem(with: converted) == nil else { return nil }
        return converted
    }
}
