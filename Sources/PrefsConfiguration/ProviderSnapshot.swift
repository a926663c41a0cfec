import Configuration
import PrefsModel

/// The settings as they were when ``PreferencesProvider/snapshot()`` was called: PrefsModel's
/// ``PreferencesSnapshot`` of the `Preferences` they came from (the user's values, the site's
/// defaults and locks, the schema and the overrides), taken then. Later changes do not reach it.
struct ProviderSnapshot: ConfigSnapshot {
    let providerName: String
    let prefs: PreferencesSnapshot
    private let diagnostics: DiagnosticReporter
    private let defaults: PreferencesProvider.Defaults

    init(of source: Preferences, providerName: String, diagnostics: DiagnosticReporter, defaults: PreferencesProvider.Defaults) {
        self.providerName = providerName
        self.diagnostics = diagnostics
        self.defaults = defaults
        prefs = source.snapshot()
    }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try SettingLookup.lookup(key, type: type, in: prefs, diagnostics: diagnostics, defaults: defaults)
    }
}
