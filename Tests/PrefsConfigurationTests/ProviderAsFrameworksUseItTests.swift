import Configuration
import Foundation
import PrefsConfiguration
import PrefsModel
import PrefsTestSupport
import Testing

/// The provider as a web framework meets it (issue 39, item 6): an int read as a double (a
/// timeout in seconds), and defaults that do not shadow later providers.
@Suite("The provider as frameworks use it")
struct ProviderAsFrameworksUseItTests {
    static let idleTimeout = PreferenceKey<Int>("http.idleTimeout", default: 30)
    static let port = PreferenceKey<Int>("http.port", default: 8080)
    static let huge = PreferenceKey<Int>("huge", default: 9_007_199_254_740_993)
    static let ports = PreferenceKey<[Int]>("ports", default: [80, 443])
    static let backoff = PreferenceKey<[Int]?>("backoff")
    static let schema = PreferenceSchema(title: "Server", suiteName: "com.example.server", keys: [idleTimeout, port, huge, ports, backoff])

    private func preferences() -> Preferences { Preferences(store: InMemoryStore(), schema: Self.schema) }

    @Test func anIntIsReadAsADoubleWhereTheDoubleHoldsItExactly() throws {
        let prefs = preferences()
        try prefs.set(5, for: Self.idleTimeout)
        let config = ConfigReader(providers: [PreferencesProvider(prefs)])

        #expect(config.double(forKey: "http.idleTimeout") == 5.0)
        #expect(config.int(forKey: "http.idleTimeout") == 5)
        #expect(config.doubleArray(forKey: "ports") == [80.0, 443.0])
        #expect(try PreferencesProvider(prefs).value(forKey: AbsoluteConfigKey(["backoff"]), type: .doubleArray).value == nil)
        #expect(throws: PreferencesProviderError.typeMismatch(key: "huge", settingType: "int", requested: .double, allowed: .int)) {
            try PreferencesProvider(prefs).value(forKey: AbsoluteConfigKey(["huge"]), type: .double)
        }
    }

    @Test func withDefaultsOmittedAnUnsetSettingFallsThroughToTheNextProvider() throws {
        let prefs = preferences()
        try prefs.set(9000, for: Self.port)
        let environment = EnvironmentVariablesProvider(environmentVariables: ["HTTP_IDLE_TIMEOUT": "12"])

        let omitted = ConfigReader(providers: [PreferencesProvider(prefs, defaults: .omitted), environment])
        let included = ConfigReader(providers: [PreferencesProvider(prefs), environment])

        #expect(omitted.int(forKey: "http.port") == 9000)                    // stored: found
        #expect(omitted.int(forKey: "http.idleTimeout") == 12)               // unset: the environment answers
        #expect(omitted.int(forKey: "huge") == nil)                          // unset, and no one else has it
        #expect(included.int(forKey: "http.idleTimeout") == 30)              // the declared default shadows it
    }

    @Test func withDefaultsOmittedASnapshotFindsOnlyStoredValues() throws {
        let prefs = preferences()
        try prefs.set(9000, for: Self.port)
        let provider = PreferencesProvider(prefs, defaults: .omitted)

        let snapshot = provider.snapshot()

        #expect(try snapshot.value(forKey: AbsoluteConfigKey(["http", "port"]), type: .int).value?.content == .int(9000))
        #expect(try snapshot.value(forKey: AbsoluteConfigKey(["http", "idleTimeout"]), type: .int).value == nil)
    }
}
