import Foundation

// Carrying out a schema's renames, conversions and retirements.
extension Preferences {
    /// What ``migrate()`` would do now: each value under a setting's old name moved to the
    /// new one, each retired setting's value removed, and each value that stays, with why.
    ///
    /// ```swift
    /// prefs.migrationPlan().map(\.description)  // ["unitSystem → units: \"imperial\""]
    /// ```
    public func migrationPlan() -> [PreferenceMigration] {
        plannedMigration().steps
    }

    /// The migration a commit would make now, decided without running the steps (a read never
    /// runs them): ``migrationPlan()`` and `migrate --dry-run`.
    package func plannedMigration() -> PreferenceSchema.MigrationOutcome {
        schema.migration(for: store.storedValues(), locks: migrationLocks, runsSteps: false)
    }

    /// The site's locks as a migration asks them, read from disk now (as a write checks them).
    var migrationLocks: PreferenceSchema.MigrationLocks {
        guard let site else { return .none }
        return PreferenceSchema.MigrationLocks(site.layersWithLocksReadNow(), schema: schema)
    }

    /// Carries out the migration in one commit, decided on the suite as it is at that moment
    /// (under its lock): every rename and removal, or none. Running it again, or in two
    /// processes at once, changes nothing more. Any write does the same first; this is for
    /// doing it on purpose (`prefs-tui migrate`). Returns the steps, those kept included.
    ///
    /// ```swift
    /// let steps = try prefs.migrate()
    /// ```
    ///
    /// A schema with ``MigrationStep``s runs them here, or at the first write: a program whose
    /// steps must apply before it reads calls this at start. A step that throws is rethrown as
    /// ``PreferenceError/migrationFailed(version:reason:)`` after the steps before it are saved.
    @discardableResult
    public func migrate() throws -> [PreferenceMigration] {
        let result = try migrateAndReport()
        if let failure = result.failure { throw failure }
        return result.steps
    }

    /// ``migrate()`` for a caller that shows the steps saved before a failed one as well.
    package func migrateAndReport() throws -> PreferenceSchema.MigrationOutcome {
        guard schema.hasMigrations else { return .init() }
        let schema = self.schema
        // Nothing to do (or a file that cannot be read, whose values are unknown): no write,
        // which would create the file, or replace an unreadable one.
        // Decided without running the steps (they run once, in the commit below).
        let locks = migrationLocks
        let seen = schema.migration(for: store.storedValues(), locks: locks, runsSteps: false)
        guard store.loadProblem == nil, seen.steps.contains(where: \.changesSuite) else { return seen }
        let outcome = Locked(PreferenceSchema.MigrationOutcome())
        let (layers, overrides) = (siteLayers, self.overrides)
        try store.commit(by: writer) { current in
            let migration = schema.migration(for: current, locks: locks)
            // A migration that would break a rule across settings is refused as any write is.
            if let refusal = SettingsRules.refusal(in: schema, current: current, changes: migration.changes, site: layers,
                                                   overrides: overrides) {
                throw refusal
            }
            outcome.withLock { $0 = migration }
            // Only the version of a suite that holds nothing: not worth a file of its own.
            return migration.steps.contains(where: \.changesSuite) ? migration.changes : [:]
        }
        return outcome.withLock { $0 }
    }

    /// The problems with one key's values: the user's stored value, each site file's value the
    /// key skips, and values left under its old names.
    ///
    /// ```swift
    /// prefs.diagnostics(of: PreferenceKeys.city).map(\.file)  // [nil, "/etc/xdg/com.example.weather.plist"]
    /// ```
    public func diagnostics(of key: AnyPreferenceKey) -> [PreferenceDiagnostic] { snapshot().diagnostics(of: key) }

}
