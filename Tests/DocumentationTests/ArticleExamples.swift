// The DocC articles' code blocks that are not the README's, line for line (imports aside), so
// that they compile in CI. `ReadmeExampleTests` checks that every block still appears here;
// change both together.
import Foundation
import Observation
import PrefsModel

// MARK: PrefsModel.md (the library's front page)

/// Compiled, not run: it writes the real suite of the user running the tests.
func articlePrefsModelOverview() {
let refreshInterval = PreferenceKey<Int>("refreshInterval", default: 15, rule: .range(5...240, step: 5),
                                         title: "Refresh every", section: "Updates", unit: "min")
let schema = PreferenceSchema(title: "Weather", suiteName: "com.example.weather", keys: [refreshInterval])
let prefs = Preferences(schema)   // the suite the schema names
prefs[refreshInterval] += 5
}

// MARK: SettingsThatDependOnOthers.md

func articleSettingsThatDependOnOthers() -> Bool {
let useProxy = PreferenceKey<Bool>("useProxy", default: false, title: "Use a proxy", section: "Network")
let proxyHost = PreferenceKey<String>("proxyHost", default: "", title: "Proxy host", section: "Network",
                                      inUseWhen: .when(useProxy))
let proxyPort = PreferenceKey<Int>("proxyPort", default: 8080, rule: .range(1...65535), title: "Proxy port",
                                   section: "Network", inUseWhen: .all(.when(useProxy)))
let schema = PreferenceSchema(title: "Network", suiteName: "com.example.net", keys: [useProxy, proxyHost, proxyPort])
let prefs = Preferences(store: InMemoryStore(), schema: schema)
let shown = prefs.isInUse(proxyHost)   // false while the proxy is off
return shown
}

func articleRulesAcrossSettings() -> PreferenceSchema {
let low = PreferenceKey<Int>("lowTemperature", default: 5, title: "Low")
let high = PreferenceKey<Int>("highTemperature", default: 25, title: "High")
let alerts = PreferenceSchema(title: "Alerts", suiteName: "com.example.alerts", keys: [low, high],
                              rules: [.ordered(low, high)])
return alerts
}

// MARK: SiteDefaultsAndLocks.md

/// Compiled, not run: it reads the machine's site folders and the user's real suite.
func articleSiteDefaults(_ schema: PreferenceSchema) -> Preferences {
let site = SiteDefaults(suiteName: "com.example.weather")      // $XDG_CONFIG_DIRS
let prefs = Preferences(store: SuiteStore(suiteName: "com.example.weather"), schema: schema,
                        site: site, overrides: ["city": .string("Paris")])   // e.g. from --city
return prefs
}

// MARK: ObservingSettings.md

enum ObservedSettings {
    static let city = PreferenceKey<String>("city", default: "Oslo", title: "City")
    static let schema = PreferenceSchema(title: "Observed", suiteName: "com.example.observed", keys: [city])
}

func articleObservingSettings() -> Task<Void, Never> {
let observedPrefs = Preferences(store: InMemoryStore(), schema: ObservedSettings.schema)
let cities = Observations { observedPrefs[ObservedSettings.city] }
let watching = Task {
    for await city in cities { print("city:", city) }   // Oslo, then each new city
}
return watching
}

@Observable
final class AppModel {
    @ObservationIgnored let prefs: Preferences
    @ObservationIgnored @Preference(ObservedSettings.city) var city: String
    var headline: String { "Weather in \(prefs[ObservedSettings.city])" }

    init(prefs: Preferences) {
        self.prefs = prefs
        _city = Preference(ObservedSettings.city, in: prefs)
    }
}

// MARK: ProjectSettings.md

enum Backup {
    static let retention = PreferenceKey<Int>("retention", default: 15, rule: .range(1...365), title: "Days kept")
    static let compress = PreferenceKey<Bool>("compress", default: false, title: "Compress")
    static let folder = PreferenceKey<String>("folder", default: "~/Backups", title: "Backup folder", scope: .user)
    static let token = PreferenceKey<String>("token", default: "", title: "API token", isSecret: true)
    static let schema = PreferenceSchema(title: "Backup", suiteName: "org.example.backup",
                                         keys: [retention, compress, folder, token],
                                         projectFile: ".backup-tool.json")
}

func articleProjectSettings() -> Int {
let prefs = Preferences(Backup.schema)   // the working folder's project, if any
let days = prefs[Backup.retention]
return days
}
