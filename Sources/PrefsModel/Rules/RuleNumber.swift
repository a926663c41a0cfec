/// A bound or step of a range rule: a whole number kept exactly, or a real number.
///
/// Why not a `Double`: a whole-number setting's bounds reach beyond 2^53, where doubles skip
/// integers. `min 9007199254740993` held as a double became …992, so `set` took a value below
/// the minimum and off the step, the message showed the bounds in float notation, and the JSON
/// Schema's `multipleOf` drew the opposite grid. Whole numbers are compared, stepped and written
/// as integers; real numbers as doubles.
///
/// ```swift
/// RuleDescription.range(min: 9_007_199_254_740_993, max: nil, step: 2)  // exact
/// RuleDescription.range(min: 0, max: 1, step: 0.05)
/// ```
public struct RuleNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    private enum Storage: Sendable {
        case whole(Int)
        case real(Double)
    }

    private let storage: Storage

    /// A whole number, exactly.
    ///
    /// ```swift
    /// RuleNumber(Int.max).whole  // 9223372036854775807
    /// ```
    public init(_ value: Int) { storage = .whole(value) }

    /// A real number; one that is a whole number `Int` holds is kept as that whole number.
    ///
    /// ```swift
    /// RuleNumber(0.25).double  // 0.25
    /// ```
    public init(_ value: Double) {
        // 2^63 converts to no Int; below it every whole double is an Int exactly.
        if value.rounded() == value, value.isFinite, value > -0x1p63, value < 0x1p63 {
            storage = .whole(Int(value))
        } else {
            storage = .real(value)
        }
    }

    public init(integerLiteral value: Int) { self.init(value) }
    public init(floatLiteral value: Double) { self.init(value) }

    /// The number as a double (rounded where a whole number is beyond 2^53).
    ///
    /// ```swift
    /// RuleNumber(5).double  // 5.0
    /// ```
    public var double: Double {
        switch storage {
        case .whole(let value): Double(value)
        case .real(let value): value
        }
    }

    /// The number as a whole number, when it is one `Int` holds; nil otherwise.
    ///
    /// ```swift
    /// RuleNumber(0.5).whole  // nil
    /// ```
    public var whole: Int? {
        if case .whole(let value) = storage { return value }
        return nil
    }

    /// As rules show it: whole numbers in all their digits (`240`, `9007199254740993`), others
    /// as Swift writes doubles (`0.25`).
    public var description: String {
        switch storage {
        case .whole(let value): String(value)
        case .real(let value): RuleDescription.number(value)
        }
    }

    public static func == (lhs: RuleNumber, rhs: RuleNumber) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.whole(left), .whole(right)): left == right
        case let (.real(left), .real(right)): left == right
        // A real number is kept whole when it is one, so a whole and a real never are equal.
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .whole(let value): hasher.combine(value)
        case .real(let value): hasher.combine(value)
        }
    }

    /// Orders a whole number against a double exactly (no rounding of either).
    static func compare(_ value: Int, _ bound: RuleNumber) -> Int {
        switch bound.storage {
        case .whole(let bound): return value < bound ? -1 : value > bound ? 1 : 0
        case .real(let bound):
            if bound.isNaN { return 0 }
            if bound >= 0x1p63 { return -1 }
            if bound < -0x1p63 { return 1 }
            // Within Int's range: compare with the bound's whole part, then its fraction.
            let floor = bound.rounded(.down)
            let whole = Int(floor)
            if value != whole { return value < whole ? -1 : 1 }
            return floor == bound ? 0 : -1
        }
    }
}

extension RuleNumber {
    /// A whole number of any integer type: exactly where `Int` holds it, else as a double.
    init<Whole: BinaryInteger>(whole value: Whole) {
        if let exact = Int(exactly: value) { self.init(exact) } else { self.init(Double(value)) }
    }

    /// Whether this number is greater than `other`, exactly for two whole numbers.
    func isGreater(than other: RuleNumber) -> Bool {
        if let left = whole, let right = other.whole { return left > right }
        if let left = whole { return Self.compare(left, other) > 0 }
        if let right = other.whole { return Self.compare(right, self) < 0 }
        return double > other.double
    }
}
