import Foundation
import PrefsFormats
import Testing
@testable import PrefsModel

/// `PreferenceSchema.suiteName(declaredIn:)` finds the top-level `"suite"` by stepping over
/// everything else unread; it must step over any JSON the schema reader accepts.
@Suite("The suite a schema file names, found without reading it")
struct SchemaSuiteNameSkimTests {
    private func skim(_ text: String) -> String? { PreferenceSchema.suiteName(declaredIn: Data(text.utf8)) }

    @Test func theSuiteIsFoundAfterSettingsFullOfBracketsQuotesAndEscapes() {
        let text = #"""
            {"sections": [{"name": "A ] } [ {", "settings": [{"key": "k\"}]", "type": "string", "default": "\\",
              "rule": {"pattern": "[a-z]{2}\\u005D", "maxLength": 3}, "help": "a, b: c"}, {"key": "n", "type": "int",
              "default": -1.5e3}, {"key": "l", "type": "[bool]", "default": [true, false, null]}]}],
             "title": "T", "version": 2, "suite": "com.acme.app", "retired": ["x"]}
            """#

        #expect(skim(text) == "com.acme.app")
    }

    @Test func scalarsRightBeforeABracketAreSteppedOver() {
        #expect(skim(#"{"version":3,"sections":[1,-2.5e3,true,null],"suite":"com.acme.tight","retired":[]}"#) == "com.acme.tight")
    }

    // Sorted keys put "suite" after "sections": it is looked for from the end first, and only
    // a file whose last members hold no answer is stepped over from the start.
    @Test(arguments: [
        (#"{"sections": [{"name": "suite", "settings": []}], "suite": "com.acme.end"}"#, "com.acme.end"),
        (#"{"sections": [], "suite": "com.acme.end", "title": "a \"quoted\" ] } [ \\", "version": 2}"#, "com.acme.end"),
        (#"{"sections": [], "sui\u0074e": "com.acme.escaped\u0041", "version": 1}"#, "com.acme.escapedA"),
        (#"{"sections": [], "suite": "com.acme.last", "title": "\\\"suite\": \"wrong\""}"#, "com.acme.last"),
        (#"{"suite": "com.acme.first", "sections": [], "title": "T", "version": 2}"#, "com.acme.first"),
        (#"{"sections": [], "suite": null}"#, nil),
        (#"{"sections": [], "title": "suite", "version": 1}"#, nil),
        ("{\"sections\": [], \"suite\": \"bad \u{1}\"}", nil),
    ] as [(String, String?)])
    func theLastMembersAreReadBackwards(_ text: String, suite: String?) throws {
        #expect(skim(text) == suite)
        if let suite { #expect(try PreferenceSchema(jsonData: Data(text.utf8)).suiteName == suite) }
        // Only a suite before the last container is left to the forward walk.
        let fromTheEnd = Array(text.utf8).withUnsafeBufferPointer { JSONScanner.trailingString(named: "suite", in: $0) }
        #expect(fromTheEnd == (text.hasPrefix(#"{"suite""#) ? nil : suite))
    }

    @Test func aSuiteMetFirstIsTakenWithoutReadingTheRest() {
        #expect(skim(#"{"suite": "com.acme.first", "sections": [], "retired": ["a"]}"#) == "com.acme.first")
        // What follows is the full reader's to judge: it refuses these, and the suite opened
        // for them is dropped.
        for text in [#"{"title": "T", "suite": "com.acme.early", "sections": [{"name": "A"#, #"{"suite": "com.acme.early""#,
                     #"{"suite": "com.acme.early", "sections": [], "suite": "com.acme.y", "retired": []}"#,
                     #"{"sections": [], "suite": "com.acme.early", "suite": "b"}"#] {
            #expect(skim(text) == "com.acme.early", "\(text)")
            #expect(throws: (any Error).self) { try PreferenceSchema(jsonData: Data(text.utf8)) }
        }
    }

    @Test(arguments: [
        #"{"sections": []}"#, #"["suite", "com.acme.x"]"#, #"{"sections": [{"suite": "inner"}]}"#, #"{"suite": 5}"#,
        #"{"sections": [{"name": "A"#, "",
        #"{"title": "ends in a backslash\"#, #"{"title": "\""#, #"{"version": 3}"#, #"{"sections": [1, true, null]}"#,
    ])
    func noSuiteIsFoundWhereTheTopLevelNamesNoneOrTheTextIsCut(_ text: String) {
        #expect(skim(text) == nil)
    }

    @Test func theDemoSchemaFileNamesItsSuite() throws {
        let data = try PreferenceSchema.demoSampleForSkim()
        #expect(PreferenceSchema.suiteName(declaredIn: data) == (try PreferenceSchema(jsonData: data)).suiteName)
    }
}

private extension PreferenceSchema {
    /// A schema file as `prefs-tui schema` writes one, with every kind of setting and rule.
    static func demoSampleForSkim() throws -> Data {
        let keys: [AnyPreferenceKey] = [
            PreferenceKey<Int>("interval", default: 15, rule: .range(5...120), title: "Interval", section: "A"),
            PreferenceKey<String>("city", default: "Oslo", rule: .text(nonEmpty: true, maxLength: 40), title: "City \"x\" ]", section: "B"),
            PreferenceKey<[String]>("cities", default: ["a", "}"], title: "Cities", section: "B"),
        ]
        return Data(PreferenceSchema(title: "Sample", suiteName: "com.acme.sample", keys: keys).jsonValue.prettyText.utf8)
    }
}
