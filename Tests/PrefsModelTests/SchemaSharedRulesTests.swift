import Foundation
import Testing
@testable import PrefsModel

/// Settings of a schema file with the same rule share one reading of it
/// (`PreferenceSchema.SharedParts`): a rule is taken from an earlier setting only when its
/// members are the same bytes and the setting has the same type.
@Suite("Settings with the same rule share it, and only then")
struct SchemaSharedRulesTests {
    /// The schema the streaming reader (where settings share rules) reads; the other reader's
    /// error when it takes none.
    private func schema(_ settings: String) throws -> PreferenceSchema {
        let text = #"{"suite": "com.acme.rules", "sections": [{"name": "A", "settings": [\#(settings)]}]}"#
        let streamed = Array(text.utf8).withUnsafeBufferPointer { PreferenceSchema.streamed(from: $0) }
        return try streamed ?? PreferenceSchema(jsonData: Data(text.utf8))
    }

    @Test func aRuleGivenAgainIsTheSameRule() throws {
        let read = try schema(#"""
            {"key": "a", "type": "int", "default": 5, "rule": {"min": 0, "max": 10}},
            {"key": "b", "type": "int", "default": 7, "rule": {"min": 0, "max": 10}},
            {"key": "c", "type": "int", "default": 7, "rule": {"min": 0, "max": 20}}
            """#)

        #expect(read.keys.map(\.rule) == [.range(min: 0, max: 10, step: nil), .range(min: 0, max: 10, step: nil),
                                          .range(min: 0, max: 20, step: nil)])
        #expect(read.key(named: "b")?.problem(with: .int(11)) != nil)
        #expect(read.key(named: "c")?.problem(with: .int(11)) == nil)
    }

    @Test func aPatternInAnotherNormalizationIsAnotherRule() throws {
        let read = try schema("""
            {"key": "precomposed", "type": "string", "default": "x", "rule": {"pattern": "x|caf\u{E9}"}},
            {"key": "decomposed", "type": "string", "default": "x", "rule": {"pattern": "x|cafe\u{301}"}}
            """)

        let patterns = read.keys.map { key -> [UInt8] in
            guard case .text(_, _, let pattern?, _) = key.rule else { return [] }
            return Array(pattern.utf8)
        }
        #expect(patterns == [Array("x|caf\u{E9}".utf8), Array("x|cafe\u{301}".utf8)])
    }

    @Test func aRuleCheckedForOneTypeIsCheckedAgainForAnother() {
        #expect(throws: PreferenceError.self) {
            try schema(#"""
                {"key": "ratio", "type": "double", "default": 1, "rule": {"min": 0.5}},
                {"key": "count", "type": "int", "default": 1, "rule": {"min": 0.5}}
                """#)
        }
    }
}
