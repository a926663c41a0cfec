import Foundation
import Testing
@testable import PrefsModel

/// Rules across settings (issue 42, item 3): a low and a high that each pass their own rule but
/// not together. Every write path ends in the same check; these are the library's paths.
@Suite("Rules across settings")
struct SettingsRuleTests {
    static let low = PreferenceKey<Int>("lowTemperature", default: 5, title: "Low")
    static let high = PreferenceKey<Int>("highTemperature", default: 25, title: "High")
    static let city = PreferenceKey<String>("city", default: "Oslo")
    static let schema = PreferenceSchema(title: "Alerts", suiteName: "com.example.alerts", keys: [low, high, city],
                                         rules: [.ordered(low, high)])

    private func prefs(_ stored: [String: PlistValue] = [:]) -> (Preferences, InMemoryStore) {
        let store = InMemoryStore(stored)
        return (Preferences(store: store, schema: Self.schema), store)
    }

    @Test func aWriteThatWouldBreakTheRuleIsRefusedNamingBothSettingsAndTheirValues() throws {
        let (prefs, store) = prefs()

        #expect(throws: PreferenceError.ruleBroken(keys: ["highTemperature", "lowTemperature"],
                                                   reason: "lowTemperature (30) must not be above highTemperature (25)")) {
            try prefs.set(30, for: Self.low)
        }
        #expect(store.storedValues().isEmpty)
        try prefs.write(["lowTemperature": .int(30), "highTemperature": .int(35)])   // both at once: fine
        #expect(prefs[Self.low] == 30)
    }

    @Test func aStoredPairThatBreaksTheRuleReadsAsStoredAndOnlyAWriteOfEitherMustMendIt() throws {
        let (prefs, _) = prefs(["lowTemperature": .int(40), "highTemperature": .int(20)])   // another program wrote it

        #expect(prefs[Self.low] == 40)
        #expect(SettingsRules.broken(in: prefs.snapshot()).map(\.reason) == ["lowTemperature (40) must not be above highTemperature (20)"])
        try prefs.set("Bergen", for: Self.city)                                           // a third setting: fine
        #expect(throws: PreferenceError.self) { try prefs.set(30, for: Self.low) }        // still broken
        try prefs.set(10, for: Self.low)                                                  // mended
        #expect(SettingsRules.broken(in: prefs.snapshot()).isEmpty)
    }

    @Test func aStoredPairThatBreaksTheRuleIsReportedOnceAsADiagnosticOnBothSettings() throws {
        let (prefs, _) = prefs(["lowTemperature": .int(40), "highTemperature": .int(20)])   // another program wrote it
        let reason = "lowTemperature (40) must not be above highTemperature (20)"

        let diagnostics = prefs.diagnostics()

        #expect(diagnostics.map(\.key) == ["highTemperature", "lowTemperature"])
        #expect(diagnostics.allSatisfy { $0.reason == reason })
        #expect(diagnostics.last?.description
            == "lowTemperature: stored value 40 breaks a rule across settings (read as stored until a write mends it): \(reason)")
        #expect(prefs.snapshot().diagnostics() == diagnostics)
        try prefs.set(10, for: Self.low)                                                  // mended
        #expect(prefs.diagnostics().isEmpty)
    }

    /// Only a value of the user's file is reported: a setting that reads its default stores
    /// nothing to mend, and a stored value that is already ignored has its own diagnostic.
    @Test func aBrokenRuleIsReportedOnlyOnValuesTheUsersFileHolds() {
        let (onlyLow, _) = prefs(["lowTemperature": .int(40)])                         // high reads its default, 25
        let (ignored, _) = prefs(["lowTemperature": .string("abc"), "highTemperature": .int(2)])   // low reads 5 > 2

        #expect(onlyLow.diagnostics().map(\.key) == ["lowTemperature"])
        #expect(onlyLow.diagnostics().allSatisfy { $0.breaksRule })
        #expect(ignored.diagnostics().map { "\($0.key) \($0.breaksRule)" } == ["lowTemperature false", "highTemperature true"])
    }

    /// A migration step is a write like any other: one that would break a rule is refused, and
    /// nothing of it is saved.
    @Test func aMigrationThatWouldBreakTheRuleIsRefusedAndSavesNothing() {
        let raise = MigrationStep(to: 2) { suite in suite["lowTemperature"] = .int(30) }
        let schema = PreferenceSchema(title: "Alerts", suiteName: "com.example.alerts", keys: [Self.low, Self.high],
                                      migrationSteps: [raise], rules: [.ordered(Self.low, Self.high)])
        let store = InMemoryStore(["highTemperature": .int(25)])
        let prefs = Preferences(store: store, schema: schema)

        #expect(throws: PreferenceError.ruleBroken(keys: ["highTemperature", "lowTemperature"],
                                                   reason: "lowTemperature (30) must not be above highTemperature (25)")) {
            try prefs.migrate()
        }
        #expect(store.storedValues() == ["highTemperature": .int(25)])
    }

    @Test func aResetOfOneThatWouldBreakTheRuleIsRefusedAndOfBothIsAllowed() throws {
        let (prefs, _) = prefs(["lowTemperature": .int(30), "highTemperature": .int(35)])

        #expect(throws: PreferenceError.self) { try prefs.reset(Self.high) }             // back to 25, below 30
        try prefs.reset(Self.high, Self.low)

        #expect(prefs[Self.low] == 5 && prefs[Self.high] == 25)
    }

    @Test func aRuleWrittenAsAClosureIsCheckedOnTheSettingsItReads() throws {
        let start = PreferenceKey<Int>("startHour", default: 8), end = PreferenceKey<Int>("endHour", default: 17)
        let schema = PreferenceSchema(title: "Hours", suiteName: "com.example.hours", keys: [start, end], rules: [
            SettingsRule { $0[start] < $0[end] ? nil : "startHour (\($0[start])) must come before endHour (\($0[end]))" },
        ])
        let prefs = Preferences(store: InMemoryStore(), schema: schema)

        #expect(throws: PreferenceError.ruleBroken(keys: ["endHour", "startHour"], reason: "startHour (18) must come before endHour (17)")) {
            try prefs.set(18, for: start)
        }
    }

    @Test func aRuleOnASettingTheSchemaDoesNotHoldOrCannotOrderIsRefused() {
        let stray = PreferenceKey<Int>("stray", default: 1)
        let text = PreferenceKey<String>("name", default: "")

        #expect(SettingsRules.problem(in: PreferenceSchema(uncheckedTitle: "T", suiteName: "t", keys: [Self.low], rules: [.ordered(Self.low, stray)]))
            == #"the rule ordered(lowTemperature, stray) reads "stray", which the schema does not hold"#)
        #expect(SettingsRules.problem(in: PreferenceSchema(uncheckedTitle: "T", suiteName: "t", keys: [Self.low, text], rules: [.ordered(Self.low, text)]))
            == #"the rule ordered(lowTemperature, name): "name" is a string, which has no order; use int, double or date"#)
    }

    @Test func aSchemaFileHoldsOrderedRulesAndWritesThemBack() throws {
        let text = """
            {"title": "Alerts", "suite": "com.example.alerts", "rules": [{"ordered": ["low", "high"]}],
             "sections": [{"name": "Alerts", "settings": [
              {"key": "low", "type": "double", "default": 5}, {"key": "high", "type": "double", "default": 25}]}]}
            """
        let schema = try PreferenceSchema(jsonText: text)
        let prefs = Preferences(store: InMemoryStore(), schema: schema)

        #expect(throws: PreferenceError.self) { try prefs.set(text: ["30"], for: try #require(schema.key(named: "low"))) }
        let again = try PreferenceSchema(json: schema.jsonValue)
        #expect(again.rules.compactMap(\.orderedPair).map { [$0.low, $0.high] } == [["low", "high"]])
        #expect(throws: PreferenceError.self) {
            try PreferenceSchema(jsonText: text.replacingOccurrences(of: #"["low", "high"]"#, with: #"["low", "nowhere"]"#))
        }
    }
}
