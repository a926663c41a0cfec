import Foundation

// Text and untyped access: what editors, commands and imports use, where the key is known only at run time.
extension Preferences {
    /// The value of any key in its text form (the default's when nothing valid is stored).
    ///
    /// ```swift
    /// prefs.text(of: PreferenceKeys.refreshInterval)  // "15"
    /// ```
    public func text(of key: AnyPreferenceKey) -> String {
        key.text(of: effectiveStored(key))
    }

    /// The value of any key as JSON.
    ///
    /// ```swift
    /// prefs.json(of: PreferenceKeys.favoriteCities)  // .array([.string("Bergen")])
    /// ```
    public func json(of key: AnyPreferenceKey) -> JSONValue {
        key.json(of: effectiveStored(key))
    }

    /// Parses text (one value, or list items), checks the rule and saves. Returns what changed.
    ///
    /// ```swift
    /// try prefs.set(text: ["30"], for: PreferenceKeys.refreshInterval)
    /// ```
    @discardableResult
    public func set(text arguments: [String], for key: AnyPreferenceKey) throws -> [StoredChange] {
        try write([key.name: key.storedValue(parsing: arguments)])
    }

    /// Saves stored values (nil removes) together: all or none. Every write of this type ends
    /// here, and here every value of a schema key is checked like any other write: its type,
    /// its rule, no control characters. If one fails, nothing is written and the error names
    /// the key. Removals are always allowed; keys the schema does not declare have no rule and
    /// are written as given.
    ///
    /// ```swift
    /// try prefs.write(["city": .string("Bergen"), "lastRefresh": nil])
    /// ```
    @discardableResult
    public func write(_ changes: [String: PlistValue?]) throws -> [StoredChange] {
        let (written, failure) = try writeReportingMigration(changes)
        // The write itself went through; the migration step that failed (or a damaged record
        // of the version) is reported, and the next write tries it again.
        if let failure { writeErrorHandler(failure) }
        return written
    }

    /// Reports what a write made on the side went wrong (a failed migration step) to
    /// `onWriteError`.
    func reportWriteError(_ error: PreferenceError) { writeErrorHandler(error) }

    /// ``write(_:)`` for a caller that shows a failed migration step itself (the editor, whose
    /// screen a line on standard error would garble).
    package func writeReportingMigration(_ changes: [String: PlistValue?]) throws -> ([StoredChange], PreferenceError?) {
        do { return try committing(changes) } catch let error as PreferenceError { throw error.redactingSecrets(of: schema) }
    }

    /// The write itself; its errors may quote a refused value (see ``writeReportingMigration(_:)``).
    private func committing(_ changes: [String: PlistValue?]) throws -> ([StoredChange], PreferenceError?) {
        // The locks as they are on disk now, not as last seen.
        let layers = site?.layersWithLocksReadNow() ?? .none
        if let refusal = layers.lockRefusal(of: changes.keys, in: schema) { throw refusal }
        if let brought = changes[PreferenceSchema.versionKey], let refusal = schema.versionRefusal(brought) { throw refusal }
        for (name, value) in changes.sorted(by: { $0.key < $1.key }) {
            guard let value, let key = schema.key(named: name) else { continue }
            try key.checkStored(value)
        }
        guard schema.hasMigrations || !schema.rules.isEmpty else { return (try store.commit(changes, by: writer), nil) }
        // The first write after an old name or an older version is seen carries out the
        // migration too, in the same commit, decided on the file as it is then.
        let (schema, overrides) = (self.schema, self.overrides)
        // The locks just read (once per write), as the migration asks them.
        let locks = PreferenceSchema.MigrationLocks(layers, schema: schema)
        let failure = Locked<PreferenceError?>(nil)
        let written = try store.commit(by: writer) { current in
            let migrated = schema.hasMigrations ? schema.changes(migrating: current, with: changes, locks: locks) : (changes: changes, failure: nil)
            // Rules across settings are judged on the file as it is under its lock, with this
            // write applied: a write that would break one is refused whole.
            if let refusal = SettingsRules.refusal(in: schema, current: current, changes: migrated.changes, site: layers,
                                                   overrides: overrides) {
                throw refusal
            }
            failure.withLock { $0 = migrated.failure }
            return migrated.changes
        }
        return (written, failure.withLock { $0 })
    }

}
