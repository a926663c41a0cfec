import Foundation
import PrefsDemo
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A schema file is read by two readers: member by member (`PreferenceSchema.streamed`, for
/// good files, keeping no tree) and as a tree (which also reports every fault with its place).
/// The first must never accept what the second refuses, nor read a file differently.
@Suite("The streaming schema reader reads as the tree reader does")
struct SchemaReadersTests {
    static let documents = [SchemaSamples.everyKind, WeatherSettings.schema.jsonValue.prettyText]

    private func streamed(_ bytes: [UInt8]) -> PreferenceSchema? {
        bytes.withUnsafeBufferPointer { PreferenceSchema.streamed(from: $0) }
    }

    private func tree(_ bytes: [UInt8]) -> PreferenceSchema? {
        try? PreferenceSchema(json: JSONValue(parsing: Data(bytes)))
    }

    /// What a schema says, to compare two readings of it.
    private func reading(_ schema: PreferenceSchema) -> JSONValue { schema.jsonValue }

    @Test("a good file is read member by member, to the schema the tree reader reads", arguments: documents)
    func goodFilesAreStreamed(document: String) throws {
        let bytes = Array(document.utf8)

        let fast = try #require(streamed(bytes))
        let slow = try #require(tree(bytes))

        #expect(reading(fast) == reading(slow))
        #expect(fast.keys.map(\.name) == slow.keys.map(\.name))
    }

    @Test("damaged copies: the streaming reader takes exactly those the tree reader takes, and reads them alike",
          arguments: documents.indices)
    func damagedFilesAgree(index: Int) {
        var mutations = JSONMutations(of: Self.documents[index], seed: UInt64(index) + 1)
        var takenByBoth = 0
        var refusedByBoth = 0
        for _ in 0..<400 {
            let bytes = mutations.next()

            let fast = streamed(bytes)
            let slow = tree(bytes)

            switch (fast, slow) {
            case let (fast?, slow?):
                #expect(reading(fast) == reading(slow), "\(String(decoding: bytes, as: UTF8.self))")
                takenByBoth += 1
            case (nil, nil):
                refusedByBoth += 1
            default:
                Issue.record("streamed \(fast == nil ? "refused" : "took"), tree \(slow == nil ? "refused" : "took"): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // Both outcomes were tried, so the agreement says something either way.
        #expect(takenByBoth > 20)
        #expect(refusedByBoth > 100)
    }

    @Test("a section whose settings come before its name is left to the tree reader, which reads it")
    func settingsBeforeNameFallsBack() throws {
        let text = #"{"suite": "com.example.order", "sections": [{"settings": [{"key": "a", "type": "int", "default": 1}], "name": "First"}]}"#

        let schema = try PreferenceSchema(jsonText: text)

        #expect(streamed(Array(text.utf8)) == nil)
        #expect(schema.sections.map(\.name) == ["First"])
        #expect(schema.keys.map(\.name) == ["a"])
    }

    /// The streamed reader matches a setting's and a rule's field names in the text's bytes
    /// (issue 43): a name written with an escape, a field given twice, or a rule field it does
    /// not list is left to the tree reader, which reads the first and names what is wrong with
    /// the others.
    @Test("a field name it cannot match in bytes is left to the tree reader", arguments: [
        (#"{"k\u0065y": "a", "type": "int", "default": 1, "rule": {"m\u0061x": 5}}"#, nil),
        (#"{"key": "a", "type": "int", "default": 1, "key": "b"}"#, #"duplicate key "key""#),
        (#"{"key": "a", "type": "int", "default": 1, "rule": {"max": 5, "maxx": 6}}"#, #"unknown field "maxx" in "rule"; did you mean max?"#),
        (#"{"key": "a", "type": "int", "default": 1, "rule": {"max": 5, "max": 6}}"#, #"duplicate key "max""#),
    ] as [(String, String?)])
    func unmatchedNamesFallBack(setting: String, refusal: String?) throws {
        let text = #"{"suite": "s", "sections": [{"name": "A", "settings": ["# + setting + "]}]}"

        let schema = Result { try PreferenceSchema(jsonData: Data(text.utf8)) }

        #expect(streamed(Array(text.utf8)) == nil)
        switch (schema, refusal) {
        case (.success(let schema), nil):
            #expect(schema.keys.map(\.name) == ["a"])
            #expect(schema.keys.first?.rule == .range(min: nil, max: 5, step: nil))
        case (.failure(let error), let refusal?):
            #expect("\(error)".contains(refusal), "\(error)")
        default:
            Issue.record("read as \(schema), expected \(refusal ?? "a schema")")
        }
    }

    @Test("a fault is still reported with its place, by the tree reader")
    func faultsKeepTheirPlace() {
        let text = #"{"suite": "s", "sections": [{"name": "A", "settings": [{"key": "a", "type": "int", "default": 1, "titel": "x"}]}]}"#

        #expect(throws: PreferenceError.invalidSchema(location: #"sections[0].settings[0] ("a")"#,
                                                      reason: #"unknown field "titel"; did you mean title?"#)) {
            try PreferenceSchema(jsonData: Data(text.utf8))
        }
    }

    @Test("a string that is not UTF-8 is refused by both readers, with its line and column")
    func invalidUTF8InAString() {
        var bytes = Array(#"{"suite": "s", "sections": [{"name": "A", "settings": [{"key": "a", "type": "string", "default": "x"}]}]}"#.utf8)
        bytes.insert(0xFF, at: bytes.lastIndex(of: UInt8(ascii: "x"))!)

        #expect(streamed(bytes) == nil)
        #expect(throws: PreferenceError.invalidSchema(location: "line 1, column 99", reason: "not valid JSON: the text is not valid UTF-8 (bytes 0xFF)")) {
            try PreferenceSchema(jsonData: Data(bytes))
        }
    }
}
