extension Preferences {
    /// What an edit of `key` to `value` stores: nil (nothing, so the key reads its default) when
    /// `value` is the key's declared default, otherwise `value` itself. The one rule behind the
    /// editor's commits and the `set` and `import` commands, so that a stored value always means
    /// "differs from the default" and `set KEY "$(get KEY)"` changes nothing.
    ///
    /// Only a default that a schema declares counts: a key the schema does not describe, or any
    /// key of an inferred schema, belongs to another program, and its "default" is only our
    /// guess of an empty value; its value is stored as given. A value the key refuses is
    /// returned unchanged, so the write that follows refuses it with the reason.
    ///
    /// ```swift
    /// prefs.storedValue(forEdit: .int(15), of: PreferenceKeys.refreshInterval)  // nil: 15 is the default
    /// ```
    package func storedValue(forEdit value: PlistValue?, of key: AnyPreferenceKey) -> PlistValue? {
        schema.storedValue(forEdit: value, of: key, fallback: siteLayers.fallback(for: key))
    }

    /// Writes edits as ``write(_:)`` does (checked, all or none), each value first passed
    /// through ``storedValue(forEdit:of:)``: a value equal to its key's declared default removes
    /// the stored one.
    ///
    /// ```swift
    /// try prefs.writeEdits(["showFeelsLike": .bool(true)])  // the default: nothing stored
    /// ```
    @discardableResult
    package func writeEdits(_ changes: [String: PlistValue?]) throws -> [StoredChange] {
        var edited = changes
        for (name, value) in changes {
            guard let value, let key = schema.key(named: name) else { continue }
            edited[name] = .some(storedValue(forEdit: value, of: key))
        }
        return try write(edited)
    }
}

extension PreferenceSchema {
    /// The rule of ``Preferences/storedValue(forEdit:of:)``, for a UI that works on a snapshot
    /// of the values rather than on the store.
    ///
    /// ```swift
    /// schema.storedValue(forEdit: .int(15), of: PreferenceKeys.refreshInterval)  // nil: 15 is the default
    /// ```
    ///
    /// With site values, what counts is what the key reads without the user's file (`fallback`):
    /// choosing the program's default where the site gives another value must be stored, or
    /// the site's value would come back; choosing the site's own value stores nothing.
    package func storedValue(forEdit value: PlistValue?, of key: AnyPreferenceKey,
                             fallback: PreferenceResolution? = nil) -> PlistValue? {
        guard let value, declaresType(of: key), key.hasDefault || fallback?.stored != nil, key.problem(with: value) == nil else {
            return value
        }
        // Compared as the key reads them, so `<integer>1</integer>` for a Bool default of true
        // counts as the default too.
        let reads = fallback.map { key.json(of: $0.stored) } ?? key.defaultJSON
        return key.json(of: value) == reads ? nil : value
    }
}

extension Preferences {
    /// Moves the value stored under `old` to `new`, in one commit: `old` removed and `new`
    /// written, or neither. Decided on the suite as it is at that moment, under its lock, so it
    /// never overwrites a value another program stored under `new` meanwhile. Throws
    /// ``PreferenceError/renameRefused(from:to:reason:)`` when nothing is stored under `old` or
    /// something is under `new`, ``PreferenceError/locked(key:lockFile:)`` for a locked key,
    /// and the usual error when `new` is a declared key whose type or rule refuses the value.
    ///
    /// ```swift
    /// try prefs.rename("unitSystem", to: "units")
    /// ```
    @discardableResult
    package func rename(_ old: String, to new: String) throws -> [StoredChange] {
        guard old != new else { throw PreferenceError.renameRefused(from: old, to: new, reason: "the names are the same") }
        // Never, whatever the schema (an inferred one has no version of its own): a rename onto
        // the record made it claim any version, and the program then migrated nothing.
        if old == PreferenceSchema.versionKey || new == PreferenceSchema.versionKey {
            throw PreferenceError.renameRefused(from: old, to: new, reason: "\(PreferenceSchema.versionKey) is where the suite records its schema version")
        }
        if schema.key(named: new) == nil {
            if schema.retiredKeys.contains(new) {
                throw PreferenceError.renameRefused(from: old, to: new, reason: "\(new.quotedForMessage) is a setting this program retired")
            }
            if let owner = schema.keys.first(where: { $0.renamedFrom.contains(new) }) {
                throw PreferenceError.renameRefused(from: old, to: new, reason: "\(new.quotedForMessage) is the old name of \(owner.name)")
            }
        }
        // The locks read once, now: for the refusal and for the migration the commit may carry.
        let layers = site?.layersWithLocksReadNow() ?? .none
        if let refusal = layers.lockRefusal(of: [old, new], in: schema) { throw refusal }
        let (schema, overrides) = (self.schema, self.overrides)
        let target = schema.key(named: new).flatMap { schema.declaresType(of: $0) ? $0 : nil }
        let locks = PreferenceSchema.MigrationLocks(layers, schema: schema)
        let failure = Locked<PreferenceError?>(nil)
        // Like any write, a rename carries out a pending migration in the same commit.
        defer { if let failure = failure.withLock({ $0 }) { reportWriteError(failure) } }
        return try store.commit(by: writer) { current in
            guard let value = current[old] else {
                throw PreferenceError.renameRefused(from: old, to: new, reason: "nothing is stored under \(old.quotedForMessage)")
            }
            if let existing = current[new] {
                let shown = target?.shownSummary(of: existing) ?? existing.summary
                throw PreferenceError.renameRefused(from: old, to: new, reason: "\(new.quotedForMessage) already holds \(shown)")
            }
            try target?.checkStored(value)
            let own: [String: PlistValue?] = [old: nil, new: value]
            let migrated = schema.hasMigrations ? schema.changes(migrating: current, with: own, locks: locks) : (changes: own, failure: nil)
            // Both names change, so both are judged as any write's are: the value that arrives
            // and the default the old name goes back to must keep every rule across settings.
            if let refusal = SettingsRules.refusal(in: schema, current: current, changes: migrated.changes, site: layers,
                                                   overrides: overrides) {
                throw refusal
            }
            failure.withLock { $0 = migrated.failure }
            return migrated.changes
        }
    }
}

