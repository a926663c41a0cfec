import Foundation
@testable import PrefsModel
import Testing

/// An inferred schema types every key by its value; keys of one type share one default, rule
/// and codec, so a suite of 200,000 numbers does not cost 200,000 sets of closures (the `list`
/// of such a suite peaked at 37× the file's size, Benchmarks/run.sh).
@Suite("Inferred keys of one type share their codec")
struct InferredKeySharingTests {
    private let stored: [String: PlistValue] = ["a": .int(1), "b": .int(2), "flag": .bool(true), "names": .array([.string("x")])]

    @Test func keysOfOneTypeShareOneCodecAndEachTypeHasItsOwn() {
        let schema = PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup")
        let a = schema.key(named: "a")!, b = schema.key(named: "b")!, flag = schema.key(named: "flag")!

        #expect(a.codec === b.codec)
        #expect(a.codec !== flag.codec)
        #expect(schema.addingOtherKeys(from: [:]).keys.count == 4)
    }

    @Test func aSharedCodecStillReadsEachKeysOwnValueUnderItsOwnName() throws {
        let schema = PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup")
        let prefs = Preferences(store: InMemoryStore(stored), schema: schema)
        let a = schema.key(named: "a")!, b = schema.key(named: "b")!

        #expect((a.name, a.title, b.name, b.title) == ("a", "a", "b", "b"))
        #expect(prefs.text(of: a) == "1" && prefs.text(of: b) == "2")
        #expect(a is PreferenceKey<Int> && b is PreferenceKey<Int>)
        try prefs.set(text: ["5"], for: b)
        #expect(prefs.store.storedValues()["b"] == .int(5) && prefs.store.storedValues()["a"] == .int(1))
        #expect(throws: PreferenceError.self) { try prefs.set(text: ["five"], for: b) }
    }

    @Test func otherKeysOfADeclaredSchemaShareTooAndStayMarkedAsOthers() {
        let declared = PreferenceSchema(title: "T", suiteName: "t", keys: [PreferenceKey<Int>("a", default: 0)])
        let schema = declared.addingOtherKeys(from: ["x": .int(1), "y": .int(2)])
        let x = schema.key(named: "x")!, y = schema.key(named: "y")!

        #expect(x.codec === y.codec)
        #expect(!x.isDescribedBySchema && !y.isDescribedBySchema)
        #expect(x.section == PreferenceSchema.otherKeysSection)
    }
}
