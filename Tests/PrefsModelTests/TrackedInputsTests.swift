import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Derived values declared without a list of inputs (issue 30): each evaluation notes the
/// settings its closure reads, so a setting read on one branch only counts while that branch
/// is taken.
@Suite("Derived values track the settings they read")
struct TrackedInputsTests {
    static let metric = PreferenceKey<Bool>("metric", default: true, title: "Metric")
    static let kmh = PreferenceKey<Int>("kmh", default: 10, title: "Speed (km/h)")
    static let mph = PreferenceKey<Int>("mph", default: 6, title: "Speed (mph)")
    /// Reads `kmh` only when metric, `mph` only when not.
    static let speed = DerivedValue(name: "speed", title: "Speed") { prefs in
        prefs[metric] ? "\(prefs[kmh]) km/h" : "\(prefs[mph]) mph"
    }
    static let schema = PreferenceSchema(title: "Ride", suiteName: "com.example.ride", keys: [metric, kmh, mph], derivedValues: [speed])

    @Test func aValueIsRecomputedForTheSettingsItReadOnTheBranchItTook() {
        let prefs = Preferences(store: InMemoryStore(), schema: Self.schema)
        let seen = Recorder<String>()
        let token = prefs.observe(Self.speed) { old, new in seen.append("\(old) → \(new)") }

        prefs[Self.kmh] = 20          // read: reported
        prefs[Self.mph] = 7           // not read while metric: nothing
        prefs[Self.metric] = false    // the other branch: now mph is read
        prefs[Self.mph] = 8
        prefs[Self.kmh] = 30          // no longer read: nothing

        #expect(seen.all == ["10 km/h → 20 km/h", "20 km/h → 7 mph", "7 mph → 8 mph"])
        withExtendedLifetime(token) {}
    }

    @Test func theReadsOfAnEvaluationAreItsInputs() {
        let prefs = Preferences(store: InMemoryStore(), schema: Self.schema)

        #expect(Self.speed.valueAndInputs(in: prefs.snapshot()).inputs == ["metric", "kmh"])
        prefs[Self.metric] = false
        #expect(Self.speed.valueAndInputs(in: prefs.snapshot()).inputs == ["metric", "mph"])
    }

    @Test func aSchemaTakesDerivedValuesAsDeclared() {
        #expect(Self.schema.derivedValues.map(\.title) == ["Speed"])
        #expect(Self.schema.derivedValues.first?.text(in: Preferences(store: InMemoryStore(), schema: Self.schema)) == "10 km/h")
    }

    @Test func aValueThatReadsAnotherDerivedValueDependsOnWhatThatOneRead() {
        let inner = AnyDerivedValue(Self.speed)
        let outer = DerivedValue(name: "outer", title: "Outer") { prefs in "≈ " + (inner.text(in: prefs) ?? "") }
        let prefs = Preferences(store: InMemoryStore(), schema: Self.schema)
        let seen = Recorder<String>()
        let token = prefs.observe(outer) { _, new in seen.append(new) }

        prefs[Self.kmh] = 20

        #expect(outer.valueAndInputs(in: prefs.snapshot()).inputs == ["metric", "kmh"])
        #expect(seen.all == ["≈ 20 km/h"])
        withExtendedLifetime(token) {}
    }
}
