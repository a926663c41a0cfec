import Foundation

/// The rule a setting's values must follow: checked on every write, from any path, and on every
/// stored value that is read.
///
/// ```swift
/// PreferenceKey<Int>("refreshInterval", default: 15, rule: .range(5...240, step: 5))
/// PreferenceKey<String>("city", default: "Oslo", rule: .text(nonEmpty: true, maxLength: 64))
/// ```
public struct PreferenceRule<Value: PreferenceValue>: Sendable {
    /// What the rule allows, for UIs and schemas.
    public let description: RuleDescription
    /// What is allowed instead of a refused value (for the message), or nil when it is allowed.
    private let refusal: @Sendable (Value) -> String?
    /// Whether text with control characters is refused before `refusal` is asked: true in the
    /// rule a key holds (``refusingControlCharacters()``). A flag rather than a closure around
    /// the rule: a schema of 10,000 settings built and freed one more closure a key.
    private var checksControlCharacters = false

    /// A rule from a description and a check. The standard rules below cover most settings.
    ///
    /// ```swift
    /// PreferenceRule<Int>(description: .range(min: 0, max: nil, step: 2)) { $0 >= 0 && $0 % 2 == 0 }
    /// ```
    public init(description: RuleDescription, accepts: @escaping @Sendable (Value) -> Bool) {
        self.init(description: description) { value in accepts(value) ? nil : description.allowedText }
    }

    /// A rule whose refusals can explain themselves better than the description: `refusal`
    /// returns what is allowed instead of the value, or nil when the value is allowed.
    init(description: RuleDescription, refusal: @escaping @Sendable (Value) -> String?) {
        self.description = description
        self.refusal = refusal
    }

    /// What is allowed instead of `value`, or nil when the rule allows it.
    func refusalText(for value: Value) -> String? {
        refusalText(for: value, checkingTextOf: checksControlCharacters ? value.storedValue : nil)
    }

    /// The same, with `stored` the value's stored form, whose text is checked for control
    /// characters whatever the rule says (nil: nothing to check): where the caller has it
    /// already (a stored value of text, read as it was stored), it is not made again.
    func refusalText(for value: Value, checkingTextOf stored: PlistValue?) -> String? {
        if let stored, ControlCharacterRule.firstViolation(in: stored, allowingNewlines: description.allowsLineBreaks) != nil {
            return ControlCharacterRule.allowedText(allowingNewlines: description.allowsLineBreaks)
        }
        return refusal(value)
    }

    /// The rule a key holds for its values: this one, and no control characters in text other
    /// than tab (and line feed under a `multiline` text rule).
    func refusingControlCharacters() -> PreferenceRule {
        var rule = self
        rule.checksControlCharacters = true
        return rule
    }

    /// The value as it is stored: a real number within 1e-9 of its range's grid becomes the
    /// grid value itself, so typed `0.15000000000000002` is kept as `0.15`, and negative zero
    /// becomes zero, with or without a grid. Works on the stored form, so it serves typed keys
    /// and keys from schema files alike.
    func normalized(_ value: Value) -> Value {
        guard case .double(let number)? = value.storedValue else { return value }
        let snapped = NumberGrid(description).snapped(number).withoutNegativeZero
        // Compared bit for bit: `==` holds between -0.0 and 0.0.
        guard snapped.bitPattern != number.bitPattern, let value = Value(storedValue: .double(snapped)) else { return value }
        return value
    }

    /// Throws ``PreferenceError/invalidValue(key:value:allowed:)`` naming the key when `value`
    /// breaks the rule.
    ///
    /// ```swift
    /// try rule.check(500, key: "refreshInterval")
    /// ```
    public func check(_ value: Value, key: String) throws {
        if let allowed = refusalText(for: value) {
            throw PreferenceError.invalidValue(key: key, value: value.formatted, allowed: allowed)
        }
    }

    /// Whether `value` follows the rule.
    ///
    /// ```swift
    /// PreferenceRule<Int>.range(0...2).allows(3)  // false
    /// ```
    public func allows(_ value: Value) -> Bool { refusalText(for: value) == nil }

    /// Any value of the type.
    ///
    /// ```swift
    /// PreferenceKey<Bool>("showFeelsLike", default: true, rule: .any)
    /// ```
    public static var any: PreferenceRule { PreferenceRule(description: .any) { _ in true } }

    /// One of the given values (with titles for a UI).
    ///
    /// ```swift
    /// PreferenceRule<String>.choices([("small", "Small"), ("large", "Large")])
    /// ```
    public static func choices(_ options: [(value: Value, title: String)]) -> PreferenceRule {
        let allowed = options.map(\.value)
        let described = options.map { ChoiceOption(value: $0.value.formatted, title: $0.title) }
        return PreferenceRule(description: .choices(described)) { allowed.contains($0) }
    }
}

extension PreferenceRule where Value: BinaryInteger {
    /// Whole numbers in `range`, on multiples of `step` counted from the lower bound.
    ///
    /// ```swift
    /// PreferenceRule<Int>.range(5...240, step: 5)
    /// ```
    public static func range(_ range: ClosedRange<Value>, step: Value = 1) -> PreferenceRule {
        let lower = range.lowerBound
        return PreferenceRule(description: .range(min: RuleNumber(whole: range.lowerBound), max: RuleNumber(whole: range.upperBound),
                                                  step: RuleNumber(whole: step))) {
            // The distance in UInt: `$0 - lower` overflowed (and trapped) for a range from -1
            // to Int.max holding Int.max, which another program may store.
            range.contains($0) && (step <= 1 || Self.distance(lower, $0) % UInt(step) == 0)
        }
    }
}

extension PreferenceRule where Value: BinaryInteger {
    /// `upper - lower` for `lower <= upper`, exactly, whatever the integer type's width.
    private static func distance(_ lower: Value, _ upper: Value) -> UInt {
        if let low = Int(exactly: lower), let high = Int(exactly: upper) { return UInt(bitPattern: high &- low) }
        return UInt(truncatingIfNeeded: upper - lower)
    }
}

extension PreferenceRule where Value: BinaryFloatingPoint {
    /// Numbers in `range`; with a `step`, only multiples of it counted from the lower bound
    /// (within a rounding tolerance).
    ///
    /// ```swift
    /// PreferenceRule<Double>.range(0.5...3.0, step: 0.25)
    /// ```
    public static func range(_ range: ClosedRange<Value>, step: Value? = nil) -> PreferenceRule {
        let description = RuleDescription.range(min: RuleNumber(Double(range.lowerBound)), max: RuleNumber(Double(range.upperBound)),
                                                step: step.map { RuleNumber(Double($0)) })
        let grid = NumberGrid(description)
        return PreferenceRule(description: description) { value in range.contains(value) && grid.contains(Double(value)) }
    }
}

extension PreferenceRule where Value == String {
    /// Text limits: non-empty, a maximum length in characters, a regular expression the whole
    /// text must match. Text never holds control characters other than tab; `multiline: true`
    /// allows line feeds as well.
    ///
    /// ```swift
    /// PreferenceRule<String>.text(nonEmpty: true, maxLength: 64, pattern: "[A-Za-z ]+")
    /// PreferenceRule<String>.text(multiline: true)  // a note of several lines
    /// ```
    public static func text(nonEmpty: Bool = false, maxLength: Int? = nil, pattern: String? = nil,
                            multiline: Bool = false) -> PreferenceRule {
        let matcher = pattern.flatMap(WholeTextPattern.init)
        let description = RuleDescription.text(nonEmpty: nonEmpty, maxLength: maxLength, pattern: pattern, multiline: multiline)
        return PreferenceRule(description: description) { (text: String) -> String? in
            if text.firstForbiddenControlCharacter(allowingNewlines: multiline) != nil {
                return ControlCharacterRule.allowedText(allowingNewlines: multiline)
            }
            if nonEmpty && text.isBlank { return description.allowedText }
            if let maxLength, text.count > maxLength { return description.allowedText }
            if pattern != nil, !(matcher?.matches(text) ?? false) { return description.allowedText }
            return nil
        }
    }
}

extension PreferenceRule where Value: RangeReplaceableCollection, Value.Element: PreferenceValue {
    /// Every item of a list follows `rule`.
    ///
    /// ```swift
    /// PreferenceRule<[String]>.each(.text(nonEmpty: true))
    /// ```
    public static func each(_ rule: PreferenceRule<Value.Element>) -> PreferenceRule {
        let description = RuleDescription.each(rule.description)
        return PreferenceRule(description: description) { (list: Value) -> String? in
            guard let refused = list.lazy.compactMap(rule.refusalText(for:)).first else { return nil }
            return refused == rule.description.allowedText ? description.allowedText : "a list where each item is \(refused)"
        }
    }
}

extension PreferenceRule {
    /// For an optional key: an unset value is always allowed, a set one follows `rule`.
    ///
    /// ```swift
    /// PreferenceKey<Int?>("maxAlerts", default: nil, rule: .whenSet(.range(1...10)))
    /// ```
    public static func whenSet<Wrapped>(_ rule: PreferenceRule<Wrapped>) -> PreferenceRule where Value == Wrapped? {
        PreferenceRule(description: rule.description) { (value: Value) -> String? in value.flatMap(rule.refusalText(for:)) }
    }
}

/// A compiled regular expression that must match the whole text.
///
/// `NSRegularExpression` is used because it is in corelibs Foundation on Linux and is thread-safe
/// once built; a pattern that does not compile makes the rule reject every value, so a broken
/// pattern is noticed rather than silently allowing anything.
struct WholeTextPattern: @unchecked Sendable {
    private let expression: NSRegularExpression

    init?(_ pattern: String) {
        // The pattern must compile on its own first: wrapped, an unbalanced `)` closed the
        // wrapper's group and a trailing `\Q` quoted its end, so `a)|(?:b` compiled and matched
        // any text starting with a (found by the json fuzz target).
        guard (try? NSRegularExpression(pattern: pattern)) != nil else { return nil }
        // \A and \z, not ^ and $: ICU's $ also matches before a line terminator at the end, so
        // `AB12` followed by U+2028 (or a line feed, in a multiline rule) passed `[A-Z]{2}[0-9]{2}`.
        guard let expression = try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z") else { return nil }
        self.expression = expression
    }

    func matches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
