/// A setting declared once: name, value type, default, rule, and the text a UI shows.
///
/// Reads return `Value`, writes accept only `Value`. An unset key reads its default, which is
/// never written to disk, so a new default reaches everyone who never changed the setting.
///
/// ```swift
/// extension PreferenceKeys {
///     static let refreshInterval = PreferenceKey<Int>(
///         "refreshInterval", default: 15, rule: .range(5...240, step: 5),
///         title: "Refresh interval", help: "Minutes between forecast updates.",
///         section: "Updates", unit: "min")
/// }
/// prefs[.refreshInterval] += 5
/// ```
public final class PreferenceKey<Value: PreferenceValue>: AnyPreferenceKey, @unchecked Sendable {
    /// The value read when nothing valid is stored.
    public let defaultValue: Value
    /// The rule every written value must follow.
    public let valueRule: PreferenceRule<Value>

    /// Declares a key. Enums (``PreferenceChoice``) get their cases as the rule automatically.
    ///
    /// ```swift
    /// PreferenceKey<String>("city", default: "Oslo", rule: .text(nonEmpty: true, maxLength: 64))
    /// ```
    public convenience init(_ name: String, default defaultValue: Value, rule: PreferenceRule<Value>? = nil,
                            title: String = "", help: String = "", section: String = "General", unit: String? = nil) {
        self.init(name, default: defaultValue, rule: rule, title: title, help: help, section: section, unit: unit,
                  isDescribedBySchema: true)
    }

    /// The designated initializer; `isDescribedBySchema` is false only for keys found in a
    /// suite's file that no schema declares.
    init(_ name: String, default defaultValue: Value, rule: PreferenceRule<Value>?,
         title: String, help: String, section: String, unit: String?, isDescribedBySchema: Bool) {
        let rule = rule ?? Self.standardRule()
        self.defaultValue = defaultValue
        self.valueRule = rule
        super.init(name: name, type: Value.preferenceType, title: title, help: help, section: section,
                   unit: unit, rule: rule.description,
                   codec: Self.codec(defaultValue: defaultValue, rule: rule), isDescribedBySchema: isDescribedBySchema)
    }

    /// Decodes a stored value: the value, or nil when it is the wrong type or breaks the rule.
    ///
    /// ```swift
    /// PreferenceKeys.refreshInterval.value(from: .int(30))  // 30
    /// ```
    public func value(from stored: PlistValue) -> Value? {
        guard let value = Value(storedValue: stored), valueRule.allows(value) else { return nil }
        return value
    }

    /// The value a stored plist value stands for: it, or the default when absent or invalid.
    ///
    /// ```swift
    /// PreferenceKeys.city.effectiveValue(from: nil)  // "Oslo"
    /// ```
    public func effectiveValue(from stored: PlistValue?) -> Value {
        stored.flatMap(value(from:)) ?? defaultValue
    }

    private static func standardRule() -> PreferenceRule<Value> {
        guard let options = Value.builtInChoices else { return .any }
        let allowed = Set(options.map(\.value))
        return PreferenceRule(description: .choices(options)) { value in
            // An unset optional enum is allowed; a set one must be a case.
            value.storedValue == nil || allowed.contains(value.formatted)
        }
    }

    private static func codec(defaultValue: Value, rule: PreferenceRule<Value>) -> KeyCodec {
        // An enum's stored raw value that is no case is best explained by listing the cases.
        let expected = rule.description.choices != nil ? rule.description.allowedText : Value.preferenceType.name
        @Sendable func decode(_ stored: PlistValue?) -> Value {
            guard let stored, let value = Value(storedValue: stored), rule.allows(value) else { return defaultValue }
            return value
        }
        @Sendable func checked(_ value: Value) throws -> PlistValue? {
            guard rule.allows(value) else {
                throw PreferenceError.invalidValue(key: nil, value: value.formatted, allowed: rule.description.allowedText)
            }
            return value.storedValue
        }
        return KeyCodec(
            defaultText: defaultValue.formatted,
            defaultJSON: defaultValue.jsonValue,
            problem: { stored in
                guard let value = Value(storedValue: stored) else {
                    return "stored as \(stored.kindName) \(stored.summary), expected \(expected)"
                }
                guard rule.allows(value) else {
                    return "\(value.formatted) is not allowed; allowed: \(rule.description.allowedText)"
                }
                return nil
            },
            text: { decode($0).formatted },
            json: { decode($0).jsonValue },
            parse: { arguments in try checked(Value.parse(arguments: arguments)) },
            fromJSON: { json in try checked(Value(jsonValue: json)) }
        )
    }
}

extension PreferenceKey {
    /// Declares an optional key: it reads nil until set, and assigning nil removes the value.
    ///
    /// ```swift
    /// PreferenceKey<Date?>("lastRefresh", title: "Last refresh")
    /// ```
    public convenience init<Wrapped>(_ name: String, rule: PreferenceRule<Value>? = nil, title: String = "",
                                     help: String = "", section: String = "General", unit: String? = nil)
    where Value == Wrapped?, Wrapped: PreferenceValue {
        self.init(name, default: nil, rule: rule, title: title, help: help, section: section, unit: unit)
    }
}
