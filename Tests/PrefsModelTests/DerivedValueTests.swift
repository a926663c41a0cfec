import PrefsDemo
import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

@Suite("Derived values of the weather demo")
struct DerivedValueTests {
    /// 2026-11-21 12:00:00 UTC, so "next refresh" is predictable.
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)
    let schema = WeatherSettings.makeSchema(now: { DerivedValueTests.noon }, timeZone: TimeZone(identifier: "UTC")!)

    private func panel(_ prefs: Preferences) -> [String] {
        schema.derivedValues.map { "\($0.title): \($0.text(in: prefs) ?? "hidden")" }
    }

    @Test(arguments: StoreKind.allCases)
    func defaultsShowTheSampleReadingInCelsiusAndMetric(kind: StoreKind) {
        let fixture = StoreFixture(kind, schema: schema)
        #expect(panel(fixture.prefs) == [
            "Temperature: 21.5 °C", "Feels like: 19.0 °C", "Wind: 5.0 m/s", "Next refresh: 12:15",
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func valuesRecomputeWhenTheirInputsChange(kind: StoreKind) {
        let fixture = StoreFixture(kind, schema: schema)
        fixture.prefs[.temperatureNotation] = .fahrenheit
        fixture.prefs[.unitsNotation] = .imperial
        fixture.prefs[.showFeelsLike] = false
        fixture.prefs[.timeNotation] = .twelveHour
        fixture.prefs[.refreshInterval] = 90
        #expect(panel(fixture.prefs) == [
            "Temperature: 70.7 °F", "Feels like: hidden", "Wind: 11.2 mph", "Next refresh: 1:30 PM",
        ])

        fixture.prefs[.temperatureNotation] = .kelvin
        fixture.prefs[.decimalPlaces] = 2
        #expect(fixture.prefs[WeatherSettings.temperature(reading: .sample)] == "294.65 K")
        fixture.prefs[.decimalPlaces] = 0
        #expect(fixture.prefs[WeatherSettings.temperature(reading: .sample)] == "295 K")
    }

    /// The next refresh's clock time past midnight, in a zone behind UTC, in both notations.
    @Test func theNextRefreshCrossesMidnightInAnyZone() {
        let lateEvening = Date(timeIntervalSince1970: 1_795_305_000)   // 2026-11-21 23:50 UTC; refreshes every 15 min
        let newYork = WeatherSettings.makeSchema(now: { lateEvening }, timeZone: TimeZone(identifier: "America/New_York")!)
        let utc = WeatherSettings.makeSchema(now: { lateEvening }, timeZone: TimeZone(identifier: "UTC")!)
        let prefs = Preferences(store: InMemoryStore(), schema: newYork)
        func nextRefresh(_ schema: PreferenceSchema) -> String? {
            schema.derivedValues.first { $0.name == "nextRefresh" }?.text(in: prefs)
        }

        #expect(nextRefresh(newYork) == "19:05")          // UTC−5 in November
        #expect(nextRefresh(utc) == "00:05")
        prefs[.timeNotation] = .twelveHour
        #expect(nextRefresh(newYork) == "7:05 PM")
        #expect(nextRefresh(utc) == "12:05 AM")
    }

    @Test(arguments: StoreKind.allCases)
    func derivedValuesAreObservableLikeKeys(kind: StoreKind) {
        let fixture = StoreFixture(kind, schema: schema)
        let seen = Recorder<String>()
        let token = fixture.prefs.observe(WeatherSettings.wind(reading: .sample)) { old, new in seen.append("\(old) → \(new)") }

        fixture.prefs[.unitsNotation] = .imperial
        fixture.prefs[.city] = "Bergen"             // not an input: no recompute, no report
        fixture.prefs[.unitsNotation] = .imperial   // same value: nothing changes
        fixture.prefs[.unitsNotation] = .metric

        #expect(seen.all == ["5.0 m/s → 11.2 mph", "11.2 mph → 5.0 m/s"])
        withExtendedLifetime(token) {}
    }

    @Test func aDerivedValueWithFixedInputsAndSeveralKeys() {
        let fixture = StoreFixture(.memory)
        let perDay = DerivedValue(name: "perDay", title: "Refreshes per day",
                                  inputs: [PreferenceKeys.refreshInterval]) { prefs in 24 * 60 / prefs[.refreshInterval] }
        #expect(fixture.prefs[perDay] == 96)
        fixture.prefs[.refreshInterval] = 240
        #expect(fixture.prefs[perDay] == 6)
    }
}
