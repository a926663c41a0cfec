import Foundation
import PrefsDemo
import PrefsModel

/// Keys of every value type, for round-trip tests.
enum Priority: Int, PreferenceChoice {
    case low = 1, normal = 2, high = 3
    var title: String { "\(self)".capitalized }
}

struct FrostAlert: PreferenceCodable, Equatable {
    var city: String
    var below: Double
}

/// A custom type through the public protocol: degrees stored as a real, written `21.5C`.
struct Celsius: PreferenceValue {
    var degrees: Double
    static let preferenceType = PreferenceType.custom("celsius")
    init(degrees: Double) { self.degrees = degrees }
    init?(storedValue: PlistValue) {
        guard let degrees = Double(storedValue: storedValue) else { return nil }
        self.degrees = degrees
    }
    var storedValue: PlistValue? { .double(degrees) }
    init(parsing text: String) throws {
        guard text.hasSuffix("C"), let degrees = Double(text.dropLast()) else {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: "degrees like 21.5C")
        }
        self.degrees = degrees
    }
    var formatted: String { "\(degrees)C" }
}

extension PreferenceKeys {
    static let testBool = PreferenceKey<Bool>("testBool", default: false)
    static let testInt = PreferenceKey<Int>("testInt", default: 0)
    static let testDouble = PreferenceKey<Double>("testDouble", default: 0)
    static let testString = PreferenceKey<String>("testString", default: "")
    static let testDate = PreferenceKey<Date>("testDate", default: Date(timeIntervalSince1970: 0))
    static let testData = PreferenceKey<Data>("testData", default: Data())
    static let testURL = PreferenceKey<URL>("testURL", default: URL(string: "https://example.org")!)
    static let testStrings = PreferenceKey<[String]>("testStrings", default: [])
    static let testInts = PreferenceKey<[Int]>("testInts", default: [1, 2])
    static let testDictionary = PreferenceKey<[String: Double]>("testDictionary", default: [:])
    static let testPriority = PreferenceKey<Priority>("testPriority", default: .normal)
    static let testAlert = PreferenceKey<FrostAlert>("testAlert", default: FrostAlert(city: "Oslo", below: 0))
    static let testCelsius = PreferenceKey<Celsius>("testCelsius", default: Celsius(degrees: 20))
    static let testOptionalInt = PreferenceKey<Int?>("testOptionalInt")
}

let testSchema = PreferenceSchema(
    title: "Test", suiteName: "test.suite",
    keys: WeatherSettings.keys + [
        PreferenceKeys.testBool, .testInt, .testDouble, .testString, .testDate, .testData, .testURL,
        .testStrings, .testInts, .testDictionary, .testPriority, .testAlert, .testCelsius, .testOptionalInt,
    ])
