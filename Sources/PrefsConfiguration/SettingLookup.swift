import Synchronization
import Configuration
import PrefsModel

/// One look-up of a setting, shared by the provider and its snapshots: the key by name, its
/// value now as content, and a secret passed on as secret.
enum SettingLookup {
    static func lookup(_ key: AbsoluteConfigKey, type: ConfigType, in prefs: Preferences,
                       diagnostics: DiagnosticReporter) throws -> LookupResult {
        let name = ConfigKeyNames.settingName(for: key)
        guard let setting = prefs.schema.key(named: name) else { return LookupResult(encodedKey: name, value: nil) }
        // A stored value the setting cannot use (it breaks the rule, or is of another type)
        // reads as the setting's default, as everywhere else, and is reported once.
        if let diagnostic = prefs.diagnostic(for: setting) { diagnostics.report(diagnostic) }
        let content = try SettingContent.content(of: setting, in: prefs, as: type)
        return LookupResult(encodedKey: name, value: content.map { ConfigValue($0, isSecret: setting.isSecret) })
    }
}

/// Says each ignored stored value once (per setting and value), however often it is read.
final class DiagnosticReporter: Sendable {
    private let handler: @Sendable (PreferenceDiagnostic) -> Void
    private let said = Mutex<Set<PreferenceDiagnostic>>([])

    init(_ handler: @escaping @Sendable (PreferenceDiagnostic) -> Void) { self.handler = handler }

    func report(_ diagnostic: PreferenceDiagnostic) {
        guard said.withLock({ $0.insert(diagnostic).inserted }) else { return }
        handler(diagnostic)
    }
}
