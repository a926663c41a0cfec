import PrefsDemo
import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

@Suite("Registered defaults, isDefault and reset")
struct DefaultsAndResetTests {
    @Test(arguments: StoreKind.allCases)
    func unsetKeysReadTheirDefaultsAndNothingIsWritten(kind: StoreKind) {
        let fixture = StoreFixture(kind)
        #expect(fixture.prefs[.temperatureNotation] == .celsius)
        #expect(fixture.prefs[.city] == "Oslo")
        #expect(fixture.prefs[.refreshInterval] == 15)
        #expect(fixture.prefs[.dataSource].absoluteString == "https://api.example.com/v1/forecast")
        #expect(fixture.store.storedValues().isEmpty)
        if kind == .suite { #expect(!FileManager.default.fileExists(atPath: fixture.plistPath)) }
    }

    @Test func aNewDefaultReachesUsersWhoNeverChangedTheSetting() throws {
        let directory = TemporaryDirectory()
        let version1 = PreferenceKey<Int>("refreshInterval", default: 15)
        let version2 = PreferenceKey<Int>("refreshInterval", default: 30)
        let store = SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false)
        let prefs = Preferences(store: store, schema: PreferenceSchema(title: "", suiteName: "app", keys: [version1]))
        _ = prefs[version1]
        try prefs.write(["unrelated": .bool(true)])

        let reopened = SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false)
        #expect(Preferences(store: reopened, schema: prefs.schema)[version2] == 30)
    }

    @Test func anEditToTheDeclaredDefaultRemovesTheStoredValue() throws {
        let fixture = StoreFixture(.memory, initial: ["refreshInterval": .int(30), "showFeelsLike": .bool(false)])
        try fixture.prefs.writeEdits(["refreshInterval": .int(15), "showFeelsLike": .bool(true), "city": .string("Bergen")])
        #expect(fixture.store.storedValues() == ["city": .string("Bergen")])
        #expect(fixture.prefs.storedValue(forEdit: .int(15), of: PreferenceKeys.refreshInterval) == nil)
        #expect(fixture.prefs.storedValue(forEdit: .int(20), of: PreferenceKeys.refreshInterval) == .int(20))
    }

    @Test func anEditOfAKeyWithoutADeclaredDefaultIsStoredAsGiven() throws {
        // Another program's keys have no default here, only a guessed empty value.
        let stored: [String: PlistValue] = ["legacyMode": .bool(true), "name": .string("x")]
        let inferred = StoreFixture(.memory, schema: PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup"), initial: stored)
        try inferred.prefs.writeEdits(["legacyMode": .bool(false), "name": .string("")])
        #expect(inferred.store.storedValues() == ["legacyMode": .bool(false), "name": .string("")])

        let other = StoreFixture(.memory, schema: WeatherSettings.schema.addingOtherKeys(from: stored), initial: stored)
        try other.prefs.writeEdits(["legacyMode": .bool(false), "name": .string("")])
        #expect(other.store.storedValues() == ["legacyMode": .bool(false), "name": .string("")])
    }

    @Test func anInvalidEditIsRefusedAsAnyWriteIs() {
        let fixture = StoreFixture(.memory)
        #expect(throws: PreferenceError.invalidValue(key: "refreshInterval", value: "500", allowed: "5…240 in steps of 5")) {
            try fixture.prefs.writeEdits(["refreshInterval": .int(500)])
        }
        #expect(fixture.store.storedValues().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func isDefaultTellsWhetherAUserValueIsStored(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        #expect(fixture.prefs.isDefault(PreferenceKeys.city))
        fixture.prefs[.city] = "Oslo"
        #expect(!fixture.prefs.isDefault(PreferenceKeys.city))
    }

    @Test(arguments: StoreKind.allCases)
    func resetOneSeveralSectionAndAll(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, initial: [
            "city": .string("Bergen"), "favoriteCities": .array([.string("Oslo")]),
            "temperatureNotation": .string("kelvin"), "unitsNotation": .string("imperial"),
            "refreshInterval": .int(60), "otherApp.key": .string("keep me"),
        ])
        let prefs = fixture.prefs

        try prefs.reset(PreferenceKeys.city)
        #expect(prefs[.city] == "Oslo")
        #expect(prefs[.favoriteCities] == ["Oslo"])

        try prefs.reset(section: "Units")
        #expect(prefs[.temperatureNotation] == .celsius)
        #expect(prefs[.unitsNotation] == .metric)
        #expect(prefs[.refreshInterval] == 60)

        try prefs.reset(PreferenceKeys.favoriteCities, PreferenceKeys.refreshInterval)
        #expect(prefs.schema.keys.allSatisfy(prefs.isDefault))
        #expect(fixture.reopened().store.storedValues() == ["otherApp.key": .string("keep me")])
    }

    @Test(arguments: StoreKind.allCases)
    func resetAllLeavesKeysOutsideTheSchemaAlone(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, initial: ["city": .string("Bergen"), "decimalPlaces": .int(2), "foreign": .int(1)])
        try fixture.prefs.resetAll()
        #expect(fixture.reopened().store.storedValues() == ["foreign": .int(1)])
    }

    @Test func resettingAnUnknownSectionNamesTheSections() {
        let fixture = StoreFixture(.memory)
        #expect(throws: PreferenceError.invalidValue(key: "section", value: "Colours", allowed: "one of Units, Location, Updates, Display")) {
            try fixture.prefs.reset(section: "Colours")
        }
    }
}

@Suite("Stored values of the wrong type or against their rule")
struct DiagnosticTests {
    @Test(arguments: StoreKind.allCases)
    func wrongTypedValuesReadAsTheDefaultWithADiagnostic(kind: StoreKind) {
        let fixture = StoreFixture(kind, initial: [
            "refreshInterval": .string("soon"), "showFeelsLike": .string("maybe"), "favoriteCities": .array([.int(3)]),
        ])
        #expect(fixture.prefs[.refreshInterval] == 15)
        #expect(fixture.prefs[.showFeelsLike] == true)
        #expect(fixture.prefs[.favoriteCities] == [])
        #expect(fixture.prefs.diagnostics() == [
            PreferenceDiagnostic(key: "favoriteCities", storedValue: "[1 item]", reason: "stored as array [1 item], expected [string]"),
            PreferenceDiagnostic(key: "refreshInterval", storedValue: "\"soon\"", reason: "stored as string \"soon\", expected int"),
            PreferenceDiagnostic(key: "showFeelsLike", storedValue: "\"maybe\"", reason: "stored as string \"maybe\", expected bool"),
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func valuesAgainstTheirRuleReadAsTheDefault(kind: StoreKind) {
        let fixture = StoreFixture(kind, initial: ["refreshInterval": .int(7), "temperatureNotation": .string("rankine")])
        #expect(fixture.prefs[.refreshInterval] == 15)
        #expect(fixture.prefs[.temperatureNotation] == .celsius)
        #expect(fixture.prefs.diagnostic(for: PreferenceKeys.refreshInterval)?.reason == "7 is not allowed; allowed: 5…240 in steps of 5")
        #expect(fixture.prefs.diagnostic(for: PreferenceKeys.temperatureNotation)?.reason
                == "stored as string \"rankine\", expected one of celsius, fahrenheit, kelvin")
    }

    @Test func integralRealsAndZeroOneIntegersAreAcceptedAsHandEditedFilesWriteThem() {
        let fixture = StoreFixture(.memory, initial: ["refreshInterval": .double(30), "showFeelsLike": .int(0)])
        #expect(fixture.prefs[.refreshInterval] == 30)
        #expect(fixture.prefs[.showFeelsLike] == false)
        #expect(fixture.prefs.diagnostics().isEmpty)
    }
}
