import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Schemas whose JSON Schema export refused what `set` and `import` take (issue 38, items 7
/// and 8) are refused when read or built, naming what is wrong.
@Suite("Schemas refused for repeated choices and reserved names")
struct SchemaRefusalRoundFiveTests {
    private func document(_ setting: String) -> String {
        #"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "# + setting + "}]}]}"
    }

    @Test(arguments: [
        (#""type": "string", "default": "a", "rule": {"choices": ["a", "a", "b"]}"#,
         #""a" is a choice twice; each choice needs a value of its own"#),
        (#""type": "string", "default": "a", "rule": {"choices": [{"value": "a", "title": "A"}, {"value": "a", "title": "Also A"}]}"#,
         #""a" is a choice twice; each choice needs a value of its own"#),
        (#""type": "int", "default": 1, "rule": {"choices": ["1", "01"]}"#,
         #"the choices "1" and "01" are the same value; each choice needs a value of its own"#),
        (#""type": "double", "default": 1, "rule": {"choices": ["1", "1.0"]}"#,
         #"the choices "1" and "1.0" are the same value; each choice needs a value of its own"#),
    ])
    func repeatedChoicesAreRefusedNamingThem(setting: String, reason: String) {
        #expect(throws: PreferenceError.invalidSchema(location: #"sections[0].settings[0] ("n")"#, reason: reason)) {
            try PreferenceSchema(jsonText: document(setting))
        }
    }

    @Test func repeatedChoicesAreRefusedByTheStreamingReaderToo() {
        let text = document(#""type": "int", "default": 1, "rule": {"choices": ["1", "01"]}"#)
        #expect(throws: PreferenceError.invalidSchema(location: #"sections[0].settings[0] ("n")"#,
                                                      reason: #"the choices "1" and "01" are the same value; each choice needs a value of its own"#)) {
            try PreferenceSchema(jsonData: Data(text.utf8))
        }
    }

    @Test func distinctChoicesStillRead() throws {
        let schema = try PreferenceSchema(jsonText: document(#""type": "int", "default": 1, "rule": {"choices": ["1", "2", "10"]}"#))
        #expect(schema.keys.first?.rule.choices?.map(\.value) == ["1", "2", "10"])
    }

    @Test func aSettingNamedDollarSchemaIsRefused() {
        let text = #"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "$schema", "type": "string", "default": ""}]}]}"#
        #expect(throws: PreferenceError.invalidSchema(
            location: #"sections[0].settings[0] ("$schema")"#,
            reason: #"the name "$schema" is not allowed for a setting; a JSON export names its JSON Schema there"#)) {
            try PreferenceSchema(jsonText: text)
        }
    }

    @Test func repeatedChoicesInCodeStopTheSchemaNamingThem() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let size = PreferenceKey<String>("size", default: "s", rule: .choices([("s", "Small"), ("s", "Smaller")]))
            _ = PreferenceSchema(title: "Shop", suiteName: "com.example.shop", keys: [size])
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains(#"PreferenceSchema "Shop": key "size": "s" is a choice twice; each choice needs a value of its own"#), "\(text)")
        }
    }

    @Test func aKeyNamedDollarSchemaInCodeStopsTheSchema() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let key = PreferenceKey<String>("$schema", default: "")
            _ = PreferenceSchema(title: "Shop", suiteName: "com.example.shop", keys: [key])
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains(#"PreferenceSchema "Shop": the name "$schema" is not allowed for a setting"#), "\(text)")
        }
    }

    @Test func anotherProgramsValueNamedDollarSchemaIsStillListed() {
        let inferred = PreferenceSchema(inferredFrom: ["$schema": .string("kept")], suiteName: "com.example.other")
        #expect(inferred.keys.map(\.name) == ["$schema"])
    }
}
