import Foundation
@testable import PrefsFormats
import PrefsModel
import Testing

@Suite("JSON text read by the scanner and written back")
struct JSONValueTests {
    @Test(arguments: [
        ("15", JSONValue.int(15)),
        ("-0", .int(0)),
        ("15.0", .double(15)),
        ("1e2", .double(100)),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("1.7976931348623157e308", .double(.greatestFiniteMagnitude)),
        ("true", .bool(true)),
        ("null", .null),
        (#"" a\"\\\/\b\f\n\r\t\u00e9\ud83c\udf27 ""#, .string(" a\"\\/\u{8}\u{c}\n\r\té🌧 ")),
        (" [1, \"two\", [], {}] ", .array([.int(1), .string("two"), .array([]), .object([:])])),
        (#"{"b": {"c": [false]}, "a": 1.5}"#, .object(["a": .double(1.5), "b": .object(["c": .array([.bool(false)])])])),
    ])
    func parsesEachKindKeepingIntegersAndBooleans(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    @Test(arguments: [
        ("", "line 1, column 1: expected a value, found the end of the text"),
        ("[1,]", #"line 1, column 4: expected a value, found "]""#),
        ("{\"a\" 1}", #"line 1, column 6: expected ":" after the member name, found "1""#),
        ("[1]\n x", #"line 2, column 2: unexpected "x" after the document"#),
        ("\"open", "line 1, column 1: this string is not closed"),
        ("[\"a\tb\"]", "line 1, column 4: a control character must be escaped inside a string"),
        ("01", "line 1, column 2: a number must not start with 0"),
        ("1e999", "line 1, column 1: the number 1e999 is out of range (a real is at most 1.7976931348623157e+308 either side of 0)"),
        ("[-1e400]", "line 1, column 2: the number -1e400 is out of range (a real is at most 1.7976931348623157e+308 either side of 0)"),
        ("9223372036854775808", "line 1, column 1: the number 9223372036854775808 is out of range (a whole number is from -9223372036854775808 to 9223372036854775807)"),
        ("-9223372036854775809", "line 1, column 1: the number -9223372036854775809 is out of range (a whole number is from -9223372036854775808 to 9223372036854775807)"),
        ("{\"a\": 1,\n \"a\": 2}", #"line 2, column 2: duplicate key "a""#),
        (#"{"a": {"b\n": 1, "b\u000a": 2}}"#, #"line 1, column 18: duplicate key "b\n""#),
        (#""\ud800x""#, #"line 1, column 8: a \u escape of a high surrogate must be followed by a low surrogate"#),
        ("tru", #"line 1, column 1: expected a value, found "t""#),
        (String(repeating: "[", count: 600), "line 1, column 513: nested more than 512 levels deep"),
    ])
    func rejectsBadTextWithLineAndColumn(text: String, message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
        do { _ = try JSONValue(parsing: text) } catch { #expect("\(error)" == message) }
    }

    /// A list of strings made in one piece is the text the general writer makes, escapes and
    /// all, for lists of every length and texts of every kind.
    @Test(arguments: [[], [""], ["a"], ["Oslo", "Bergen", ""], ["say \"hi\""], ["back\\slash"], ["Tromsø"], ["line\nbreak"],
                      ["\u{1B}[31m"], ["東京", "a"], [String(repeating: "x", count: 300), "y"], ["a", "b\tc", "d"]])
    func aListOfStringsIsWrittenAsTheGeneralWriterWritesIt(strings: [String]) throws {
        let expected = JSONValue.array(strings.map(JSONValue.string)).text

        let made = JSONValue.text(ofStrings: strings)

        #expect(made == expected)
        #expect(try JSONValue(parsing: made) == .array(strings.map(JSONValue.string)))
        #expect(strings.formatted == expected)
    }

    @Test func aFaultTellsSyntaxFromAnOutOfRangeNumberAndADuplicateKey() {
        func problem(_ text: String) -> JSONSyntaxError.Problem? {
            do { _ = try JSONValue(parsing: text) } catch let error as JSONSyntaxError { return error.problem } catch {}
            return nil
        }

        #expect(problem("[1,]") == .syntax)
        #expect(problem("[1e400]") == .numberOutOfRange("1e400"))
        #expect(problem(#"{"city": 1, "city": 2}"#) == .duplicateKey("city"))
    }

    @Test func aPlistValueWithANumberOutOfRangeIsRefusedNotTakenAsText() {
        for text in ["-9223372036854775809", "1e400", #"[1, {"a": 1, "a": 2}]"#] {
            #expect(throws: PreferenceError.self, "\(text)") { try PlistValue(parsing: text) }
        }
        #expect(throws: Never.self) { try PlistValue(parsing: "[1, 2") }  // not JSON: the text itself
    }

    @Test func anIntegerOutOfRangeIsRefusedNamingTheRange() {
        #expect(throws: PreferenceError.invalidValue(key: nil, value: "9223372036854775808",
                                                     allowed: "a whole number from -9223372036854775808 to 9223372036854775807")) {
            try Int(parsing: "9223372036854775808")
        }
    }

    @Test func realsStayRealAndIntegersIntegersWhenWrittenAndReadBack() throws {
        let value = JSONValue.object(["int": .int(15), "real": .double(3), "tiny": .double(.leastNonzeroMagnitude), "big": .double(1e300),
                                      "text": .string("tab\t\u{1}\"é"), "list": .array([.double(-0.5), .null])])

        for text in [value.text, value.prettyText] {
            #expect(try JSONValue(parsing: text) == value)
        }
        #expect(JSONValue.double(3).text == "3.0")
        #expect(JSONValue.int(15).text == "15")
        #expect(JSONValue.string("a\u{1}b").text == #""a\u0001b""#)
        #expect(JSONValue.object(["b": .array([]), "a": .int(1)]).prettyText == "{\n  \"a\" : 1,\n  \"b\" : []\n}")
    }

    @Test func plistValuesKeepTheirTypeThroughTheirJSONForm() throws {
        let values: [PlistValue] = [
            .date(Date(timeIntervalSince1970: 1_767_323_045)), .data(Data([0, 255])), .double(2), .int(2),
            .dictionary(["$date": .string("not a date")]), .array([.bool(true), .dictionary([:])]),
        ]
        for value in values {
            #expect(try PlistValue(jsonValue: JSONValue(parsing: value.jsonValue.text)) == value)
        }
        #expect(PlistValue.date(Date(timeIntervalSince1970: 0)).jsonValue == .object(["$date": .string("1970-01-01T00:00:00Z")]))
    }

    @Test func aDateWithAFractionOfASecondIsWrittenInWholeSecondsTheFormImportReads() throws {
        // Binary plists (Python's plistlib, a Mac's suite) hold fractions; the suite file keeps none.
        let stored = PlistValue.date(Date(timeIntervalSince1970: 1_767_323_045.5))

        #expect(stored.jsonValue == .object(["$date": .string("2026-01-02T03:04:05Z")]))
        #expect(try PlistValue(jsonValue: stored.jsonValue) == .date(Date(timeIntervalSince1970: 1_767_323_045)))
    }

    @Test func anIntegerAboveIntMaxKeepsItsExactValueThroughJSONAndText() throws {
        let stored = PlistValue.unsignedInt(UInt64.max)

        #expect(stored.jsonValue == .object(["$integer": .string("18446744073709551615")]))
        #expect(try PlistValue(jsonValue: JSONValue(parsing: stored.jsonValue.text)) == stored)
        #expect(stored.formatted == "18446744073709551615")
        #expect(try PlistValue(parsing: stored.formatted) == stored)
        #expect(try PlistValue(jsonValue: .object(["$integer": .string("42")])) == .int(42))
        #expect(throws: PreferenceError.self) { try PlistValue(jsonValue: .object(["$integer": .string("-1x")])) }
    }

    /// Strings are read eight bytes at a time up to the first byte that needs a look (issue 43).
    /// Every such byte, at every place in and around an eight-byte word, must still be seen:
    /// the end quote, an escape, a byte beyond ASCII, and a control character (refused, with
    /// its column).
    @Test func aStringsSpecialBytesAreSeenAtEveryPlaceInAWord() throws {
        for length in 0 ... 19 {
            for place in 0 ... length {
                let before = String(repeating: "a", count: place), after = String(repeating: "b", count: length - place)

                #expect(try JSONValue(parsing: "\"\(before)\\n\(after)\"") == .string(before + "\n" + after))
                #expect(try JSONValue(parsing: "\"\(before)é\(after)\"") == .string(before + "é" + after))
                #expect(try JSONValue(parsing: "[\"\(before)\", \"\(after)\"]") == .array([.string(before), .string(after)]))
                #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: "\"\(before)\u{1}\(after)\"") }
                let fault = try? JSONValue(parsing: "\"\(before)\t\(after)\"")
                #expect(fault == nil)
            }
        }
    }

    @Test func aControlCharacterFoundInAWordIsReportedAtItsOwnColumn() {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: "\"abcdefghijkl\tz\"") }

        #expect(error.map { "\($0)" } == "line 1, column 14: a control character must be escaped inside a string")
    }

    /// Whole numbers of up to 18 digits are made from their digits; longer ones from text.
    @Test(arguments: [
        ("999999999999999999", JSONValue.int(999_999_999_999_999_999)), ("-999999999999999999", .int(-999_999_999_999_999_999)),
        ("1000000000000000000", .int(1_000_000_000_000_000_000)), ("-1", .int(-1)), ("0", .int(0)), ("7", .int(7)),
        ("[12, -34]", .array([.int(12), .int(-34)])),
    ])
    func wholeNumbersReadAsBefore(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    /// Indentation is stepped over eight spaces at a time after a line break.
    @Test func indentationOfAnyWidthIsWhiteSpace() throws {
        for width in 0 ... 20 {
            let indent = String(repeating: " ", count: width)
            #expect(try JSONValue(parsing: "{\n\(indent)\"a\":\n\(indent)[\n\(indent)1\n\(indent)]\n\(indent)}\n\(indent)")
                    == .object(["a": .array([.int(1)])]))
        }
    }
}

