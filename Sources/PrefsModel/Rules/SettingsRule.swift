import Foundation

/// A rule that reads several settings: each may pass its own rule while the pair does not (a
/// low temperature above the high one). Given to a schema (`rules:`), it is checked on every
/// write that touches a setting it reads, by any path, and a write that would break it is
/// refused whole, naming the settings and their values.
///
/// ```swift
/// PreferenceSchema(title: "Alerts", suiteName: "com.example.alerts", keys: [low, high], rules: [.ordered(low, high)])
/// ```
public struct SettingsRule: Sendable {
    /// Why the settings as they stand break the rule, or nil when they follow it.
    let check: @Sendable (PreferencesSnapshot) -> String?
    /// The two settings of an `ordered` rule, by name (nil for a rule written as a closure,
    /// whose settings are found as it runs), so that a schema file can hold it.
    package let orderedPair: (low: String, high: String)?

    /// Any rule: `check` returns why the settings as they stand break it (name the settings and
    /// their values), or nil when they follow it. The settings it reads are found as it runs.
    ///
    /// ```swift
    /// SettingsRule { $0[.minimumCopies] <= $0[.maximumCopies] ? nil : "minimumCopies must not exceed maximumCopies" }
    /// ```
    public init(_ check: @escaping @Sendable (PreferencesSnapshot) -> String?) {
        self.check = check
        orderedPair = nil
    }

    /// The first setting's value is never above the second's (numbers, or dates).
    ///
    /// ```swift
    /// .ordered(.lowTemperature, .highTemperature)
    /// ```
    public static func ordered(_ low: AnyPreferenceKey, _ high: AnyPreferenceKey) -> SettingsRule {
        SettingsRule(ordered: low.name, high.name)
    }

    package init(ordered low: String, _ high: String) {
        orderedPair = (low, high)
        check = { prefs in
            guard let lowKey = prefs.schema.declaredKey(named: low), let highKey = prefs.schema.declaredKey(named: high) else { return nil }
            ReadTracking.note(low)
            ReadTracking.note(high)
            let lowValue = prefs.resolution(of: lowKey).stored, highValue = prefs.resolution(of: highKey).stored
            guard let first = Self.number(lowValue ?? lowKey.defaultStored), let second = Self.number(highValue ?? highKey.defaultStored),
                  first > second else { return nil }
            return "\(low) (\(lowKey.text(of: lowValue).controlCharactersEscaped)) must not be above "
                + "\(high) (\(highKey.text(of: highValue).controlCharactersEscaped))"
        }
    }

    /// A value an `ordered` rule compares: a number, or a date as its seconds.
    static func number(_ value: PlistValue?) -> Double? {
        switch value {
        case .int(let number)?: Double(number)
        case .double(let number)?: number
        case .date(let date)?: date.timeIntervalSince1970
        default: nil
        }
    }

    /// Whether a setting's type can be ordered.
    static func canOrder(_ key: AnyPreferenceKey) -> Bool {
        [.int, .double, .date].contains(key.type.unwrapped)
    }
}
