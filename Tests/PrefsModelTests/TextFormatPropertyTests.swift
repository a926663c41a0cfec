import PrefsDemo
import Foundation
import PrefsTestSupport
import PropertyBased
import Testing
@testable import PrefsModel

/// For every value type: `format` then `parse` gives the value back, JSON gives it back, and a
/// value stored in a suite file and loaded by a fresh store comes back equal.
@Suite("Parse after format and load after store, for generated values")
struct TextFormatPropertyTests {
    private func assertAllRoundTrips<Value: PreferenceValue>(_ value: Value, in directory: TemporaryDirectory,
                                                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try Value(parsing: value.formatted) == value, "text: \(value.formatted)", sourceLocation: sourceLocation)
        #expect(try Value(jsonValue: value.jsonValue) == value, "json: \(value.jsonValue.text)", sourceLocation: sourceLocation)

        let key = PreferenceKey<Value>("generated", default: value)
        let writer = SuiteStore(suiteName: "generated", directory: directory.path, watchForChanges: false)
        try writer.commit(["generated": value.storedValue])
        let reader = SuiteStore(suiteName: "generated", directory: directory.path, watchForChanges: false)
        #expect(reader.loadProblem == nil, sourceLocation: sourceLocation)
        let loaded = reader.storedValue(forKey: "generated").flatMap(key.value(from:))
        #expect(loaded == value, "stored: \(value.formatted)", sourceLocation: sourceLocation)
    }

    /// Text a key may hold and a suite file can carry: from U+0020 (XML cannot carry C0 control
    /// characters; tab and newline are covered by PlistWriterTests), without control characters.
    private static let text = Gen.character(in: "\u{20}"..."\u{D7FF}").string(of: 0...24).map { text in
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isControlCharacter }))
    }
    private static let word = Gen.letterOrNumber.string(of: 1...10)

    @Test func integers() async {
        let directory = TemporaryDirectory()
        await propertyCheck(count: 60, input: Gen.int()) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func doubles() async {
        let directory = TemporaryDirectory()
        await propertyCheck(count: 60, input: Gen.double(in: -1e15...1e15)) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func booleans() async {
        let directory = TemporaryDirectory()
        await propertyCheck(count: 10, input: Gen.bool) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func strings() async {
        let directory = TemporaryDirectory()
        await propertyCheck(count: 60, input: Self.text) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func datesToTheSecond() async {
        let directory = TemporaryDirectory()
        let wholeSeconds = Gen.dateTime.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        await propertyCheck(count: 60, input: wholeSeconds) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func data() async {
        let directory = TemporaryDirectory()
        let bytes = Gen<UInt8>.value(in: 0...255).array(of: 0...40).map { Data($0) }
        await propertyCheck(count: 60, input: bytes) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func urls() async {
        let directory = TemporaryDirectory()
        let urls = zip(Self.word, Self.word, Self.word).map { host, path, query in
            URL(string: "https://\(host.lowercased()).example/\(path)?q=\(query)#\(path)")!
        }
        await propertyCheck(count: 60, input: urls) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func lists() async {
        let directory = TemporaryDirectory()
        await propertyCheck(count: 40, input: Self.text.array(of: 0...5)) { try assertAllRoundTrips($0, in: directory) }
        await propertyCheck(count: 40, input: Gen.int().array(of: 0...5)) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func dictionaries() async {
        let directory = TemporaryDirectory()
        let dictionaries = zip(Self.word, Gen.double(in: -1000...1000)).array(of: 0...5).map { pairs in
            Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        }
        await propertyCheck(count: 40, input: dictionaries) { try assertAllRoundTrips($0, in: directory) }
    }

    @Test func enumsOptionalsAndCodables() async {
        let directory = TemporaryDirectory()
        await propertyCheck(count: 10, input: Gen<WeatherSettings.TemperatureNotation>.case) { try assertAllRoundTrips($0, in: directory) }
        await propertyCheck(count: 10, input: Gen<Priority>.case) { try assertAllRoundTrips($0, in: directory) }
        await propertyCheck(count: 40, input: Gen.int().optional) { (value: Int?) throws in
            #expect(try Int?(parsing: value.formatted) == value)
            #expect(try Int?(jsonValue: value.jsonValue) == value)
        }
        let alerts = zip(Self.text, Gen.double(in: -50...50)).map { FrostAlert(city: $0, below: $1) }
        await propertyCheck(count: 40, input: alerts) { try assertAllRoundTrips($0, in: directory) }
    }
}

@Suite("Text forms")
struct TextFormatTests {
    @Test func booleansAcceptCommonSpellings() throws {
        for text in ["true", "YES", "on", "1"] { #expect(try Bool(parsing: text) == true) }
        for text in ["false", "no", "Off", "0"] { #expect(try Bool(parsing: text) == false) }
        #expect(throws: PreferenceError.invalidValue(key: nil, value: "maybe", allowed: "true/false, yes/no, on/off")) {
            try Bool(parsing: "maybe")
        }
    }

    @Test func enumsParseFromRawValueOrTitle() throws {
        typealias Notation = WeatherSettings.TemperatureNotation
        #expect(try Notation(parsing: "fahrenheit") == .fahrenheit)
        #expect(try Notation(parsing: "Fahrenheit") == .fahrenheit)
        #expect(try WeatherSettings.TimeNotation(parsing: "12-hour") == .twelveHour)
        #expect(Notation.fahrenheit.formatted == "fahrenheit")
        #expect(throws: PreferenceError.invalidValue(key: nil, value: "rankine", allowed: "one of celsius, fahrenheit, kelvin")) {
            try Notation(parsing: "rankine")
        }
    }

    @Test func datesAreISO8601InUTC() throws {
        let date = try Date(parsing: "2026-11-21T10:30:00+01:00")
        #expect(date.formatted == "2026-11-21T09:30:00Z")
        #expect(Date(timeIntervalSince1970: date.timeIntervalSince1970 + 0.75).formatted == "2026-11-21T09:30:00Z")
        #expect(throws: PreferenceError.self) { try Date(parsing: "yesterday") }
    }

    @Test func urlsKeepEveryPart() throws {
        let url = try URL(parsing: "https://example.com/a?b=1#c")
        #expect(url.formatted == "https://example.com/a?b=1#c")
        #expect(try URL(parsing: "/etc/weather").formatted == "file:///etc/weather")
        #expect(throws: PreferenceError.self) { try URL(parsing: "not a url") }
    }

    @Test func listsAreJSONOrSeveralArguments() throws {
        #expect([String]().formatted == "[]")
        #expect(["Oslo", "Bergen"].formatted == #"["Oslo","Bergen"]"#)
        #expect([5, 10].formatted == "[5,10]")
        #expect(try [String].parse(arguments: ["Oslo", "Bergen"]) == ["Oslo", "Bergen"])
        #expect(try [String].parse(arguments: [#"["Oslo","Bergen"]"#]) == ["Oslo", "Bergen"])
        #expect(try [Int].parse(arguments: ["5", "10"]) == [5, 10])
        #expect(throws: PreferenceError.self) { try [Int].parse(arguments: ["5", "ten"]) }
    }

    @Test func numbersRejectTextAndNonFiniteValues() {
        #expect(throws: PreferenceError.invalidValue(key: nil, value: "1.5", allowed: "a whole number")) { try Int(parsing: "1.5") }
        #expect(throws: PreferenceError.self) { try Double(parsing: "inf") }
        #expect(throws: PreferenceError.self) { try Double(parsing: "nan") }
    }

    @Test func keyLevelParsingNamesTheKeyAndChecksTheRule() throws {
        #expect(throws: PreferenceError.invalidValue(key: "refreshInterval", value: "7", allowed: "5…240 in steps of 5")) {
            try PreferenceKeys.refreshInterval.storedValue(parsing: ["7"])
        }
        #expect(throws: PreferenceError.invalidValue(key: "refreshInterval", value: "soon", allowed: "a whole number")) {
            try PreferenceKeys.refreshInterval.storedValue(parsing: ["soon"])
        }
        #expect(try PreferenceKeys.lastRefresh.storedValue(parsing: [""]) == nil)
    }
}

/// For every value type: any text either is refused with an error naming the key, the text and
/// what is allowed, or gives a value whose formatted text parses back to the same stored value.
@Suite("Random text parses to a value that formats back, or is refused clearly")
struct RandomTextPropertyTests {
    private static let affixes = ["", " ", "x", "0", "\n", "\u{1B}[31m", "Z", ".5", "; rm -rf /", "]", "\"", "é", "\t"]
    private static let anyText = Gen.character(in: "\u{0}"..."\u{2FF}").string(of: 0...12)

    /// Random text around valid forms: a valid form alone, with something before or after, or
    /// arbitrary characters.
    private func check(_ key: AnyPreferenceKey, near seeds: [String]) async {
        let affixes = Self.affixes
        let texts = zip(Gen.int(in: 0...(seeds.count - 1)), Gen.int(in: 0...(affixes.count - 1)),
                        Gen.int(in: 0...(affixes.count - 1)), Self.anyText, Gen.int(in: 0...3)).map { seed, before, after, noise, shape in
            switch shape {
            case 0: return noise
            case 1: return seeds[seed]
            case 2: return seeds[seed] + affixes[after]
            default: return affixes[before] + seeds[seed] + affixes[after]
            }
        }
        await propertyCheck(count: 150, input: texts) { text in
            let stored: PlistValue?
            do {
                stored = try key.storedValue(parsing: [text])
            } catch let error as PreferenceError {
                guard case .invalidValue(let name, _, let allowed) = error else {
                    Issue.record("unexpected error \(error) for \(text.debugDescription)")
                    return
                }
                #expect(name == key.name)
                #expect(!allowed.isEmpty)
                let hasControlCharacter = error.description.unicodeScalars.contains { $0.isControlCharacter }
                #expect(!hasControlCharacter, "the message shows control characters raw: \(error.description.debugDescription)")
                return
            }
            let formatted = key.text(of: stored)
            #expect(try key.storedValue(parsing: [formatted]) == stored, "\(text.debugDescription) → \(formatted.debugDescription)")
        }
    }

    @Test func booleans() async { await check(PreferenceKeys.testBool, near: ["true", "no", "On", "1"]) }
    @Test func integers() async { await check(PreferenceKeys.testInt, near: ["0", "-42", "9223372036854775807", "+7"]) }
    @Test func reals() async { await check(PreferenceKeys.testDouble, near: ["0.15", "-3", "1e300", "inf", "0x1p-3"]) }
    @Test func steppedReals() async {
        await check(PreferenceKey<Double>("level", default: 0, rule: .range(0...1, step: 0.05)), near: ["0.15", "0.15000000000000002", "1", "0.151"])
    }
    @Test func strings() async { await check(PreferenceKeys.testString, near: ["Oslo", "", "Tromsø 🌧"]) }
    @Test func limitedTexts() async { await check(PreferenceKeys.city, near: ["Oslo", "", String(repeating: "x", count: 64)]) }
    @Test func dates() async {
        await check(PreferenceKeys.testDate, near: ["2026-11-21T09:30:00Z", "2026-11-21T09:30:00+01:00", "2026-11-21T09:30Z", "2026-11-21 09:30", "2026-02-29"])
    }
    @Test func data() async { await check(PreferenceKeys.testData, near: ["AAE=", "", "////"]) }
    @Test func urls() async { await check(PreferenceKeys.testURL, near: ["https://example.com/a?b=1", "/var/lib/x", "file:///tmp/", "www.example.com"]) }
    @Test func lists() async { await check(PreferenceKeys.testStrings, near: [#"["Oslo","Bergen"]"#, "[]", "Oslo"]) }
    @Test func dictionaries() async { await check(PreferenceKeys.testDictionary, near: [#"{"a":1.5}"#, "{}"]) }
    @Test func enums() async { await check(PreferenceKeys.testPriority, near: ["1", "High", "normal"]) }
    @Test func codables() async { await check(PreferenceKeys.testAlert, near: [#"{"city":"Oslo","below":0}"#]) }
    @Test func optionals() async { await check(PreferenceKeys.testOptionalInt, near: ["", "5"]) }
}
