import Synchronization
import Configuration
import PrefsModel

/// One look-up of a setting, shared by the provider and its snapshots: the key by name, its
/// value now as content, and a secret passed on as secret.
enum SettingLookup {
    static func lookup(_ key: AbsoluteConfigKey, type: ConfigType, in prefs: PreferencesSnapshot,
                       diagnostics: DiagnosticReporter, defaults: PreferencesProvider.Defaults) throws -> LookupResult {
        let name = ConfigKeyNames.settingName(for: key)
        // A file that cannot be read reads as no values at all: say why, or every setting would
        // silently read as its default.
        if let problem = prefs.loadProblem { diagnostics.report(problem: problem) }
        for problem in prefs.site.problems { diagnostics.report(problem: problem) }
        guard let setting = prefs.schema.key(named: name) else { return LookupResult(encodedKey: name, value: nil) }
        // A stored value the setting cannot use (it breaks the rule, or is of another type)
        // reads as the setting's default, as everywhere else, and is reported once.
        if let diagnostic = prefs.diagnostic(for: setting) { diagnostics.report(diagnostic) }
        // With defaults omitted, a setting nobody set is not found here: the reader's own
        // default, or a later provider, answers (a program's default shadowed them).
        if defaults == .omitted, case .registeredDefault = prefs.source(of: setting) {
            _ = try SettingContent.content(of: setting, in: prefs, as: type)   // the type still has to fit
            return LookupResult(encodedKey: name, value: nil)
        }
        let content = try SettingContent.content(of: setting, in: prefs, as: type)
        return LookupResult(encodedKey: name, value: content.map { ConfigValue($0, isSecret: setting.isSecret) })
    }
}

/// Says each ignored stored value once (per setting and value), and each problem reading a file
/// once (per problem), however often they are read.
final class DiagnosticReporter: Sendable {
    private let handler: @Sendable (PreferenceDiagnostic) -> Void
    private let problemHandler: @Sendable (String) -> Void
    private let said = Mutex<(diagnostics: Set<PreferenceDiagnostic>, problems: Set<String>)>(([], []))

    init(_ handler: @escaping @Sendable (PreferenceDiagnostic) -> Void, problems: @escaping @Sendable (String) -> Void) {
        self.handler = handler
        problemHandler = problems
    }

    func report(_ diagnostic: PreferenceDiagnostic) {
        guard said.withLock({ $0.diagnostics.insert(diagnostic).inserted }) else { return }
        handler(diagnostic)
    }

    func report(problem: String) {
        guard said.withLock({ $0.problems.insert(problem).inserted }) else { return }
        problemHandler(problem)
    }
}
