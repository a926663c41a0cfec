import Foundation

/// Typed settings on a store: reads return the key's type, writes accept only it and are
/// checked against the key's rule, and an unset key reads its default.
///
/// Reads are served from a typed in-memory copy that stays coherent with the store (own writes
/// and, for a ``SuiteStore``, other processes' writes), so a read never parses the file.
/// All writes, typed or from text, go through one path: ``write(_:)``.
///
/// ```swift
/// extension PreferenceKeys {
///     static let city = PreferenceKey<String>("city", default: "Oslo", rule: .text(nonEmpty: true))
///     static let refreshInterval = PreferenceKey<Int>("refreshInterval", default: 15, rule: .range(5...240, step: 5))
///     static let favoriteCities = PreferenceKey<[String]>("favoriteCities", default: [])
///     static let lastRefresh = PreferenceKey<Date?>("lastRefresh")
/// }
/// let schema = PreferenceSchema(title: "Weather", suiteName: "com.example.weather",
///                               keys: [PreferenceKeys.city, .refreshInterval, .favoriteCities, .lastRefresh])
/// let prefs = Preferences(suiteName: "com.example.weather", schema: schema)
/// prefs[.refreshInterval] += 5
/// prefs[.favoriteCities].append("Bergen")
/// ```
///
/// The examples below use these keys.
public final class Preferences: Sendable {
    /// Where the values live.
    public let store: any PreferenceStore
    /// The settings this program declares: used by reset-all, diagnostics and UIs.
    public let schema: PreferenceSchema
    /// The site's defaults and locks below and above the user's file, or nil for none.
    public let site: SiteDefaults?
    /// Values for this run only, above the user's file and never written (a program can fill
    /// them from its own command line, as Foundation's argument domain does).
    public let overrides: [String: PlistValue]

    struct Cache {
        var values: [String: any Sendable] = [:]
        var generation = 0
    }

    let cache = Locked(Cache())
    /// Whether typed reads are cached (not in a view made by ``withSchema(_:)``, which hears of
    /// changes only while observed).
    private let cachesValues: Bool
    let observers = HandlerRegistry<ObservedBatch>()
    /// This instance's identity in the store's change reports, so its observers can tell its
    /// own writes (``ChangeOrigin/thisPreferences``) from everyone else's.
    let writer = StoreWriter()
    private let writeErrorHandler: @Sendable (PreferenceError) -> Void
    private let storeTokens = Locked<[ObservationToken]>([])
    /// Keys already reported as not in the schema.
    private let reportedKeys = Locked(Set<String>())

    /// Typed settings on any store. `site` adds an administrator's defaults and locks (none by
    /// default); `overrides` are values for this run only, above the user's file, never written.
    /// `onWriteError` receives errors of writes made through the subscript setter, which cannot
    /// throw; by default they are printed to standard error.
    ///
    /// ```swift
    /// let prefs = Preferences(store: InMemoryStore(), schema: schema)
    /// ```
    public convenience init(store: any PreferenceStore, schema: PreferenceSchema, site: SiteDefaults? = nil,
                overrides: [String: PlistValue] = [:],
                onWriteError: @escaping @Sendable (PreferenceError) -> Void = Preferences.printWriteError) {
        self.init(store: store, schema: schema, site: site, overrides: overrides, onWriteError: onWriteError, isView: false)
    }

    /// `isView`: an instance made by ``withSchema(_:)``, which caches no value and follows the
    /// store's changes only once something observes it. One change is then handled once, by the
    /// instance the host made, not once more by every view of it.
    private init(store: any PreferenceStore, schema: PreferenceSchema, site: SiteDefaults?, overrides: [String: PlistValue],
                 onWriteError: @escaping @Sendable (PreferenceError) -> Void, isView: Bool) {
        self.store = store
        self.schema = schema
        self.site = site
        self.overrides = overrides
        self.writeErrorHandler = onWriteError
        cachesValues = !isView
        if !isView { followStore() }
    }

    /// Registers for the store's and the site's changes, once.
    func followStore() {
        storeTokens.withLock { tokens in
            guard tokens.isEmpty else { return }
            tokens.append(store.addChangeHandler { [weak self] batch in self?.storeDidChange(batch) })
            if let site { tokens.append(site.addChangeHandler { [weak self] change in self?.siteDidChange(change) }) }
        }
    }

    /// Typed settings on the suite the schema names (`$XDG_CONFIG_HOME/<suite>.plist`), with
    /// the site's defaults and locks: the suite is named once, in the schema.
    ///
    /// ```swift
    /// let prefs = Preferences(Exporter.schema)
    /// ```
    public convenience init(_ schema: PreferenceSchema, directory: String? = nil, siteFolders: [String]? = nil) {
        self.init(suiteName: schema.suiteName, schema: schema, directory: directory, siteFolders: siteFolders)
    }

    /// The same settings (store, site, overrides, write-error handler) seen through another
    /// schema: the editor's chosen sections, or the schema with the store's other keys.
    package func withSchema(_ schema: PreferenceSchema) -> Preferences {
        Preferences(store: store, schema: schema, site: site, overrides: overrides, onWriteError: writeErrorHandler, isView: true)
    }

    /// Typed settings on a Foundation defaults suite (`$XDG_CONFIG_HOME/<suite>.plist`), with
    /// the site's defaults and locks of `$XDG_CONFIG_DIRS` (``SiteDefaults``) below and above it.
    /// `siteFolders` replaces the folders of `$XDG_CONFIG_DIRS`; `[]` reads none.
    ///
    /// ```swift
    /// let prefs = Preferences(suiteName: "com.example.weather", schema: schema)
    /// ```
    public convenience init(suiteName: String, schema: PreferenceSchema, directory: String? = nil, siteFolders: [String]? = nil) {
        let site = siteFolders == [] ? nil : SiteDefaults(suiteName: suiteName, folders: siteFolders)
        self.init(store: SuiteStore(suiteName: suiteName, directory: directory), schema: schema,
                  site: site?.folders.isEmpty == false ? site : nil)
    }

    /// The default write-error handler: one line on standard error.
    ///
    /// ```swift
    /// Preferences(store: store, schema: schema, onWriteError: Preferences.printWriteError)
    /// ```
    public static let printWriteError: @Sendable (PreferenceError) -> Void = { error in
        FileHandle.standardError.write(Data("prefs: \(error)\n".utf8))
    }

    // MARK: Typed reads and writes

    /// The key's value: the stored one, or the default when nothing valid is stored. Setting
    /// checks the rule and saves at once; a rejected value is not stored and its error goes to
    /// `onWriteError`. Use ``set(_:for:)`` to handle the error yourself.
    ///
    /// ```swift
    /// prefs[.city] = "Bergen"
    /// prefs[.lastRefresh] = nil   // removes the stored value
    /// ```
    public subscript<Value>(key: PreferenceKey<Value>) -> Value {
        get { value(for: key) }
        set {
            do { try set(newValue, for: key) } catch let error as PreferenceError {
                writeErrorHandler(error)
            } catch {
                writeErrorHandler(.writeFailed(path: store.location, reason: "\(error)"))
            }
        }
    }

    /// The key's value (same as the subscript getter).
    ///
    /// ```swift
    /// let minutes = prefs.value(for: .refreshInterval)
    /// ```
    public func value<Value>(for key: PreferenceKey<Value>) -> Value {
        ReadTracking.note(key.name)
        reportIfNotInSchema(key)
        guard cachesValues else { return key.effectiveValue(from: effectiveStored(key)) }
        let (hit, generation) = cache.withLock { ($0.values[key.name], $0.generation) }
        // Unwrap the entry first: for an optional `Value`, a missing entry (nil) would
        // otherwise cast successfully to `Value.none`.
        if let hit, let value = hit as? Value { return value }
        let value = key.effectiveValue(from: effectiveStored(key))
        // Only cache if no change arrived since the stored value was read, or a stale value
        // could be cached after the invalidation.
        cache.withLock { cache in
            if cache.generation == generation { cache.values[key.name] = value }
        }
        return value
    }

    /// Checks `value` against the key's rule and saves it; nil (for an optional key) removes the
    /// stored value. Throws ``PreferenceError`` naming the key and what is allowed.
    ///
    /// ```swift
    /// try prefs.set(30, for: .refreshInterval)
    /// ```
    public func set<Value>(_ value: Value, for key: PreferenceKey<Value>) throws {
        reportIfNotInSchema(key)
        try write([key.name: key.checkedStoredValue(value)])
    }

    /// A key the schema does not list (declared, then forgotten in the schema's keys) still
    /// reads and writes, but nothing shows it: said once per key, to the write-error handler.
    /// A schema of no keys lists nothing on purpose (``Preferences/standard``, for
    /// `@Preference` without a schema): every key is read without one there.
    private func reportIfNotInSchema(_ key: AnyPreferenceKey) {
        guard !schema.keys.isEmpty, !schema.holds(key) else { return }
        let first = reportedKeys.withLock { $0.insert(key.name).inserted }
        if first { writeErrorHandler(.keyNotInSchema(key.name, suiteName: schema.suiteName)) }
    }

    // MARK: Text and untyped access (editors, commands, imports)

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
        guard schema.hasMigrations else { return (try store.commit(changes, by: writer), nil) }
        // The first write after an old name or an older version is seen carries out the
        // migration too, in the same commit, decided on the file as it is then.
        let schema = self.schema
        // The locks just read (once per write), as the migration asks them.
        let locks = PreferenceSchema.MigrationLocks(layers, schema: schema)
        let failure = Locked<PreferenceError?>(nil)
        let written = try store.commit(by: writer) { current in
            let migrated = schema.changes(migrating: current, with: changes, locks: locks)
            failure.withLock { $0 = migrated.failure }
            return migrated.changes
        }
        return (written, failure.withLock { $0 })
    }

    // MARK: Diagnostics

    /// The problem with the key's stored value (wrong type, against its rule), or nil.
    ///
    /// ```swift
    /// prefs.diagnostic(for: PreferenceKeys.refreshInterval)?.reason
    /// ```
    public func diagnostic(for key: AnyPreferenceKey) -> PreferenceDiagnostic? {
        let stored = store.storedValue(forKey: key.name)
        // A value of the key's old type that its conversion takes is read, not ignored.
        if key.hasConversion, let stored, PreferenceSchema.taken(stored, by: key) != nil { return nil }
        guard var diagnostic = key.diagnostic(of: stored) else { return nil }
        diagnostic.readsInstead = readsInstead(key)
        return diagnostic
    }

    /// What the key reads while a stored value of its is ignored, in words: said in its
    /// diagnostics, which said "the default" even where a lock or a site file gave the value.
    private func readsInstead(_ key: AnyPreferenceKey) -> String {
        switch source(of: key) {
        case .registeredDefault: return "the default"
        case .site(let path): return "the value in site file \(path)"
        case .user: return "its own value"
        case .override: return "this run's override"
        case .locked(let lockFile, _): return "the value locked by \(lockFile)"
        }
    }

    /// Every schema key whose stored value reads as the default because it is unusable.
    ///
    /// ```swift
    /// for problem in prefs.diagnostics() { print(problem) }
    /// ```
    public func diagnostics() -> [PreferenceDiagnostic] {
        let layers = siteLayers
        let kept = keptUnderOldNames()
        return schema.keys.flatMap { key in
            [diagnostic(for: key)].compactMap { $0 } + layers.diagnostics(of: key) + (kept[key.name] ?? [])
        }
    }

    /// Values left under a setting's old name (the setting refuses them, or already has its own
    /// value), by the setting: reported, never lost.
    private func keptUnderOldNames() -> [String: [PreferenceDiagnostic]] {
        guard schema.hasMigrations else { return [:] }
        var owner: [String: String] = [:]
        for key in schema.keys { for old in key.renamedFrom { owner[old] = key.name } }
        var kept: [String: [PreferenceDiagnostic]] = [:]
        for step in migrationPlan() {
            guard case .keep(let reason) = step.action, let name = owner[step.from], let value = step.value else { continue }
            let instead = schema.key(named: name).map { "what \(name) reads (\(readsInstead($0)))" } ?? "the default"
            let shown = schema.key(named: name).map { $0.shownSummary(of: value) } ?? value.summary
            kept[name, default: []].append(PreferenceDiagnostic(key: step.from, storedValue: shown, reason: "not moved: \(reason)",
                                                                readsInstead: instead))
        }
        return kept
    }

    // MARK: Migration

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
        try store.commit(by: writer) { current in
            let migration = schema.migration(for: current, locks: locks)
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
    public func diagnostics(of key: AnyPreferenceKey) -> [PreferenceDiagnostic] {
        let kept = key.renamedFrom.isEmpty ? [] : keptUnderOldNames()[key.name] ?? []
        return [diagnostic(for: key)].compactMap { $0 } + siteLayers.diagnostics(of: key) + kept
    }

    // MARK: Change handling

    /// Registers an observer. The token keeps these preferences (and so the store and its file
    /// watcher) alive: an observation must not stop because the caller let go of the
    /// `Preferences` it started from.
    func addObserver(_ observer: @escaping @Sendable (ObservedBatch) -> Void) -> ObservationToken {
        followStore()
        let registration = observers.add(observer)
        return ObservationToken { [self] in
            withExtendedLifetime(self) { registration.cancel() }
        }
    }

    /// Registers an observer of the changed keys only.
    func addObserver(_ observer: @escaping @Sendable ([StoredChange]) -> Void) -> ObservationToken {
        addObserver { (batch: ObservedBatch) in observer(batch.changes) }
    }

    /// A change of the user's file, reported as changes of the values in effect: a new stored
    /// value under a lock, or equal to the site's, changes nothing anyone reads.
    private func storeDidChange(_ batch: StoreChangeBatch) {
        invalidate(batch.changes.map(\.key))
        let layers = siteLayers
        let changes = batch.changes.map { change in
            guard !layers.folders.isEmpty || !overrides.isEmpty, let key = schema.key(named: change.key) else { return change }
            return StoredChange(key: change.key,
                                old: layers.resolve(key, user: change.old, userPath: store.location, override: overrides[key.name]).stored,
                                new: layers.resolve(key, user: change.new, userPath: store.location, override: overrides[key.name]).stored)
        }
        observers.notify(ObservedBatch(changes: changes, origin: ChangeOrigin(of: batch, relativeTo: writer)))
    }

    /// A change of a site file: the values in effect before and after, for the keys it touched.
    private func siteDidChange(_ change: SiteDefaults.SiteChange) {
        invalidate(Array(change.names))
        // A name in a site file may be a setting's old name: the setting changes with it.
        let keys = Set(change.names.compactMap { schema.setting(storedUnder: $0)?.name }).sorted().compactMap(schema.key(named:))
        let changes = keys.compactMap { key -> StoredChange? in
            let user = userStored(key)
            let old = change.before.resolve(key, user: user, userPath: store.location, override: overrides[key.name]).stored
            let new = change.after.resolve(key, user: user, userPath: store.location, override: overrides[key.name]).stored
            // A lock added or lifted is news even when the value stays: a UI shows the setting
            // read-only, or editable again.
            let lockChanged = (change.before.lockingFolder(of: key) == nil) != (change.after.lockingFolder(of: key) == nil)
            return old == new && !lockChanged ? nil : StoredChange(key: key.name, old: old, new: new)
        }
        if !changes.isEmpty { observers.notify(ObservedBatch(changes: changes, origin: .otherProcess)) }
    }

    private func invalidate(_ names: [String]) {
        // A key read through an old name changes with it.
        let renamed = schema.hasMigrations ? schema.keys.filter { !Set($0.renamedFrom).isDisjoint(with: names) }.map(\.name) : []
        cache.withLock { cache in
            cache.generation += 1
            for name in names + renamed { cache.values.removeValue(forKey: name) }
        }
    }
}

/// A stored value that reads as the default because it cannot be used: its key, the stored
/// value, and why.
///
/// ```swift
/// PreferenceDiagnostic(key: "refreshInterval", storedValue: "\"soon\"", reason: "stored as string, expected int")
/// ```
public struct PreferenceDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The key's name.
    public var key: String
    /// A short form of what is stored.
    public var storedValue: String
    /// Why it cannot be used.
    public var reason: String
    /// The site file holding the value, skipped for this key; nil for the user's own file.
    public var file: String?
    /// What the setting reads instead, for a person: "the default", "the value locked by
    /// /etc/xdg/….locks", "the value in site file …", "its own value".
    package var readsInstead: String

    /// Makes a diagnostic.
    ///
    /// ```swift
    /// PreferenceDiagnostic(key: "city", storedValue: "\"\"", reason: "…")
    /// ```
    package init(key: String, storedValue: String, reason: String, file: String? = nil, readsInstead: String = "the default") {
        self.key = key
        self.storedValue = storedValue
        self.reason = reason
        self.file = file
        self.readsInstead = readsInstead
    }

    /// One line for a person: control characters in the stored value are shown escaped.
    ///
    /// ```swift
    /// print(diagnostic)  // refreshInterval: stored value "soon" ignored, using the default: …
    /// ```
    public var description: String {
        let key = key.controlCharactersEscaped, value = storedValue.controlCharactersEscaped, reason = reason.controlCharactersEscaped
        if let file {
            return "\(key): value \(value) in site file \(file.controlCharactersEscaped) skipped: \(reason)"
        }
        return "\(key): stored value \(value) ignored, using \(readsInstead.controlCharactersEscaped): \(reason)"
    }
}
