/// When a setting is in use, said as data: other settings and the values under which this one
/// is in use. Unlike a closure, it travels with the schema: ``PreferenceSchema/jsonText``,
/// ``PreferenceSchema/install(environment:dropping:)``, `prefs-tui schema` and the JSON Schema's
/// `if` all carry it, so every tool shows the setting as the program does.
///
/// ```swift
/// static let proxyHost = PreferenceKey<String>("proxyHost", default: "", inUseWhen: .when(.useProxy))
/// static let feelsLike = PreferenceKey<Bool>("showFeelsLike", default: true,
///                                            inUseWhen: .when(.temperatureNotation, in: [.celsius, .fahrenheit]))
/// static let remoteHost = PreferenceKey<String>("host", default: "", inUseWhen: .all(.when(.mode, is: .remote), .when(.enabled)))
/// ```
public struct PreferenceCondition: Sendable, Equatable {
    /// Every one must hold: a setting by name and the values (as JSON) it may have.
    let requirements: [InUseCondition.Requirement]

    /// In use while a bool setting is on.
    ///
    /// ```swift
    /// PreferenceKey<String>("proxyHost", default: "", inUseWhen: .when(.useProxy))
    /// ```
    public static func when(_ key: PreferenceKey<Bool>) -> PreferenceCondition {
        when(key, is: true)
    }

    /// In use while `key` has the value `value`.
    ///
    /// ```swift
    /// PreferenceKey<String>("host", default: "", inUseWhen: .when(.mode, is: .remote))
    /// ```
    public static func when<Value>(_ key: PreferenceKey<Value>, is value: Value) -> PreferenceCondition {
        when(key, in: [value])
    }

    /// In use while `key` has one of `values`.
    ///
    /// ```swift
    /// PreferenceKey<Bool>("showFeelsLike", default: true, inUseWhen: .when(.temperatureNotation, in: [.celsius, .fahrenheit]))
    /// ```
    public static func when<Value>(_ key: PreferenceKey<Value>, in values: [Value]) -> PreferenceCondition {
        // As a schema file holds them: the value's JSON as the setting writes it (`null` for an
        // unset optional), so the file reads back as the same condition.
        let json = values.map { value in value.storedValue.map { key.json(of: $0) } ?? .null }
        return PreferenceCondition(requirements: [InUseCondition.Requirement(key: key.name, values: json)])
    }

    /// In use while every one of `conditions` holds. Two about one setting leave the values
    /// both allow.
    ///
    /// ```swift
    /// PreferenceKey<String>("host", default: "", inUseWhen: .all(.when(.enabled), .when(.mode, is: .remote)))
    /// ```
    public static func all(_ conditions: PreferenceCondition...) -> PreferenceCondition {
        var merged: [InUseCondition.Requirement] = []
        for requirement in conditions.flatMap(\.requirements) {
            if let index = merged.firstIndex(where: { $0.key == requirement.key }) {
                let both = merged[index].values.filter(requirement.values.contains)
                merged[index] = InUseCondition.Requirement(key: requirement.key, values: both)
            } else {
                merged.append(requirement)
            }
        }
        return PreferenceCondition(requirements: merged)
    }

    /// The condition the key keeps, the same one a schema file's `"inUseWhen"` makes.
    var inUseCondition: InUseCondition { InUseCondition(requirements: requirements) }
}
