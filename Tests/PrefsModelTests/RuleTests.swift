import PrefsDemo
import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

@Suite("Rules are checked on every write, with messages naming key, value and what is allowed")
struct RuleTests {
    @Test(arguments: StoreKind.allCases)
    func rangeAndStepRejectOutsideValuesAndKeepTheOldOne(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        try fixture.prefs.set(30, for: .refreshInterval)

        #expect(throws: PreferenceError.invalidValue(key: "refreshInterval", value: "500", allowed: "5…240 in steps of 5")) {
            try fixture.prefs.set(500, for: .refreshInterval)
        }
        #expect(throws: PreferenceError.invalidValue(key: "refreshInterval", value: "7", allowed: "5…240 in steps of 5")) {
            try fixture.prefs.set(7, for: .refreshInterval)
        }
        #expect(fixture.prefs[.refreshInterval] == 30)
        #expect(fixture.reopened()[.refreshInterval] == 30)
    }

    @Test(arguments: StoreKind.allCases)
    func textRulesRejectEmptyAndTooLong(kind: StoreKind) {
        let fixture = StoreFixture(kind)
        #expect(throws: PreferenceError.invalidValue(key: "city", value: "", allowed: "non-empty text of at most 64 characters")) {
            try fixture.prefs.set("", for: .city)
        }
        #expect(throws: PreferenceError.self) { try fixture.prefs.set(String(repeating: "x", count: 65), for: .city) }
        #expect(fixture.prefs.isDefault(PreferenceKeys.city))
    }

    @Test func patternMustMatchTheWholeText() {
        let rule = PreferenceRule<String>.text(pattern: "[A-Z]{3}")
        #expect(rule.allows("OSL"))
        #expect(!rule.allows("OSLO"))
        #expect(!rule.allows("osl"))
        #expect(throws: PreferenceError.invalidValue(key: "airport", value: "oslo", allowed: "text matching /[A-Z]{3}/")) {
            try rule.check("oslo", key: "airport")
        }
    }

    @Test func aLineTerminatorAtTheEndIsNoPartOfAWholeTextMatch() {
        let code = PreferenceRule<String>.text(pattern: "[A-Z]{2}[0-9]{2}")
        let note = PreferenceRule<String>.text(pattern: "[a-z]+", multiline: true)
        let anchored = PreferenceRule<String>.text(pattern: "^[a-z]+$")

        #expect(code.allows("AB12"))
        #expect(!code.allows("AB12\u{2028}"))       // ICU's $ matched before it
        #expect(!code.allows("AB12\u{2029}"))
        #expect(!note.allows("abc\n"))
        #expect(!anchored.allows("abc\u{2028}"))
        #expect(anchored.allows("abc"))
    }

    @Test func aPatternThatDoesNotCompileRejectsEverything() {
        let rule = PreferenceRule<String>.text(pattern: "([unclosed")
        #expect(!rule.allows(""))
        #expect(!rule.allows("([unclosed"))
    }

    @Test func doubleRangesWithSteps() {
        let rule = PreferenceRule<Double>.range(0.5...3.0, step: 0.25)
        #expect(rule.allows(0.75))
        #expect(rule.allows(3.0))
        #expect(!rule.allows(0.8))
        #expect(!rule.allows(3.25))
        #expect(rule.description.allowedText == "0.5…3 in steps of 0.25")
    }

    @Test func choicesForPlainStringsAndInts() {
        let sizes = PreferenceRule<String>.choices([("s", "Small"), ("l", "Large")])
        #expect(sizes.allows("s"))
        #expect(!sizes.allows("m"))
        #expect(sizes.description.choices?.map(\.title) == ["Small", "Large"])
        #expect(sizes.description.allowedText == "one of s, l")
    }

    @Test func enumKeysGetTheirCasesAsRule() {
        let choices = PreferenceKeys.temperatureNotation.rule.choices
        #expect(choices == [
            ChoiceOption(value: "celsius", title: "Celsius"),
            ChoiceOption(value: "fahrenheit", title: "Fahrenheit"),
            ChoiceOption(value: "kelvin", title: "Kelvin"),
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func listItemRulesApplyToEveryItem(kind: StoreKind) {
        let fixture = StoreFixture(kind)
        #expect(throws: PreferenceError.invalidValue(
            key: "favoriteCities", value: #"["Bergen",""]"#,
            allowed: "a list where each item is non-empty text of at most 64 characters")) {
            try fixture.prefs.set(["Bergen", ""], for: .favoriteCities)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func subscriptWritesThatBreakTheRuleAreReportedAndNotStored(kind: StoreKind) {
        let reported = ReportedErrors()
        let prefs = Preferences(store: StoreFixture(kind).store, schema: WeatherSettings.schema, onWriteError: reported.record)
        prefs[.decimalPlaces] = 5
        #expect(prefs[.decimalPlaces] == 1)
        #expect(reported.all == [.invalidValue(key: "decimalPlaces", value: "5", allowed: "0…2")])
    }

    @Test(arguments: StoreKind.allCases)
    func textWritesAreCheckedTheSameWay(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        #expect(throws: PreferenceError.invalidValue(key: "temperatureNotation", value: "rankine", allowed: "one of celsius, fahrenheit, kelvin")) {
            try fixture.prefs.set(text: ["rankine"], for: PreferenceKeys.temperatureNotation)
        }
        try fixture.prefs.set(text: ["Fahrenheit"], for: PreferenceKeys.temperatureNotation)
        #expect(fixture.prefs[.temperatureNotation] == .fahrenheit)
        #expect(fixture.store.storedValue(forKey: "temperatureNotation") == .string("fahrenheit"))
    }
}

final class ReportedErrors: Sendable {
    private let errors = Locked<[PreferenceError]>([])
    var all: [PreferenceError] { errors.withLock { $0 } }
    var record: @Sendable (PreferenceError) -> Void { { [errors = self] error in errors.append(error) } }
    private func append(_ error: PreferenceError) { errors.withLock { $0.append(error) } }
}

