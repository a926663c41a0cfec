import Configuration
import PrefsModel

/// The settings as they were when ``PreferencesProvider/snapshot()`` was called: the user's
/// values copied then, read with the schema, the site's defaults and locks and the overrides of
/// the `Preferences` they came from.
struct PreferencesSnapshot: ConfigSnapshot {
    let providerName: String
    private let prefs: Preferences
    private let diagnostics: DiagnosticReporter

    init(of source: Preferences, providerName: String, diagnostics: DiagnosticReporter) {
        self.providerName = providerName
        self.diagnostics = diagnostics
        // Writes are never made through a snapshot, so the copy's write errors go nowhere.
        prefs = Preferences(store: InMemoryStore(source.store.storedValues()), schema: source.schema, site: source.site,
                            overrides: source.overrides, onWriteError: { _ in })
    }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try SettingLookup.lookup(key, type: type, in: prefs, diagnostics: diagnostics)
    }
}
