import Configuration
import ConfigurationTesting
import Foundation
import PrefsConfiguration
import PrefsModel
import PrefsTestSupport
import Testing

/// A suite read through swift-configuration (issue 31): typed values as `get` prints them,
/// secrets, site locks, refused values, and another program's change arriving by watching.
@Suite("Settings through swift-configuration")
struct PreferencesProviderTests {
    @Test func aReaderReadsAnIntAChoiceAndTextAndTheEnvironmentWinsOverTheSuite() throws {
        let fixture = ProviderFixture()
        try fixture.prefs.set(30, for: ProviderFixture.interval)
        try fixture.prefs.set(.imperial, for: ProviderFixture.units)
        try fixture.prefs.set("Bergen", for: ProviderFixture.city)
        let environment = EnvironmentVariablesProvider(environmentVariables: ["CITY": "Tromsø"])

        let suiteOnly = ConfigReader(providers: [fixture.provider])
        let config = ConfigReader(providers: [environment, fixture.provider])

        #expect(config.int(forKey: "refreshInterval") == 30)
        #expect(config.string(forKey: "units", as: ProviderFixture.Units.self) == .imperial)
        #expect(suiteOnly.string(forKey: "city") == "Bergen")
        #expect(config.string(forKey: "city") == "Tromsø")
        #expect(config.int(forKey: "absent", default: 7) == 7)
    }

    @Test func aDottedKeyNamesTheSettingOfThatNameAndDefaultsAreValues() throws {
        let fixture = ProviderFixture()
        let config = ConfigReader(providers: [fixture.provider])

        #expect(config.double(forKey: "http.timeout") == 2.5)                  // its default
        #expect(try fixture.provider.value(forKey: AbsoluteConfigKey(["http", "timeout"]), type: .double).encodedKey == "http.timeout")
        #expect(config.string(forKey: "lastRun") == nil)                       // an optional without a value
        try fixture.prefs.set(Date(timeIntervalSince1970: 1_795_262_400), for: ProviderFixture.lastRun)
        #expect(config.string(forKey: "lastRun") == "2026-11-21T12:00:00Z")
    }

    @Test func anotherTypeOrOneSwiftConfigurationCannotHoldIsAnErrorNamingTheSetting() {
        let provider = ProviderFixture().provider

        #expect(throws: PreferencesProviderError.typeMismatch(key: "city", settingType: "string", requested: .int, allowed: .string)) {
            try provider.value(forKey: ["city"], type: .int)
        }
        #expect(throws: PreferencesProviderError.unsupportedType(key: "tags", settingType: "[string: int]")) {
            try provider.value(forKey: ["tags"], type: .string)
        }
        #expect("\(PreferencesProviderError.typeMismatch(key: "city", settingType: "string", requested: .int, allowed: .string))"
            == "city is a setting of type string, read through swift-configuration as string, not int")
    }

    @Test func aSecretIsPassedOnAsSecret() throws {
        let fixture = ProviderFixture()
        try fixture.prefs.set("s3cr3t", for: ProviderFixture.token)

        let value = try #require(try fixture.provider.value(forKey: ["apiToken"], type: .string).value)

        #expect(value.isSecret)
        #expect(!"\(value)".contains("s3cr3t"))
        #expect(try fixture.provider.value(forKey: ["city"], type: .string).value?.isSecret == false)
    }

    @Test func aSiteLockWinsAndARefusedStoredValueReadsAsTheDefaultWithItsDiagnosticOnce() throws {
        let site = TemporaryDirectory()
        let fixture = ProviderFixture(siteFolders: [site.path])
        try SuiteStore(suiteName: ProviderFixture.schema.suiteName, directory: fixture.folder.path, watchForChanges: false)
            .commit(["city": .string("Bergen"), "refreshInterval": .int(7)])           // 7 breaks the rule
        try SuiteStore(suiteName: ProviderFixture.schema.suiteName, directory: site.path, watchForChanges: false)
            .commit(["city": .string("Hamar")])
        try Data("city\n".utf8).write(to: URL(fileURLWithPath: site.file(ProviderFixture.schema.suiteName + ".locks")))
        let fresh = ProviderFixture.reopen(fixture, siteFolders: [site.path])
        let config = ConfigReader(providers: [fresh.provider])

        #expect(config.string(forKey: "city") == "Hamar")
        #expect(config.int(forKey: "refreshInterval") == 15)
        #expect(config.int(forKey: "refreshInterval") == 15)
        #expect(fresh.diagnostics.all.map(\.key) == ["refreshInterval"])
    }

    @Test func aSuiteFileThatCannotBeReadReadsAsDefaultsAndIsReportedOnce() throws {
        let fixture = ProviderFixture()
        try Data("not a plist".utf8).write(to: URL(fileURLWithPath: fixture.folder.file(ProviderFixture.schema.suiteName + ".plist")))
        let fresh = ProviderFixture.reopen(fixture, siteFolders: [])
        let config = ConfigReader(providers: [fresh.provider])

        #expect(config.string(forKey: "city") == "Oslo")
        #expect(config.int(forKey: "refreshInterval") == 15)
        #expect(fresh.problems.all.count == 1)
        #expect(fresh.problems.all.first?.contains("showing defaults and leaving the file as it is") == true, "\(fresh.problems.all)")
    }

    @Test func itPassesSwiftConfigurationsOwnCompatibilityTest() async throws {
        let magic: [UInt8] = Array("magic".utf8), magic2: [UInt8] = Array("magic2".utf8)
        let keys: [(AnyPreferenceKey, PlistValue)] = [
            (PreferenceKey<String>("string", default: ""), .string("Hello")),
            (PreferenceKey<String>("other.string", default: ""), .string("Other Hello")),
            (PreferenceKey<Int>("int", default: 0), .int(42)),
            (PreferenceKey<Int>("other.int", default: 0), .int(24)),
            (PreferenceKey<Double>("double", default: 0), .double(3.14)),
            (PreferenceKey<Double>("other.double", default: 0), .double(2.72)),
            (PreferenceKey<Bool>("bool", default: false), .bool(true)),
            (PreferenceKey<Bool>("other.bool", default: true), .bool(false)),
            (PreferenceKey<Data>("bytes", default: Data()), .data(Data(magic))),
            (PreferenceKey<Data>("other.bytes", default: Data()), .data(Data(magic2))),
            (PreferenceKey<[String]>("stringy.array", default: []), .array([.string("Hello"), .string("World")])),
            (PreferenceKey<[String]>("other.stringy.array", default: []), .array([.string("Hello"), .string("Swift")])),
            (PreferenceKey<[Int]>("inty.array", default: []), .array([.int(42), .int(24)])),
            (PreferenceKey<[Int]>("other.inty.array", default: []), .array([.int(16), .int(32)])),
            (PreferenceKey<[Double]>("doubly.array", default: []), .array([.double(3.14), .double(2.72)])),
            (PreferenceKey<[Double]>("other.doubly.array", default: []), .array([.double(0.9), .double(1.8)])),
            (PreferenceKey<[Bool]>("booly.array", default: []), .array([.bool(true), .bool(false)])),
            (PreferenceKey<[Bool]>("other.booly.array", default: []), .array([.bool(false), .bool(true), .bool(true)])),
            (PreferenceKey<[Data]>("byteChunky.array", default: []), .array([.data(Data(magic)), .data(Data(magic2))])),
            (PreferenceKey<[Data]>("other.byteChunky.array", default: []),
             .array([.data(Data(magic)), .data(Data(magic2)), .data(Data(magic))])),
        ]
        let folder = TemporaryDirectory()
        let schema = PreferenceSchema(title: "Compatibility", suiteName: "com.example.compat", keys: keys.map(\.0))
        let prefs = Preferences(suiteName: schema.suiteName, schema: schema, directory: folder.path, siteFolders: [])
        try prefs.write(Dictionary(uniqueKeysWithValues: keys.map { ($0.0.name, .some($0.1)) }))

        try await ProviderCompatTest(provider: PreferencesProvider(prefs)).runTest()
    }
}

extension ProviderFixture {
    /// The same suite opened anew (after files were written behind its back).
    static func reopen(_ fixture: ProviderFixture, siteFolders: [String]) -> ProviderFixture {
        ProviderFixture(folder: fixture.folder, siteFolders: siteFolders)
    }
}
