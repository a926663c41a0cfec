import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A schema file's key with titled choices, as `prefs-tui --schema` reads it.
private func compressionKey() throws -> AnyPreferenceKey {
    let schema = try PreferenceSchema(jsonText: """
        {"suite": "s", "sections": [{"name": "S", "settings": [
          {"key": "compression", "type": "string", "default": "none",
           "rule": {"choices": [{"value": "none", "title": "None"}, {"value": "zstd", "title": "Zstandard"}]}}]}]}
        """)
    return try #require(schema.key(named: "compression"))
}

@Suite("Choices are named by value or title, in any case, wherever they are declared")
struct ChoiceTitleTests {
    @Test func schemaChoicesAcceptTheirTitles() throws {
        let key = try compressionKey()
        #expect(try key.storedValue(parsing: ["Zstandard"]) == .string("zstd"))
        #expect(try key.storedValue(parsing: ["zstandard"]) == .string("zstd"))
        #expect(try key.storedValue(parsing: ["ZSTD"]) == .string("zstd"))
        #expect(try key.storedValue(json: .string("ZStandard")) == .string("zstd"))
    }

    @Test func schemaChoicesOfNumbersAcceptTheirTitles() throws {
        let schema = try PreferenceSchema(jsonText: """
            {"suite": "s", "sections": [{"name": "S", "settings": [
              {"key": "level", "type": "int", "default": 1,
               "rule": {"choices": [{"value": 1, "title": "Fast"}, {"value": 9, "title": "Best"}]}}]}]}
            """)
        let key = try #require(schema.key(named: "level"))
        #expect(try key.storedValue(parsing: ["best"]) == .int(9))
        #expect(try key.storedValue(parsing: ["9"]) == .int(9))
    }

    @Test func unknownNamesAreStillRefusedListingTheValues() throws {
        let key = try compressionKey()
        #expect(throws: PreferenceError.invalidValue(key: "compression", value: "gzip", allowed: "one of none, zstd")) {
            try key.storedValue(parsing: ["gzip"])
        }
    }

    @Test func codeDeclaredChoicesAcceptTitlesToo() throws {
        let size = PreferenceKey<String>("size", default: "s", rule: .choices([("s", "Small"), ("l", "Large")]))
        #expect(try size.storedValue(parsing: ["large"]) == .string("l"))
        #expect(try PreferenceKeys.testPriority.storedValue(parsing: ["High"]) == .int(3))
    }
}
