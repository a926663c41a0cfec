import Foundation
@testable import PrefsModel
import Testing

/// Settings in use only when another has a value (issue 42): `inUseWhen:` on the key, asked
/// with `isInUse`; the value is kept whatever the condition says.
@Suite("Settings in use only when another has a value")
struct InUseConditionTests {
    enum Notation: String, PreferenceChoice, CaseIterable {
        case celsius, fahrenheit, kelvin
        static let titles: [Notation: String] = [.celsius: "Celsius", .fahrenheit: "Fahrenheit", .kelvin: "Kelvin"]
        var title: String { Self.titles[self] ?? rawValue }
    }

    static let useProxy = PreferenceKey<Bool>("useProxy", default: false, title: "Use a proxy")
    static let proxyHost = PreferenceKey<String>("proxyHost", default: "", title: "Proxy host", inUseWhen: { $0[useProxy] })
    static let proxyPort = PreferenceKey<Int>("proxyPort", default: 8080, title: "Proxy port", inUseWhen: { !$0[proxyHost].isEmpty })
    static let notation = PreferenceKey<Notation>("notation", default: .celsius, title: "Temperature")
    static let freezing = PreferenceKey<Bool>("warnBelowFreezing", default: true, title: "Warn below freezing",
                                              inUseWhen: { $0[notation] != .kelvin })
    static let schema = PreferenceSchema(title: "Net", suiteName: "com.example.net",
                                         keys: [useProxy, proxyHost, proxyPort, notation, freezing])

    private func prefs(_ stored: [String: PlistValue] = [:]) -> Preferences {
        Preferences(store: InMemoryStore(stored), schema: Self.schema)
    }

    @Test func aSettingIsInUseOnlyWhileItsConditionHolds() throws {
        let prefs = prefs()
        #expect(!prefs.isInUse(Self.proxyHost))
        #expect(prefs.isInUse(Self.useProxy))

        try prefs.set(true, for: Self.useProxy)

        #expect(prefs.isInUse(Self.proxyHost))
    }

    @Test func aSettingNotInUseKeepsItsValueAndReadsIt() throws {
        let prefs = prefs(["proxyHost": .string("proxy.example"), "useProxy": .bool(true)])
        try prefs.set(false, for: Self.useProxy)

        #expect(!prefs.isInUse(Self.proxyHost))
        #expect(prefs[Self.proxyHost] == "proxy.example")
        try prefs.set(true, for: Self.useProxy)
        #expect(prefs[Self.proxyHost] == "proxy.example")
    }

    @Test func aSettingWhoseConditionReadsASettingNotInUseIsNotInUse() throws {
        // proxyPort reads proxyHost, which is set, but not in use while the proxy is off.
        let prefs = prefs(["proxyHost": .string("proxy.example")])

        #expect(!prefs.isInUse(Self.proxyPort))
        try prefs.set(true, for: Self.useProxy)
        #expect(prefs.isInUse(Self.proxyPort))
    }

    @Test func theReasonIsWordedInTheConditionsOwnTerms() throws {
        let prefs = prefs(["notation": .string("kelvin")])

        #expect(prefs.notInUseReason(of: Self.proxyHost) == "used only when Use a proxy is on")
        #expect(prefs.notInUseReason(of: Self.freezing) == "used only when Temperature is Celsius or Fahrenheit")
        #expect(prefs.notInUseReason(of: Self.proxyPort) == "used only when Proxy host allows it")   // no value to try
        #expect(prefs.notInUseReason(of: Self.useProxy) == nil)
        try prefs.set("proxy.example", for: Self.proxyHost)
        #expect(prefs.notInUseReason(of: Self.proxyPort) == "used only when Proxy host is in use")
    }

    @Test func aConditionOnASettingTheSchemaDoesNotHoldIsRefusedNamingBoth() {
        let stray = PreferenceKey<Bool>("stray", default: true)
        let reader = PreferenceKey<Int>("reader", default: 1, inUseWhen: { $0[stray] })
        let keys: [AnyPreferenceKey] = [reader]

        #expect(InUseConditions.problem(in: PreferenceSchema(uncheckedTitle: "T", suiteName: "t", keys: keys))
            == #"key "reader": its condition reads "stray", which the schema does not hold"#)
    }

    @Test func conditionsThatWaitOnEachOtherAreRefusedNamingThem() {
        // Declared as functions so that each can name the other.
        let keys = CycleKeys.all

        #expect(InUseConditions.problem(in: PreferenceSchema(uncheckedTitle: "T", suiteName: "t", keys: keys))
            == #"the conditions of "a" → "b" → "a" wait on each other"#)
    }
}

private enum CycleKeys {
    static let a: PreferenceKey<Bool> = PreferenceKey("a", default: true, inUseWhen: { $0[b] })
    static let b: PreferenceKey<Bool> = PreferenceKey("b", default: true, inUseWhen: { $0[a] })
    static var all: [AnyPreferenceKey] { [a, b] }
}
