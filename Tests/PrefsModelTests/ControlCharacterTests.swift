import Foundation
import PrefsFormats
import PrefsTestSupport
import Testing
@testable import PrefsModel

private let oneLine = "text on one line, without control characters other than tab (\\t), and without U+FEFF"

@Suite("Text values hold no control characters but tab; people see them escaped")
struct ControlCharacterTests {
    @Test(arguments: StoreKind.allCases)
    func aLineBreakOrEscapeSequenceIsRefusedAndNothingIsStored(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        let hostile = "Oslo\nBergen\u{1B}[31mRED"

        #expect(throws: PreferenceError.invalidValue(key: "city", value: hostile, allowed: oneLine)) {
            try fixture.prefs.set(hostile, for: .city)
        }
        #expect(throws: PreferenceError.invalidValue(key: "city", value: hostile, allowed: oneLine)) {
            try fixture.prefs.set(text: [hostile], for: PreferenceKeys.city)
        }
        #expect(fixture.prefs.isDefault(PreferenceKeys.city))
        #expect(fixture.reopened().isDefault(PreferenceKeys.city))
    }

    /// Foundation's plist reader drops a leading U+FEFF, so such text would not read back.
    @Test(arguments: StoreKind.allCases)
    func aByteOrderMarkIsRefusedInTextAndInListItems(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)

        #expect(throws: PreferenceError.invalidValue(key: "city", value: "\u{FEFF}Oslo", allowed: oneLine)) {
            try fixture.prefs.set("\u{FEFF}Oslo", for: .city)
        }
        #expect(throws: PreferenceError.self) {
            try fixture.prefs.set(text: ["Oslo", "\u{FEFF}"], for: PreferenceKeys.favoriteCities)
        }
        #expect(fixture.reopened().isDefault(PreferenceKeys.city))
        #expect(fixture.reopened().isDefault(PreferenceKeys.favoriteCities))
        #expect("a\u{FEFF}b".controlCharactersEscaped == #"a\u{FEFF}b"#)
    }

    /// The printable-ASCII test, eight bytes a step, against the byte-by-byte definition: every
    /// byte value at every place of texts of 1 to 24 bytes, among printable neighbours.
    @Test func printableASCIIIsJudgedByEveryByteAtEveryPlace() {
        var wrong: [String] = []
        for length in 1...24 {
            for place in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = UInt8(value)
                    let expected = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                    let judged = bytes.withUnsafeBufferPointer(String.arePrintableASCII)
                    if judged != expected { wrong.append("\(value) at \(place) of \(length)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(![UInt8](repeating: 0x7F, count: 16).withUnsafeBufferPointer(String.arePrintableASCII))
        #expect([UInt8](repeating: 0x7E, count: 16).withUnsafeBufferPointer(String.arePrintableASCII))
    }

    /// A stored value is judged the same by the key's typed read and by the judgement every
    /// view shows: a URL's value percent-encodes a control character its stored text held, so
    /// neither refuses it; text and lists of text keep theirs, so both do.
    @Test func aStoredValueIsJudgedAsTheTypedReadJudgesIt() throws {
        let url = PreferenceKey<URL>("home", default: try #require(URL(string: "https://example.com")))
        let urls = PreferenceKey<[URL]>("mirrors", default: [])
        let text = PreferenceKey<String>("city", default: "Oslo")
        let texts = PreferenceKey<[String]>("cities", default: [])
        let cases: [(AnyPreferenceKey, PlistValue, Bool)] = [
            (url, .string("https://example.com/a\u{7F}b"), url.value(from: .string("https://example.com/a\u{7F}b")) != nil),
            (urls, .array([.string("https://example.com/a\u{7F}b")]), urls.value(from: .array([.string("https://example.com/a\u{7F}b")])) != nil),
            (text, .string("a\u{7F}b"), false),
            (texts, .array([.string("a"), .string("b\nc")]), false),
            (texts, .array([.string("a"), .string("b\tc")]), true),
        ]

        for (key, stored, allowed) in cases {
            #expect((key.problem(with: stored) == nil) == allowed, "\(key.name) \(stored)")
        }
        #expect(text.value(from: .string("a\u{7F}b")) == nil)
        #expect(url.value(from: .string("https://example.com/a\u{7F}b")) != nil)
    }

    @Test func theMessageShowsTheValueEscaped() {
        let error = PreferenceError.invalidValue(key: "city", value: "Oslo\nBergen\u{1B}[31mRED", allowed: oneLine)
        #expect(error.description == #"city: "Oslo\nBergen\u{1B}[31mRED" is not allowed; allowed: "# + oneLine)
    }

    @Test func everyMessageEscapesWhatCameFromInput() {
        let errors: [PreferenceError] = [
            .invalidValue(key: "ci\nty", value: "x", allowed: "one of a\u{1B}, b"),
            .unknownKey("ci\u{1B}[2Jty", suggestions: ["city"]),
            .writeFailed(path: "/tmp/a\nb", reason: "no\rway"),
            .invalidSchema(location: "sections[0] (\"a\nb\")", reason: "bad\u{7}"),
        ]
        for error in errors {
            let hasControlCharacter = error.description.unicodeScalars.contains { $0.isControlCharacter }
            #expect(!hasControlCharacter, "\(error.description.debugDescription)")
        }
    }

    @Test func tabIsAllowedAndEveryOtherControlCharacterIsNot() throws {
        let key = PreferenceKeys.testString  // declared without a rule
        #expect(try key.storedValue(parsing: ["a\tb"]) == .string("a\tb"))
        for scalar in (0x00...0x1F).map({ Unicode.Scalar(UInt8($0)) }) + ["\u{7F}", "\u{85}", "\u{9B}"] where scalar != "\t" {
            #expect(throws: PreferenceError.self, "U+\(String(scalar.value, radix: 16))") {
                try key.storedValue(parsing: ["a\(Character(scalar))b"])
            }
        }
    }

    @Test func listItemsAndDictionaryKeysAreTextToo() {
        #expect(throws: PreferenceError.self) { try PreferenceKeys.testStrings.storedValue(parsing: ["Oslo", "Ber\ngen"]) }
        #expect(throws: PreferenceError.self) { try PreferenceKeys.testDictionary.storedValue(json: .object(["a\u{1B}": .int(1)])) }
    }

    @Test func rulesCheckedDirectlyExplainTheRefusalToo() {
        #expect(throws: PreferenceError.invalidValue(key: "city", value: "a\nb", allowed: oneLine)) {
            try PreferenceKeys.city.valueRule.check("a\nb", key: "city")
        }
        #expect(throws: PreferenceError.invalidValue(key: "cities", value: #"["a\u001b"]"#, allowed: "a list where each item is " + oneLine)) {
            try PreferenceRule<[String]>.each(.text()).check(["a\u{1B}"], key: "cities")
        }
    }

    @Test func aMultilineTextRuleAllowsLineFeedsOnly() throws {
        let notes = PreferenceKey<String>("notes", default: "", rule: .text(multiline: true))
        #expect(try notes.storedValue(parsing: ["first\nsecond\tend"]) == .string("first\nsecond\tend"))
        #expect(throws: PreferenceError.invalidValue(
            key: "notes", value: "red\u{1B}[31m", allowed: "text without control characters other than tab and line feed (\\t, \\n), and without U+FEFF")) {
            try notes.storedValue(parsing: ["red\u{1B}[31m"])
        }
        #expect(throws: PreferenceError.self) { try notes.storedValue(parsing: ["dos\r\n"]) }
    }

    @Test func schemaFilesCarryTheMultilineFlag() throws {
        let rule = RuleDescription.text(nonEmpty: false, maxLength: nil, pattern: nil, multiline: true)
        #expect(rule.jsonValue == .object(["multiline": .bool(true)]))
        #expect(try RuleDescription(json: .object(["multiline": .bool(true)])) == rule)
    }

    @Test func aStoredValueWithControlCharactersReadsAsTheDefaultWithAnEscapedDiagnostic() throws {
        let fixture = StoreFixture(.memory, initial: ["city": .string("Oslo\u{1B}[2J")])
        #expect(fixture.prefs[.city] == "Oslo")
        let diagnostic = try #require(fixture.prefs.diagnostic(for: PreferenceKeys.city))
        #expect(diagnostic.description.contains(#"\u{1B}[2J"#))
        let hasControlCharacter = diagnostic.description.unicodeScalars.contains { $0.isControlCharacter }
        #expect(!hasControlCharacter)
    }

    @Test func escapingNamesEveryControlCharacterVisibly() {
        #expect("Oslo\nBergen\u{1B}[31mRED".controlCharactersEscaped == #"Oslo\nBergen\u{1B}[31mRED"#)
        #expect("a\tb\rc\u{0}d\u{7F}e\u{9B}".controlCharactersEscaped == #"a\tb\rc\u{0}d\u{7F}e\u{9B}"#)
        #expect("Tromsø 🌧 \\n".controlCharactersEscaped == "Tromsø 🌧 \\n")
    }
}
