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

/// Conditions in schema files: `"inUseWhen": {"useProxy": true}` or a list of values.
@Suite("Conditions in schema files")
struct SchemaFileConditionTests {
    static func schemaText(proxyHost: String = #"{"useProxy": true}"#, notationEntry: String = #"{"notation": ["fahrenheit", "kelvin"]}"#) -> String {
        """
        {"title": "Net", "suite": "com.example.net", "sections": [{"name": "Network", "settings": [
          {"key": "useProxy", "type": "bool", "title": "Use a proxy", "default": false},
          {"key": "proxyHost", "type": "string", "title": "Proxy host", "default": "", "inUseWhen": \(proxyHost)},
          {"key": "notation", "type": "string", "title": "Temperature", "default": "celsius",
           "rule": {"choices": [{"value": "celsius", "title": "Celsius"}, {"value": "fahrenheit", "title": "Fahrenheit"},
                                {"value": "kelvin", "title": "Kelvin"}]}},
          {"key": "showFahrenheitTip", "type": "bool", "title": "Tip", "default": true, "inUseWhen": \(notationEntry)}]}]}
        """
    }

    @Test func aSchemaFilesConditionsHoldAsWrittenAndAreWordedWithTitles() throws {
        let schema = try PreferenceSchema(jsonText: Self.schemaText())
        let prefs = Preferences(store: InMemoryStore(["notation": .string("kelvin")]), schema: schema)
        let host = try #require(schema.key(named: "proxyHost")), tip = try #require(schema.key(named: "showFahrenheitTip"))

        #expect(!prefs.isInUse(host))
        #expect(prefs.notInUseReason(of: host) == "used only when Use a proxy is on")
        #expect(prefs.isInUse(tip))
        try prefs.write(["notation": .string("celsius"), "useProxy": .bool(true)])
        #expect(prefs.isInUse(host))
        #expect(prefs.notInUseReason(of: tip) == "used only when Temperature is Fahrenheit or Kelvin")
    }

    @Test func bothReadersAgreeAndTheConditionIsWrittenBack() throws {
        let streamed = try PreferenceSchema(jsonText: Self.schemaText())
        let tree = try PreferenceSchema(json: try JSONValue(parsing: Self.schemaText()))
        let again = try PreferenceSchema(json: streamed.jsonValue)

        for schema in [tree, again] {
            let prefs = Preferences(store: InMemoryStore(), schema: schema)
            #expect(prefs.notInUseReason(of: try #require(schema.key(named: "proxyHost"))) == "used only when Use a proxy is on")
        }
        guard case .object(let document) = streamed.jsonValue, case .array(let sections)? = document["sections"],
              case .object(let section)? = sections.first, case .array(let settings)? = section["settings"],
              case .object(let host)? = settings.first(where: { entry in
                  if case .object(let fields) = entry { return fields["key"] == .string("proxyHost") }
                  return false
              }) else {
            Issue.record("no proxyHost entry in \(streamed.jsonValue.prettyText)")
            return
        }
        #expect(host["inUseWhen"] == JSONValue.object(["useProxy": .bool(true)]))
    }

    @Test(arguments: [
        (#"{"useProxx": true}"#, #"key "proxyHost": its condition reads "useProxx", which the schema does not hold"#),
        (#"{"useProxy": "yes please"}"#, #"key "proxyHost": its condition's value "yes please" for "useProxy" is not one it can have"#),
        (#"{"useProxy": []}"#, #""inUseWhen": "useProxy" lists no value"#),
        (#"true"#, #""inUseWhen" must be an object"#),
    ])
    func aFaultyConditionIsRefusedNamingTheKeys(condition: String, message: String) {
        #expect {
            try PreferenceSchema(jsonText: Self.schemaText(proxyHost: condition))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func conditionsThatWaitOnEachOtherAreRefused() {
        let text = Self.schemaText(proxyHost: #"{"showFahrenheitTip": true}"#, notationEntry: #"{"proxyHost": "x"}"#)

        #expect {
            try PreferenceSchema(jsonText: text)
        } throws: { error in
            "\(error)".contains(#"the conditions of "proxyHost" → "showFahrenheitTip" → "proxyHost" wait on each other"#)
        }
    }
}

private enum CycleKeys {
    static let a: PreferenceKey<Bool> = PreferenceKey("a", default: true, inUseWhen: { $0[b] })
    static let b: PreferenceKey<Bool> = PreferenceKey("b", default: true, inUseWhen: { $0[a] })
    static var all: [AnyPreferenceKey] { [a, b] }
}
