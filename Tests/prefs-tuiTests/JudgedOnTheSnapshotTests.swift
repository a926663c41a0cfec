import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor

/// Conditions, rules across settings and derived values are judged on the snapshot the editor
/// shows (issue 52): an outside change builds no `Preferences` to judge them, is handled once
/// by the store's follower, and every view says the same facts of a setting.
@Suite("Settings judged on the snapshot")
struct JudgedOnTheSnapshotTests {
    static let useProxy = PreferenceKey<Bool>("useProxy", default: false, title: "Use a proxy", section: "Net")
    static let proxyHost = PreferenceKey<String>("proxyHost", default: "", title: "Proxy host", section: "Net",
                                                 inUseWhen: { $0[useProxy] })
    static let low = PreferenceKey<Int>("low", default: 5, title: "Low", section: "Net")
    static let high = PreferenceKey<Int>("high", default: 25, title: "High", section: "Net")
    static let span = DerivedValue(name: "span", title: "Span") { "\($0[high] - $0[low]) degrees" }
    static let schema = PreferenceSchema(title: "Net", suiteName: "com.example.judged", keys: [useProxy, proxyHost, low, high],
                                         derivedValues: [span], rules: [.ordered(low, high)])

    @Test func anOutsideChangeBuildsNoPreferencesAndIsHandledOnce() throws {
        let store = InMemoryStore()
        let prefs = Preferences(store: store, schema: Self.schema)
        let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 100, height: 24)
        _ = editor.screen
        let made = Locked(0)

        let screen = try Preferences.$made.withValue(made) {
            try store.commit(["useProxy": .bool(true), "low": .int(40)], by: StoreWriter())   // another program's write
            return editor.screen
        }

        #expect(made.withLock { $0 } == 0, "Preferences built to judge one outside change")
        #expect(prefs.storeBatchesHandled.withLock { $0 } == 1)
        #expect(screen.contains("-15 degrees"), "\(screen)")                       // the derived value, recomputed
        #expect(editor.controller.state.judged.notInUse.isEmpty, "\(editor.controller.state.judged)")
        #expect(editor.controller.state.judged.brokenRules["low"] == Optional("low (40) must not be above high (25)"))
    }

    @Test func thePlainModeSaysAStoredPairThatBreaksARuleAsThePaneDoes() throws {
        let prefs = Preferences(store: InMemoryStore(["low": .int(40)]), schema: Self.schema)
        let screen = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 160, height: 30)
        let plain = try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(mode: .plain)))

        screen.press(.down, .down)                                                   // Low
        plain.answer("low")

        let problem = "the stored values break a rule: low (40) must not be above high (25)"
        #expect(screen.screen.contains("Problem  \(problem)"), "\(screen.screen)")
        #expect(plain.transcript.contains("Problem: \(problem)."), "\(plain.transcript)")
    }

    @Test func listAndGetTakeTheSameFactsAsTheEditor() throws {
        let now = Preferences(store: InMemoryStore(["proxyHost": .string("p"), "low": .int(40)]), schema: Self.schema).snapshot()
        let judged = now.judgeSettings()

        #expect(judged.notInUse == ["proxyHost": "used only when Use a proxy is on"])
        #expect(judged.brokenRules == ["low": "low (40) must not be above high (25)", "high": "low (40) must not be above high (25)"])
        for key in Self.schema.keys {
            let alone = now.facts(of: key), together = now.facts(of: key, judged: judged)
            #expect(alone.notInUseReason == together.notInUseReason && alone.brokenRule == together.brokenRule, "\(key.name)")
        }
    }
}
