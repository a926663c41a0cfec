import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

@Suite("Preferences.write checks every value like every other write path")
struct CheckedWriteTests {
    @Test(arguments: StoreKind.allCases)
    func aValueAgainstItsRuleIsRefusedAndNothingInTheBatchIsWritten(kind: StoreKind) {
        let fixture = StoreFixture(kind)
        #expect(throws: PreferenceError.invalidValue(key: "refreshInterval", value: "7", allowed: "5…240 in steps of 5")) {
            try fixture.prefs.write(["city": .string("Bergen"), "refreshInterval": .int(7)])
        }
        #expect(fixture.prefs.isDefault(PreferenceKeys.city))
        #expect(fixture.reopened().isDefault(PreferenceKeys.refreshInterval))
    }

    @Test func aValueOfTheWrongTypeIsRefused() {
        let fixture = StoreFixture(.memory)
        #expect(throws: PreferenceError.invalidValue(key: "refreshInterval", value: "soon", allowed: "a value of type int")) {
            try fixture.prefs.write(["refreshInterval": .string("soon")])
        }
    }

    @Test func textWithControlCharactersIsRefused() {
        let fixture = StoreFixture(.memory)
        #expect(throws: PreferenceError.self) { try fixture.prefs.write(["city": .string("Oslo\u{1B}[31m")]) }
        #expect(fixture.prefs.isDefault(PreferenceKeys.city))
    }

    @Test(arguments: StoreKind.allCases)
    func validValuesRemovalsAndUndeclaredKeysAreWritten(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, initial: ["decimalPlaces": .int(2)])
        try fixture.prefs.write(["city": .string("Bergen"), "decimalPlaces": nil, "otherProgramsKey": .string("kept\nas given")])
        let reopened = fixture.reopened()
        #expect(reopened[.city] == "Bergen")
        #expect(reopened.isDefault(PreferenceKeys.decimalPlaces))
        #expect(reopened.store.storedValue(forKey: "otherProgramsKey") == .string("kept\nas given"))
    }
}
