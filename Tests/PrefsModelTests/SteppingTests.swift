import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A real-number key on `0…top` in steps of `units / 10^decimals`, default `start`.
private func realKey(stepUnits: Int, decimals: Int, top: Double, default start: Double = 0) -> PreferenceKey<Double> {
    let step = Double(stepUnits) / pow(10, Double(decimals))
    return PreferenceKey<Double>("level", default: start, rule: .range(0...top, step: step))
}

/// The decimal text of `units / 10^decimals`, written digit by digit (no floating point), so the
/// expectation does not share the arithmetic under test: `decimalText(15, decimals: 2)` is "0.15".
private func decimalText(_ units: Int, decimals: Int) -> String {
    guard decimals > 0 else { return String(units) }
    let digits = String(repeating: "0", count: max(0, decimals + 1 - String(units).count)) + String(units)
    return digits.dropLast(decimals) + "." + digits.suffix(decimals)
}

/// How many digits follow the decimal point in a formatted number (`0.75` → 2, `5` → 0).
private func fractionDigits(_ text: String) -> Int {
    guard let point = text.firstIndex(of: ".") else { return 0 }
    let fraction = text[text.index(after: point)...]
    return fraction == "0" ? 0 : fraction.count
}

@Suite("Stepping a number lands on the rule's grid, exactly, both ways")
struct SteppingTests {
    @Test(arguments: [(stepUnits: 5, decimals: 2, top: 1.0), (1, 1, 1.0), (25, 2, 3.0), (5, 0, 240.0)])
    func everyStepOverTheWholeRangeAndBackIsOnTheGrid(stepUnits: Int, decimals: Int, top: Double) throws {
        let key = realKey(stepUnits: stepUnits, decimals: decimals, top: top)
        let count = Int((top * pow(10, Double(decimals))).rounded()) / stepUnits

        var stored: PlistValue? = .double(0)
        var upward: [PlistValue?] = [stored]
        for index in 1...count {
            stored = key.stepped(from: stored, by: 1)
            let expected = decimalText(index * stepUnits, decimals: decimals)
            #expect(stored == .double(Double(expected)!), "step \(index): expected \(expected)")
            #expect(fractionDigits(key.text(of: stored)) <= decimals, "\(key.text(of: stored)) has more decimals than the step")
            #expect(try key.storedValue(parsing: [key.text(of: stored)]) == stored)
            upward.append(stored)
        }
        #expect(key.stepped(from: stored, by: 1) == stored, "the top holds")

        for expected in upward.reversed().dropFirst() {
            stored = key.stepped(from: stored, by: -1)
            #expect(stored == expected)
        }
        #expect(key.stepped(from: stored, by: -1) == .double(0), "the bottom holds")
    }

    @Test func wholeNumbersWalkTheirRangeAndBack() {
        let key = PreferenceKey<Int>("refreshInterval", default: 15, rule: .range(5...240, step: 5))
        var stored: PlistValue? = .int(5)
        for expected in stride(from: 10, through: 240, by: 5) {
            stored = key.stepped(from: stored, by: 1)
            #expect(stored == .int(expected))
        }
        #expect(key.stepped(from: stored, by: 1) == .int(240))
        for expected in stride(from: 235, through: 5, by: -5) {
            stored = key.stepped(from: stored, by: -1)
            #expect(stored == .int(expected))
        }
        #expect(key.stepped(from: stored, by: -1) == .int(5))
    }

    @Test func upThenDownReturnsExactlyToTheDefault() {
        let key = realKey(stepUnits: 5, decimals: 2, top: 1, default: 0.75)
        let up = key.stepped(from: nil, by: 1)
        #expect(key.text(of: up) == "0.8")
        let back = key.stepped(from: up, by: -1)
        #expect(back == .double(0.75))
        #expect(key.text(of: back) == "0.75")
    }

    @Test func aStepFromAnOddlyRoundedValueGivesTheDecimalGridValue() {
        let key = realKey(stepUnits: 5, decimals: 2, top: 1)
        #expect(key.stepped(from: .double(0.1), by: 1) == .double(0.15))
        #expect(key.text(of: key.stepped(from: .double(0.1), by: 1)) == "0.15")
    }

    @Test func typedRealsWithinToleranceAreStoredSnapped() throws {
        let key = realKey(stepUnits: 5, decimals: 2, top: 1)
        let fixture = StoreFixture(.memory, schema: PreferenceSchema(title: "T", suiteName: "t", keys: [key]))

        try fixture.prefs.set(0.15000000000000002, for: key)
        #expect(fixture.store.storedValue(forKey: "level") == .double(0.15))

        try fixture.prefs.set(text: ["0.7499999999999998"], for: key)
        #expect(fixture.store.storedValue(forKey: "level") == .double(0.75))

        #expect(throws: PreferenceError.invalidValue(key: "level", value: "0.151", allowed: "0…1 in steps of 0.05")) {
            try fixture.prefs.set(0.151, for: key)
        }
    }

    @Test func theTopIsTheLastGridPointBelowTheMaximum() {
        let rule = PreferenceRule<Double>.range(0...1, step: 0.3)
        #expect(rule.stepped(0.6, by: 5) == 0.9)
        #expect(rule.stepped(0.9, by: -1) == 0.6)
        #expect(PreferenceRule<Int>.range(5...242, step: 5).stepped(235, by: 3) == 240)
    }

    @Test func withoutAStepARealMovesByOneFromWhereItIs() {
        let rule = PreferenceRule<Double>.range(0...10)
        #expect(rule.stepped(2.5, by: 1) == 3.5)
        #expect(rule.stepped(0.1, by: 2) == 2.1)
        #expect(rule.stepped(9.5, by: 1) == 10)
        #expect(PreferenceRule<Double>.any.stepped(-0.7, by: -1) == -1.7)
    }

    @Test func wholeNumbersStepByTheirRuleAndSaturate() {
        #expect(PreferenceRule<Int>.range(5...240, step: 5).stepped(15, by: 1) == 20)
        #expect(PreferenceRule<Int>.range(5...240, step: 5).stepped(15, by: -3) == 5)
        #expect(PreferenceRule<Int>.any.stepped(.max, by: 1) == .max)
        #expect(PreferenceRule<Int>.any.stepped(.min, by: -2) == .min)
        #expect(PreferenceRule<Int>.any.stepped(9_007_199_254_740_993, by: 1) == 9_007_199_254_740_994)
    }

    /// Bounds near the ends of `Int` are whole numbers a double holds exactly (2^63 − 1024);
    /// they were taken for `Int.max` itself, so from `Int.max` ← said "at its minimum".
    @Test func wholeNumbersNearTheEndsOfIntStepBothWays() {
        let top = PreferenceRule<Int>.range((.max - 1023)...(.max))
        #expect(top.stepped(.max, by: -1) == .max - 1)
        #expect(top.stepped(.max, by: 1) == .max)
        #expect(top.stepped(.max - 1023, by: -1) == .max - 1023)
        let bottom = PreferenceRule<Int>.range((.min)...(.min + 1024))
        #expect(bottom.stepped(.min, by: 1) == .min + 1)
        #expect(bottom.stepped(.min + 1024, by: 1) == .min + 1024)
    }

    /// A step too large to add saturates at the last grid point before the end of `Int`, which
    /// the rule allows, rather than at `Int.max`, which is off the grid.
    @Test func aHugeStepWithoutBoundsStopsAtTheLastGridPoint() throws {
        let schema = try PreferenceSchema(jsonText: """
            {"suite": "s", "sections": [{"name": "S", "settings": [
              {"key": "n", "type": "int", "default": 0, "rule": {"step": 4611686018427387904}}]}]}
            """)
        let key = try #require(schema.keys.first)
        #expect(key.stepped(from: .int(1 << 62), by: 1) == .int(1 << 62))
        #expect(key.stepped(from: .int(-(1 << 62)), by: -1) == .int(.min))
        #expect(key.stepped(from: .int(.min), by: -1) == .int(.min))
        let whole = PreferenceRule<Int>.range(Int.min...Int.max, step: 1 << 62)
        #expect(whole.stepped(1 << 62, by: 1) == 1 << 62)
        #expect(whole.stepped(1 << 62, by: -5) == .min)
    }

    /// With no lower bound the grid runs through 0: below a negative maximum its top point is
    /// the multiple of the step under it (−10 for a maximum of −7 in steps of 5), not above it.
    @Test func aNegativeMaximumWithoutAMinimumTopsOutOnTheGridBelowIt() throws {
        let schema = try PreferenceSchema(jsonText: """
            {"suite": "s", "sections": [{"name": "S", "settings": [
              {"key": "depth", "type": "int", "default": -15, "rule": {"max": -7, "step": 5}}]}]}
            """)
        let key = try #require(schema.keys.first)
        #expect(key.stepped(from: nil, by: 1) == .int(-10))
        #expect(key.stepped(from: .int(-10), by: 1) == .int(-10))
        #expect(key.stepped(from: .int(-10), by: -2) == .int(-20))
    }

    @Test func anUnsetOptionalNumberStartsAtTheBottomOfItsRange() {
        let key = PreferenceKey<Int?>("maxAlerts", rule: .whenSet(.range(1...10)))
        #expect(key.stepped(from: nil, by: 1) == .int(1))
        #expect(key.stepped(from: .int(3), by: 1) == .int(4))
    }

    @Test func keysFromSchemaFilesStepAndSnapToo() throws {
        let schema = try PreferenceSchema(jsonText: """
            {"suite": "s", "sections": [{"name": "S", "settings": [
              {"key": "opacity", "type": "double", "default": 0.75, "rule": {"min": 0, "max": 1, "step": 0.05}}]}]}
            """)
        let key = try #require(schema.keys.first)
        #expect(key.canStep)
        #expect(key.stepped(from: key.stepped(from: nil, by: 1), by: -1) == .double(0.75))
        #expect(try key.storedValue(parsing: ["0.15000000000000002"]) == .double(0.15))
    }

    @Test func onlyNumbersStep() {
        #expect(PreferenceKeys.testString.stepped(from: nil, by: 1) == nil)
        #expect(PreferenceKeys.testPriority.stepped(from: nil, by: 1) == nil)
        #expect(!PreferenceKeys.testBool.canStep)
    }
}

@Suite("Cycling a choice wraps around its options")
struct CyclingTests {
    @Test func forwardAndBackWrapAround() {
        let key = PreferenceKeys.testPriority  // low, normal (default), high
        #expect(key.cycled(from: nil, by: 1) == .int(3))
        #expect(key.cycled(from: .int(3), by: 1) == .int(1))
        #expect(key.cycled(from: .int(1), by: -1) == .int(3))
        #expect(key.cycled(from: .int(2), by: -4) == .int(1))
    }

    @Test func schemaChoicesCycleThroughTheirRawValues() throws {
        let schema = try PreferenceSchema(jsonText: """
            {"suite": "s", "sections": [{"name": "S", "settings": [
              {"key": "compression", "type": "string", "default": "none",
               "rule": {"choices": [{"value": "none", "title": "None"}, {"value": "zstd", "title": "Zstandard"}]}}]}]}
            """)
        let key = try #require(schema.keys.first)
        #expect(key.cycled(from: nil, by: 1) == .string("zstd"))
        #expect(key.cycled(from: .string("zstd"), by: 1) == .string("none"))
    }

    @Test func keysWithoutChoicesDoNotCycle() {
        #expect(PreferenceKeys.testInt.cycled(from: nil, by: 1) == nil)
    }
}

/// The sign of a stored real: zero must be stored as `0.0`, never `-0.0` (which `get` would
/// print and the file would keep), and `==` cannot tell the two apart.
private func sign(_ stored: PlistValue?) -> FloatingPointSign? {
    guard case .double(let value)? = stored else { return nil }
    return value.sign
}

@Suite("Zero is stored as zero, never negative zero")
struct NegativeZeroTests {
    private let schema = try! PreferenceSchema(jsonText: """
        {"suite": "s", "sections": [{"name": "S", "settings": [
          {"key": "opacity", "type": "double", "default": 0.75, "rule": {"min": 0, "max": 1, "step": 0.05}},
          {"key": "offset", "type": "double", "default": 0.3, "rule": {"min": -0.9, "max": 0.9, "step": 0.3}},
          {"key": "scale", "type": "double", "default": 1}]}]}
        """)

    @Test(arguments: ["opacity", "scale"], ["-0.0", "-0", "-0e5", " -0.000 "])
    func typedNegativeZeroIsStoredAsZero(name: String, text: String) throws {
        let key = try schema.requireKey(named: name)
        let stored = try key.storedValue(parsing: [text])
        #expect(stored == .double(0))
        #expect(sign(stored) == .plus)
    }

    @Test func aTinyNegativeRealSnappedToTheGridIsZero() throws {
        let stored = try schema.requireKey(named: "opacity").storedValue(parsing: ["-1e-12"])
        #expect(sign(stored) == .plus)
    }

    @Test func steppingOntoZeroGivesZero() throws {
        // -0.9 + 3 × 0.3 is -1.1e-16 in doubles: rounded to one decimal, negative zero.
        let offset = try schema.requireKey(named: "offset")
        #expect(offset.stepped(from: .double(-0.3), by: 1) == .double(0))
        #expect(sign(offset.stepped(from: .double(-0.3), by: 1)) == .plus)
        #expect(PreferenceRule<Double>.range(-0.9...0.9, step: 0.3).stepped(-0.3, by: 1).sign == .plus)
        #expect(PreferenceRule<Double>.range(0...1, step: 0.05).snapped(-0.0).sign == .plus)
    }

    @Test func aTypedNegativeZeroWrittenThroughTheAPIIsStoredAsZero() throws {
        let stepped = PreferenceKey<Double>("level", default: 0.5, rule: .range(0...1, step: 0.05))
        let plain = PreferenceKey<Double>("ratio", default: 1)
        let fixture = StoreFixture(.suite, schema: PreferenceSchema(title: "T", suiteName: "test.suite", keys: [stepped, plain]))
        try fixture.prefs.set(-0.0, for: stepped)
        try fixture.prefs.set(-0.0, for: plain)
        #expect(sign(fixture.store.storedValue(forKey: "level")) == .plus)
        #expect(sign(fixture.store.storedValue(forKey: "ratio")) == .plus)
        #expect(fixture.prefs.text(of: plain) == "0.0")
    }
}
