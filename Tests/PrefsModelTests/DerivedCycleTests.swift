import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Derived values that read themselves, for the tests below: declared as a program would.
private enum SelfReading {
    static let count = PreferenceKey<Int>("count", default: 2)
    static let echo: DerivedValue<String> = DerivedValue(name: "echo", title: "Echo") { (prefs: Preferences) -> String in
        prefs[SelfReading.echo]
    }
    static let ping: DerivedValue<String> = DerivedValue(name: "ping", title: "Ping") { (prefs: Preferences) -> String in
        prefs[SelfReading.pong]
    }
    static let pong: DerivedValue<String> = DerivedValue(name: "pong", title: "Pong") { (prefs: Preferences) -> String in
        prefs[SelfReading.ping] + "!"
    }
    static let base: DerivedValue<String> = DerivedValue(name: "base", title: "Base") { (prefs: Preferences) -> String in
        String(prefs[SelfReading.count])
    }
    static let twice: DerivedValue<String> = DerivedValue(name: "twice", title: "Twice") { (prefs: Preferences) -> String in
        prefs[SelfReading.base] + prefs[SelfReading.base]
    }
}

/// A derived value that reads itself is a declaration fault, found and named (issue 38, item
/// 11): it crashed the host with a stack overflow, which names nothing.
@Suite("A derived value that reads itself")
struct DerivedCycleTests {
    @Test func directlyStopsTheProgramNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let prefs = Preferences(store: InMemoryStore(), schema: PreferenceSchema(title: "t", suiteName: "s", keys: []))
            _ = prefs[SelfReading.echo]
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains(#"DerivedValue "echo" reads itself: "echo" → "echo""#), "\(text)")
        }
    }

    @Test func throughAnotherDerivedValueStopsTheProgramNamingTheCycle() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let prefs = Preferences(store: InMemoryStore(), schema: PreferenceSchema(title: "t", suiteName: "s", keys: []))
            _ = prefs[SelfReading.ping]
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains(#"DerivedValue "ping" reads itself through other derived values: "ping" → "pong" → "ping""#), "\(text)")
        }
    }

    @Test func readingAnotherValueTwiceIsNoCycle() {
        let prefs = Preferences(store: InMemoryStore(), schema: PreferenceSchema(title: "t", suiteName: "s", keys: []))

        #expect(prefs[SelfReading.twice] == "22")
        #expect(SelfReading.twice.valueAndInputs(in: prefs.snapshot()).inputs == ["count"])
    }
}
