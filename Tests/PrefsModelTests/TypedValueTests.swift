import PrefsDemo
import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

@Suite("Typed reads and writes of every value type, on both stores")
struct TypedValueTests {
    /// Writes `value`, then reads it back from the same preferences and from a fresh load.
    private func assertRoundTrip<Value>(_ key: PreferenceKey<Value>, _ value: Value, on kind: StoreKind,
                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fixture = StoreFixture(kind, schema: testSchema)
        try fixture.prefs.set(value, for: key)
        #expect(fixture.prefs[key] == value, sourceLocation: sourceLocation)
        #expect(fixture.reopened()[key] == value, sourceLocation: sourceLocation)
        #expect(!fixture.prefs.isDefault(key), sourceLocation: sourceLocation)
    }

    @Test(arguments: StoreKind.allCases)
    func scalarsRoundTrip(kind: StoreKind) throws {
        try assertRoundTrip(.testBool, true, on: kind)
        try assertRoundTrip(.testInt, -42, on: kind)
        try assertRoundTrip(.testInt, Int.max, on: kind)
        try assertRoundTrip(.testDouble, 3.0, on: kind)
        try assertRoundTrip(.testDouble, -0.1, on: kind)
        try assertRoundTrip(.testString, "Zürich 東京 °C", on: kind)
        try assertRoundTrip(.testDate, Date(timeIntervalSince1970: 1_795_000_000), on: kind)
        try assertRoundTrip(.testData, Data([0, 1, 254, 255]), on: kind)
    }

    @Test(arguments: StoreKind.allCases)
    func wholeURLRoundTrips(kind: StoreKind) throws {
        try assertRoundTrip(.testURL, URL(string: "https://example.com/a?b=1#top")!, on: kind)
        try assertRoundTrip(.testURL, URL(fileURLWithPath: "/var/lib/weather"), on: kind)
    }

    @Test(arguments: StoreKind.allCases)
    func collectionsRoundTrip(kind: StoreKind) throws {
        try assertRoundTrip(.testStrings, ["Oslo", "Bergen", ""], on: kind)
        try assertRoundTrip(.testInts, [], on: kind)
        try assertRoundTrip(.testDictionary, ["a": 1.5, "b": -2], on: kind)
    }

    @Test(arguments: StoreKind.allCases)
    func enumsCodableAndCustomTypesRoundTrip(kind: StoreKind) throws {
        try assertRoundTrip(.temperatureNotation, .kelvin, on: kind)
        try assertRoundTrip(.testPriority, .high, on: kind)
        try assertRoundTrip(.testAlert, FrostAlert(city: "Tromsø", below: -10.5), on: kind)
        try assertRoundTrip(.testCelsius, Celsius(degrees: 21.5), on: kind)
    }

    @Test(arguments: StoreKind.allCases)
    func enumsAreStoredAsTheirRawValues(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, schema: testSchema)
        fixture.prefs[.temperatureNotation] = .fahrenheit
        fixture.prefs[.testPriority] = .high
        #expect(fixture.store.storedValue(forKey: "temperatureNotation") == .string("fahrenheit"))
        #expect(fixture.store.storedValue(forKey: "testPriority") == .int(3))
    }

    @Test(arguments: StoreKind.allCases)
    func optionalKeyReadsNilUntilSetAndNilRemovesIt(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, schema: testSchema)
        #expect(fixture.prefs[.lastRefresh] == nil)

        let date = Date(timeIntervalSince1970: 1_800_000_000)
        fixture.prefs[.lastRefresh] = date
        #expect(fixture.prefs[.lastRefresh] == date)

        fixture.prefs[.lastRefresh] = nil
        #expect(fixture.prefs[.lastRefresh] == nil)
        #expect(fixture.store.storedValue(forKey: "lastRefresh") == nil)
        #expect(fixture.reopened()[.lastRefresh] == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func inPlaceMutationWritesThrough(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        fixture.prefs[.refreshInterval] += 5
        fixture.prefs[.favoriteCities].append("Bergen")
        fixture.prefs[.favoriteCities].append("Tromsø")

        #expect(fixture.reopened()[.refreshInterval] == 20)
        #expect(fixture.reopened()[.favoriteCities] == ["Bergen", "Tromsø"])
    }

    @Test(arguments: StoreKind.allCases)
    func datesKeepWholeSecondsInBothStores(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        fixture.prefs[.lastRefresh] = Date(timeIntervalSince1970: 1_800_000_000.75)
        #expect(fixture.prefs[.lastRefresh] == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(fixture.reopened()[.lastRefresh] == Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func propertyWrapperReadsAndWritesThroughItsPreferences() {
        let fixture = StoreFixture(.memory)
        struct Screen {
            @Preference var city: String
            init(prefs: Preferences) { _city = Preference(.city, in: prefs) }
        }
        let screen = Screen(prefs: fixture.prefs)
        #expect(screen.city == "Oslo")
        screen.city = "Bergen"
        #expect(fixture.prefs[.city] == "Bergen")
    }

    @Test func extensionStyleComputedPropertiesWorkOnTop() {
        let fixture = StoreFixture(.memory)
        fixture.prefs.temperatureNotationForTest = .kelvin
        #expect(fixture.prefs[.temperatureNotation] == .kelvin)
        #expect(fixture.prefs.temperatureNotationForTest == .kelvin)
    }

    @Test func storeIsSafeToUseFromManyThreads() async throws {
        let fixture = StoreFixture(.suite, schema: testSchema)
        let prefs = fixture.prefs
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<25 {
                        _ = try? prefs.write(["thread-\(task)-\(index)": .int(index)])
                        _ = prefs[.refreshInterval]
                        _ = prefs[.testInts]
                    }
                }
            }
        }
        let stored = fixture.reopened().store.storedValues()
        #expect(stored.keys.filter { $0.hasPrefix("thread-") }.count == 200)
    }
}

extension Preferences {
    /// The extension style of the seed libraries, written on top of the subscript.
    var temperatureNotationForTest: WeatherSettings.TemperatureNotation {
        get { self[.temperatureNotation] }
        set { self[.temperatureNotation] = newValue }
    }
}
