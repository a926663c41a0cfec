import Foundation
import PrefsModel
import Testing

/// The code of the DocC article "Derived values" (Sources/PrefsModel/PrefsModel.docc/DerivedValues.md),
/// line for line, so the article's example compiles and does what the article says.
/// Change the two together.
@Suite("Documentation: the derived values article's example")
struct DocumentationExampleTests {
    enum BackupSettings {
        static let intervalHours = PreferenceKey<Int>("intervalHours", default: 24, rule: .range(1...168),
                                                      title: "Back up every", section: "When", unit: "h")
        static let keepCopies = PreferenceKey<Int>("keepCopies", default: 7, rule: .range(1...90),
                                                   title: "Copies kept", section: "When")

        /// How far back the kept copies reach.
        static let history = DerivedValue(name: "history", title: "History kept") { prefs in
            let hours = prefs[intervalHours] * prefs[keepCopies]
            return hours.isMultiple(of: 24) ? "\(hours / 24) days" : "\(hours) hours"
        }

        static let schema = PreferenceSchema(title: "Backup", suiteName: "com.example.backup",
                                             keys: [intervalHours, keepCopies],
                                             derivedValues: [history])
    }

    @Test func theArticlesExampleRuns() {
        let prefs = Preferences(store: InMemoryStore(), schema: BackupSettings.schema)
        print(prefs[BackupSettings.history])           // 7 days
        let token = prefs.observe(BackupSettings.history) { old, new in print(old, "→", new) }
        prefs[BackupSettings.keepCopies] = 14          // prints "7 days → 14 days"
        token.cancel()

        #expect(prefs[BackupSettings.history] == "14 days")
    }

    @Test func theArticlesExampleComputesObservesAndListsItsDerivedValue() {
        let prefs = Preferences(store: InMemoryStore(), schema: BackupSettings.schema)
        #expect(prefs[BackupSettings.history] == "7 days")
        let seen = Locked<[String]>([])
        let token = prefs.observe(BackupSettings.history) { old, new in seen.withLock { $0.append("\(old) → \(new)") } }
        prefs[BackupSettings.keepCopies] = 14
        token.cancel()

        #expect(seen.withLock { $0 } == ["7 days → 14 days"])
        #expect(BackupSettings.schema.derivedValues.map(\.title) == ["History kept"])
        #expect(BackupSettings.schema.derivedValues.first?.text(in: prefs) == "14 days")
    }

    @Test func theArticlesClockValueSaysWhenItNextChanges() {
        let nextMinute = DerivedValue(name: "clock", title: "Now",
                                      changesAt: { _ in Date(timeIntervalSinceReferenceDate: (Date().timeIntervalSinceReferenceDate / 60).rounded(.down) * 60 + 60) }) { _ in
            Date().formatted(date: .omitted, time: .shortened)
        }
        let prefs = Preferences(store: InMemoryStore(), schema: PreferenceSchema(title: "T", suiteName: "t", keys: []))
        let next = AnyDerivedValue(nextMinute).nextChange(in: prefs)
        #expect(next.map { $0 > Date() && $0.timeIntervalSinceNow <= 60 } == true)
        #expect(!prefs[nextMinute].isEmpty)
    }
}
