import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Settings declared once (issue 30): a key forgotten in the schema's list is reported, not
/// silent; two keys with one name stop the schema from being made; the suite is named once.
@Suite("Settings declared once")
struct DeclaredOnceTests {
    static let quality = PreferenceKey<Int>("quality", default: 80, rule: .range(1...100), title: "Quality")
    static let format = PreferenceKey<String>("format", default: "jpeg", title: "Format")
    /// `format` is forgotten here.
    static let schema = PreferenceSchema(title: "Photo exporter", suiteName: "com.example.exporter", keys: [quality])

    @Test func aKeyTheSchemaDoesNotListIsReportedOnceWhenReadOrWritten() throws {
        let reports = Locked([String]())
        let prefs = Preferences(store: InMemoryStore(), schema: Self.schema, onWriteError: { error in reports.withLock { $0.append("\(error)") } })

        _ = prefs[Self.format]
        try prefs.set("png", for: Self.format)
        _ = prefs[Self.format]
        _ = prefs[Self.quality]

        #expect(reports.withLock { $0 } == [
            #"the key "format" is used, but the schema of com.example.exporter does not list it: add it to the schema's keys, "#
                + "or no editor, list or export will show it",
        ])
        #expect(prefs[Self.format] == "png")                           // it still works
    }

    @Test func aPartOfTheSchemaStillHoldsTheKeysOfTheWhole() {
        let whole = PreferenceSchema(title: "Photo exporter", suiteName: "com.example.exporter", keys: [Self.quality, Self.format])
        let part = whole.withKeys([Self.quality])

        #expect(part.holds(Self.format))
        #expect(!Self.schema.holds(Self.format))
    }

    @Test func theSameKeyListedTwiceIsOneKey() {
        let schema = PreferenceSchema(title: "Photo exporter", suiteName: "com.example.exporter", keys: [Self.quality, Self.quality])

        #expect(schema.keys.count == 1)
    }

    @Test func twoKeysWithOneNameStopTheSchemaNamingBoth() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let first = PreferenceKey<Int>("size", default: 1, title: "Size")
            let second = PreferenceKey<String>("size", default: "large", title: "Print size")
            _ = PreferenceSchema(title: "Photo exporter", suiteName: "com.example.exporter", keys: [first, second])
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains(#"PreferenceSchema "Photo exporter": two keys are named "size" ("Size" and "Print size")"#), "\(text)")
        }
    }

    @Test func preferencesTakeTheSuiteFromTheSchema() {
        let folder = TemporaryDirectory()

        let prefs = Preferences(Self.schema, directory: folder.path, siteFolders: [])

        #expect(prefs.store.location == folder.file("com.example.exporter.plist"))
    }

    @Test func aSchemaOfNoKeysReportsNothing() {
        let reports = Locked([String]())
        let prefs = Preferences(store: InMemoryStore(), schema: PreferenceSchema(title: "t", suiteName: "s", keys: []),
                                onWriteError: { error in reports.withLock { $0.append("\(error)") } })

        _ = prefs[Self.format]

        #expect(reports.withLock { $0 }.isEmpty)
    }
}
