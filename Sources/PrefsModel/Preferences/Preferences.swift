import Foundation
import Observation

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
    /// The project's file, when the schema names one and the location finds it (see
    /// ``ProjectLocation``): a layer above the user's file, read only once trusted.
    package let project: ProjectFile?

    struct Cache {
        /// By setting name, what a typed read keeps: one look-up finds both.
        var entries: [String: Entry] = [:]
        var generation = 0

        /// A class of constants, replaced rather than changed, read under the cache's lock: as a
        /// struct in a dictionary, each look-up copied it through its type's value witnesses,
        /// and a class's variables are checked for exclusive access on every read.
        final class Entry {
            /// The typed value, until a change of the setting comes.
            let value: (any Sendable)?
            /// The key path Observation tracks for the setting (``observedRead(_:)``), kept
            /// across changes.
            let observedKeyPath: KeyPath<Preferences, Int>?

            init(value: (any Sendable)? = nil, observedKeyPath: KeyPath<Preferences, Int>? = nil) {
                self.value = value
                self.observedKeyPath = observedKeyPath
            }
        }
    }

    let cache = Locked(Cache())
    /// Whether typed reads are cached (not in a view made by ``withSchema(_:)``, which hears of
    /// changes only while observed).
    private let cachesValues: Bool
    let observers = HandlerRegistry<ObservedBatch>()
    /// Swift's Observation: which settings a tracked closure read (``Preferences/observedRead(_:)``).
    let registrar = ObservationRegistrar()
    /// This instance's identity in the store's change reports, so its observers can tell its
    /// own writes (``ChangeOrigin/thisPreferences``) from everyone else's.
    let writer = StoreWriter()
    let writeErrorHandler: @Sendable (PreferenceError) -> Void
    private let storeTokens = Locked<[ObservationToken]>([])
    /// Keys already reported as not in the schema.
    private let reportedKeys = Locked(Set<String>())
    /// How many of the store's change batches this instance has handled: one a change, however
    /// many views of it an editor shows (they hear the store's news, not its batches).
    package let storeBatchesHandled = Locked(0)
    /// Counts the instances made while it is set (a test's): judging settings on a snapshot
    /// builds none.
    @TaskLocal package static var made: Locked<Int>?

    /// Typed settings on any store. `site` adds an administrator's defaults and locks (none by
    /// default); `overrides` are values for this run only, above the user's file, never written.
    /// `project` finds the project's file the schema names (``PreferenceSchema/projectFile``);
    /// none by default here, the working folder's for a suite opened by name.
    /// `onWriteError` receives errors of writes made through the subscript setter, which cannot
    /// throw; by default they are printed to standard error.
    ///
    /// ```swift
    /// let prefs = Preferences(store: InMemoryStore(), schema: schema)
    /// ```
    public convenience init(store: any PreferenceStore, schema: PreferenceSchema, site: SiteDefaults? = nil,
                overrides: [String: PlistValue] = [:], project: ProjectLocation = .none,
                onWriteError: @escaping @Sendable (PreferenceError) -> Void = Preferences.printWriteError) {
        let file = schema.projectFile.flatMap { project.path(for: $0) }.map { ProjectFile(path: $0, schema: schema) }
        self.init(store: store, schema: schema, site: site, overrides: overrides, project: file, onWriteError: onWriteError, isView: false)
    }

    /// `isView`: an instance made by ``withSchema(_:)``, which caches no value and follows the
    /// store's changes only once something observes it. One change is then handled once, by the
    /// instance the host made, not once more by every view of it.
    package init(store: any PreferenceStore, schema: PreferenceSchema, site: SiteDefaults?, overrides: [String: PlistValue],
                 project: ProjectFile?, onWriteError: @escaping @Sendable (PreferenceError) -> Void, isView: Bool) {
        self.store = store
        self.schema = schema
        self.site = site
        self.overrides = overrides
        self.project = project
        self.writeErrorHandler = onWriteError
        Self.made?.withLock { $0 += 1 }
        cachesValues = !isView
        if !isView { followStore() }
    }

    /// Registers for the store's and the site's changes, once.
    func followStore() {
        storeTokens.withLock { tokens in
            guard tokens.isEmpty else { return }
            tokens.append(store.addChangeHandler { [weak self] batch in self?.storeDidChange(batch) })
            if let site { tokens.append(site.addChangeHandler { [weak self] change in self?.siteDidChange(change) }) }
            if let project { tokens.append(project.addChangeHandler { [weak self] change in self?.projectDidChange(change) }) }
        }
    }

    /// Typed settings on the suite the schema names (`$XDG_CONFIG_HOME/<suite>.plist`), with
    /// the site's defaults and locks: the suite is named once, in the schema.
    ///
    /// ```swift
    /// let prefs = Preferences(Exporter.schema)
    /// ```
    ///
    /// A schema that names a project file (``PreferenceSchema/projectFile``) reads it, once
    /// trusted, from the working folder upward; `project` looks elsewhere, or nowhere (`.none`).
    public convenience init(_ schema: PreferenceSchema, directory: String? = nil, siteFolders: [String]? = nil,
                            project: ProjectLocation = .workingFolder) {
        self.init(suiteName: schema.suiteName, schema: schema, directory: directory, siteFolders: siteFolders, project: project)
    }

    /// The same settings (store, site, overrides, write-error handler) seen through another
    /// schema: the editor's chosen sections, or the schema with the store's other keys.
    package func withSchema(_ schema: PreferenceSchema) -> Preferences {
        Preferences(store: store, schema: schema, site: site, overrides: overrides, project: project, onWriteError: writeErrorHandler,
                    isView: true)
    }

    /// Typed settings on a Foundation defaults suite (`$XDG_CONFIG_HOME/<suite>.plist`), with
    /// the site's defaults and locks of `$XDG_CONFIG_DIRS` (``SiteDefaults``) below and above it.
    /// `siteFolders` replaces the folders of `$XDG_CONFIG_DIRS`; `[]` reads none.
    ///
    /// ```swift
    /// let prefs = Preferences(suiteName: "com.example.weather", schema: schema)
    /// ```
    /// `project` finds the project's file, when the schema names one (see ``ProjectLocation``).
    public convenience init(suiteName: String, schema: PreferenceSchema, directory: String? = nil, siteFolders: [String]? = nil,
                            project: ProjectLocation = .workingFolder) {
        let site = siteFolders == [] ? nil : SiteDefaults(suiteName: suiteName, folders: siteFolders)
        self.init(store: SuiteStore(suiteName: suiteName, directory: directory), schema: schema,
                  site: site?.folders.isEmpty == false ? site : nil, project: project)
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
        guard cachesValues else {
            observedRead(key.name)
            return key.effectiveValue(from: effectiveStored(key))
        }
        // The value and the key path Observation tracks, in one look-up.
        let (hit, keyPath, generation) = cache.withLock { cache in
            let entry = cache.entries[key.name]
            return (entry?.value, entry?.observedKeyPath, cache.generation)
        }
        if let keyPath { registrar.access(self, keyPath: keyPath) } else { observedRead(key.name) }
        // Unwrap the entry first: for an optional `Value`, a missing entry (nil) would
        // otherwise cast successfully to `Value.none`.
        if let hit, let value = hit as? Value { return value }
        let value = key.effectiveValue(from: effectiveStored(key))
        // Only cache if no change arrived since the stored value was read, or a stale value
        // could be cached after the invalidation.
        cache.withLock { cache in
            guard cache.generation == generation else { return }
            cache.entries[key.name] = .init(value: value, observedKeyPath: cache.entries[key.name]?.observedKeyPath)
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
        storeBatchesHandled.withLock { $0 += 1 }
        invalidate(batch.changes.map(\.key))
        observedChange(batch.changes.map(\.key))
        let layers = siteLayers
        let changes = batch.changes.map { change in
            guard !layers.folders.isEmpty || layers.project != nil || !overrides.isEmpty, let key = schema.key(named: change.key) else { return change }
            return StoredChange(key: change.key,
                                old: layers.resolve(key, user: change.old, userPath: store.location, override: overrides[key.name]).stored,
                                new: layers.resolve(key, user: change.new, userPath: store.location, override: overrides[key.name]).stored)
        }
        observers.notify(ObservedBatch(changes: changes, origin: ChangeOrigin(of: batch, relativeTo: writer)))
    }

    /// A change of the project file or of its trust: as a site file's, with the site as it is.
    private func projectDidChange(_ change: ProjectFile.Change) {
        let site = self.site?.layers ?? .none
        layersDidChange(SiteDefaults.SiteChange(names: change.names, before: site.withProject(change.before),
                                                after: site.withProject(change.after, problem: change.afterProblem)))
    }

    /// A change of a site file: the project's layer stays as it is, on both sides.
    private func siteDidChange(_ change: SiteDefaults.SiteChange) {
        guard let project else { return layersDidChange(change) }
        layersDidChange(SiteDefaults.SiteChange(names: change.names, before: change.before.withProject(project),
                                                after: change.after.withProject(project)))
    }

    /// A change of the layers around the user's file (a site file's, the project file's): the
    /// values in effect before and after, for the keys it touched.
    private func layersDidChange(_ change: SiteDefaults.SiteChange) {
        invalidate(Array(change.names))
        observedChange(Array(change.names))
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
            for name in names + renamed {
                guard let entry = cache.entries[name] else { continue }
                cache.entries[name] = entry.observedKeyPath.map { .init(observedKeyPath: $0) }
            }
        }
    }
}
