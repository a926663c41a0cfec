import Configuration
import PrefsModel

/// The settings as they were when ``PreferencesProvider/snapshot()`` was called: the user's
/// values and the site's defaults and locks copied then, read with the schema and the overrides
/// of the `Preferences` they came from. Later changes of either do not reach it.
struct PreferencesSnapshot: ConfigSnapshot {
    let providerName: String
    private let prefs: Preferences
    private let diagnostics: DiagnosticReporter
    private let defaults: PreferencesProvider.Defaults

    init(of source: Preferences, providerName: String, diagnostics: DiagnosticReporter, defaults: PreferencesProvider.Defaults) {
        self.providerName = providerName
        self.diagnostics = diagnostics
        self.defaults = defaults
        // Writes are never made through a snapshot, so the copy's write errors go nowhere.
        let site = source.site.map { SiteDefaults(frozen: $0.layers, suiteName: $0.suiteName) }
        prefs = Preferences(store: InMemoryStore(source.store.storedValues()), schema: source.schema, site: site,
                            overrides: source.overrides, onWriteError: { _ in })
    }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try SettingLookup.lookup(key, type: type, in: prefs, diagnostics: diagnostics, defaults: defaults)
    }
}
