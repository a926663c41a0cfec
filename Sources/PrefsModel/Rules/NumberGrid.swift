/// The numbers a range rule steps through: `origin + k·step`, held within the bounds.
///
/// Stepping works on the step count `k`, never by adding `step` to the previous result, so
/// errors cannot accumulate: `0.75 + 0.05 − 0.05` lands on `0.75` again. Each result is then
/// rounded to the grid's decimals (those of the step and of the lower bound), which gives the
/// double nearest to the decimal number a person would write (`0.15`, not `0.15000000000000002`).
struct NumberGrid: Sendable, Equatable {
    let lower: Double?
    let upper: Double?
    /// The distance between neighbours; 1 when the rule names none.
    let step: Double
    /// Whether values must lie on the grid (the rule names a step), or only stepping uses it.
    let isStrict: Bool
    /// The bounds and step as the rule holds them, for whole numbers: exact beyond 2^53, where
    /// the doubles above skip integers.
    let exactLower: RuleNumber?
    let exactUpper: RuleNumber?
    let exactStep: RuleNumber?

    /// The grid of a rule: its bounds and step for a range rule, otherwise whole steps of 1
    /// with no bounds.
    init(_ rule: RuleDescription) {
        if case .range(let min, let max, let step) = rule {
            lower = min?.double
            upper = max?.double
            // A step that is not a positive number (a hand-made description) constrains nothing.
            let usable = step.flatMap { $0.double > 0 && $0.double.isFinite ? $0 : nil }
            self.step = usable?.double ?? 1
            isStrict = usable != nil
            exactLower = min
            exactUpper = max
            exactStep = usable
        } else {
            lower = nil
            upper = nil
            step = 1
            isStrict = false
            exactLower = nil
            exactUpper = nil
            exactStep = nil
        }
    }

    /// Where step counts start: the lower bound, or 0 for a range open at the bottom.
    var origin: Double { lower ?? 0 }

    /// How far a value may lie off the grid and still count as on it: a rounding error of the
    /// decimal text, measured in steps.
    private static func isWithinTolerance(_ steps: Double) -> Bool {
        abs(steps - steps.rounded()) < 1e-9 * Swift.max(1, abs(steps))
    }

    /// Whether `value` lies within the bounds and, for a strict grid, on it (within 1e-9 of a step).
    func contains(_ value: Double) -> Bool {
        if let lower, value < lower { return false }
        if let upper, value > upper { return false }
        return !isStrict || Self.isWithinTolerance((value - origin) / step)
    }

    /// The grid value nearest to `value` when it is within the tolerance of one; otherwise
    /// `value` unchanged (a rule then refuses it).
    func snapped(_ value: Double) -> Double {
        guard isStrict else { return value }
        let steps = (value - origin) / step
        guard Self.isWithinTolerance(steps) else { return value }
        return point(steps.rounded()).withoutNegativeZero
    }

    /// Whether a whole number lies within the bounds and, for a strict grid, on it: exactly, in
    /// whole-number arithmetic, where the bounds and step are whole numbers (a rule of an int
    /// setting); through ``contains(_:)-(Double)`` otherwise.
    func contains(_ value: Int) -> Bool {
        if let exactLower, RuleNumber.compare(value, exactLower) < 0 { return false }
        if let exactUpper, RuleNumber.compare(value, exactUpper) > 0 { return false }
        guard isStrict else { return true }
        let origin: Int? = exactLower == nil ? 0 : exactLower?.whole
        guard let step = exactStep?.whole, let origin else { return contains(Double(value)) }
        // The distance in UInt: any two Ints' distance fits, and the remainder is exact.
        let distance = value >= origin ? UInt(bitPattern: value &- origin) : UInt(bitPattern: origin &- value)
        return distance % UInt(step) == 0
    }

    /// The value `steps` grid points away from `value` (negative: down), held within the bounds.
    /// A value off the grid first moves to its nearest grid point.
    /// Without a step in the rule, the value moves by whole units from where it is (`2.5` → `3.5`).
    /// Zero is never negative: `-0.9 + 3 × 0.3` is a hair below zero in doubles, and rounding
    /// it to one decimal would give `-0.0`.
    func stepped(_ value: Double, by steps: Int) -> Double {
        guard isStrict else {
            var next = value + Double(steps) * step
            if let lower { next = Swift.max(next, lower) }
            if let upper { next = Swift.min(next, upper) }
            return Self.rounded(next, decimals: Self.decimals(of: value).map { Swift.max($0, decimals ?? 0) }).withoutNegativeZero
        }
        var index = ((value - origin) / step).rounded() + Double(steps)
        if lower != nil { index = Swift.max(index, 0) }
        if let upper { index = Swift.min(index, ((upper - origin) / step + 1e-9).rounded(.down)) }
        return point(index).withoutNegativeZero
    }

    /// The value `steps` grid points away from a whole number, in whole-number arithmetic so
    /// that values beyond 2^53 stay exact; saturates at the ends of the grid (the bounds, or
    /// without them the grid points nearest the ends of `Int`) instead of overflowing.
    func stepped(_ value: Int, by steps: Int) -> Int {
        let step = Swift.max(1, exactStep?.whole ?? Self.wholeNumber(self.step))
        let lower = exactLower.map { $0.whole ?? Self.wholeNumber($0.double) }
        let upper = exactUpper.map { $0.whole ?? Self.wholeNumber($0.double) }
        let base = lower ?? 0
        let top = Self.topGridPoint(upper: upper ?? .max, base: base, step: step)
        let bottom = lower ?? Self.bottomGridPoint(lower: .min, base: base, step: step)
        let (distance, distanceOverflow) = step.multipliedReportingOverflow(by: steps)
        let (sum, sumOverflow) = value.addingReportingOverflow(distance)
        if distanceOverflow || sumOverflow { return steps > 0 ? top : bottom }
        return Swift.min(Swift.max(sum, bottom), top)
    }

    /// The highest `base + k·step` (k of any sign) at or below `upper`: `upper` itself when the
    /// range is a whole number of steps.
    private static func topGridPoint(upper: Int, base: Int, step: Int) -> Int {
        if upper >= base {
            // In UInt: the distance between any two Ints fits, and the point lies between them,
            // so the wrapping conversions back are exact.
            let distance = UInt(bitPattern: upper &- base)
            return base &+ Int(bitPattern: distance / UInt(step) * UInt(step))
        }
        // Below the base (a maximum under 0 with no minimum): rounded toward minus infinity,
        // so −7 in steps of 5 tops out at −10, not −5.
        let (distance, overflow) = upper.subtractingReportingOverflow(base)
        guard !overflow else { return upper }
        let steps = distance / step - (distance % step == 0 ? 0 : 1)
        let (offset, offsetOverflow) = steps.multipliedReportingOverflow(by: step)
        let (point, pointOverflow) = base.addingReportingOverflow(offset)
        return offsetOverflow || pointOverflow ? upper : point
    }

    /// The lowest `base − k·step` (k ≥ 0) at or above `lower`, for `lower` ≤ `base`.
    private static func bottomGridPoint(lower: Int, base: Int, step: Int) -> Int {
        guard lower < base else { return base }
        let distance = UInt(bitPattern: base &- lower)
        return base &- Int(bitPattern: distance / UInt(step) * UInt(step))
    }

    /// Decimals of the grid: enough for the step and the origin; nil when one of them needs
    /// more than a double can carry exactly (then results are not rounded).
    var decimals: Int? {
        guard let stepDecimals = Self.decimals(of: step), let originDecimals = Self.decimals(of: origin) else { return nil }
        return Swift.max(stepDecimals, originDecimals)
    }

    func point(_ index: Double) -> Double {
        Self.rounded(origin + index * step, decimals: decimals)
    }

    /// The double nearest to `value` written with `decimals` decimals; `value` itself when that
    /// cannot be computed exactly (no decimals, or too many digits).
    private static func rounded(_ value: Double, decimals: Int?) -> Double {
        guard let decimals, value.isFinite else { return value }
        let scale = powerOfTen(decimals)
        // Both the scaled integer and the power of ten are exact doubles, so the division is
        // correctly rounded: the nearest double to the decimal number.
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9.0e15 else { return value }
        return scaled / scale
    }

    /// The fewest decimals that write `value` exactly (0 for `5`, 2 for `0.05`), or nil above 15.
    static func decimals(of value: Double) -> Int? {
        guard value.isFinite else { return nil }
        for decimals in 0...15 {
            let scale = powerOfTen(decimals)
            let scaled = (value * scale).rounded()
            if abs(scaled) < 9.0e15, scaled / scale == value { return decimals }
        }
        return nil
    }

    private static func powerOfTen(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { result, _ in result * 10 }
    }

    /// A bound or step of an integer rule back as an integer. `Int.max` written in a rule is
    /// held as the double 2^63, one above it, so 2^63 and beyond saturate instead of trapping;
    /// every double below it is a whole number `Int` holds exactly (2^63 − 1024 is one, and
    /// must stay itself, or stepping down from `Int.max` would stop there).
    private static func wholeNumber(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        if value >= 0x1p63 { return .max }
        if value < -0x1p63 { return .min }
        return Int(value.rounded())
    }
}
