/// One allowed value of a choice setting: its text form and the title a UI shows.
///
/// ```swift
/// ChoiceOption(value: "fahrenheit", title: "Fahrenheit")
/// ```
public struct ChoiceOption: Sendable, Hashable, Codable {
    /// The value's text form, as stored and as `set` accepts it.
    public var value: String
    /// The title a UI shows.
    public var title: String

    /// Makes an option.
    ///
    /// ```swift
    /// ChoiceOption(value: "kelvin", title: "Kelvin")
    /// ```
    public init(value: String, title: String) {
        self.value = value
        self.title = title
    }

    /// Why two choices cannot both be offered: they are one value (as written, or once read as
    /// the setting's type), and a choice is picked by its value.
    package static func repeatedMessage(_ first: String, _ second: String) -> String {
        let same = first == second ? "\"\(first.controlCharactersEscaped)\" is a choice twice"
            : "the choices \"\(first.controlCharactersEscaped)\" and \"\(second.controlCharactersEscaped)\" are the same value"
        return same + "; each choice needs a value of its own"
    }

    /// The first value in `options` that an earlier option already has, with that earlier one.
    package static func firstRepeat(in options: [ChoiceOption]) -> (first: String, second: String)? {
        var seen = Set<String>()
        for option in options where !seen.insert(option.value).inserted { return (option.value, option.value) }
        return nil
    }
}

/// An enum whose cases are the allowed values of a setting, stored as their raw values.
///
/// Text parses from the raw value or the title (any case), so both `fahrenheit` and
/// `Fahrenheit` work. The key's rule lists the cases automatically.
///
/// ```swift
/// enum TemperatureNotation: String, PreferenceChoice {
///     case celsius, fahrenheit, kelvin
///     var title: String { rawValue.capitalized }
/// }
/// let key = PreferenceKey<TemperatureNotation>("temperatureNotation", default: .celsius)
/// ```
public protocol PreferenceChoice: PreferenceValue, CaseIterable, RawRepresentable where RawValue: PreferenceValue {
    /// The title a UI shows for this case.
    var title: String { get }
}

extension PreferenceChoice {
    public static var preferenceType: PreferenceType { RawValue.preferenceType }

    public init?(storedValue: PlistValue) {
        guard let raw = RawValue(storedValue: storedValue), let value = Self(rawValue: raw) else { return nil }
        self = value
    }

    public var storedValue: PlistValue? { rawValue.storedValue }

    public init(parsing text: String) throws {
        let wanted = text.trimmingSpaces
        let cases = Self.allCases
        let match = cases.first { $0.rawValue.formatted == wanted }
            ?? cases.first { $0.rawValue.formatted.lowercased() == wanted.lowercased() }
            ?? cases.first { $0.title.lowercased() == wanted.lowercased() }
        guard let match else {
            throw PreferenceError.invalidValue(
                key: nil, value: text, allowed: "one of " + cases.map(\.rawValue.formatted).joined(separator: ", "))
        }
        self = match
    }

    public var formatted: String { rawValue.formatted }
    public var jsonValue: JSONValue { rawValue.jsonValue }

    /// The raw value in its JSON kind, or a string naming a raw value or title.
    public init(jsonValue: JSONValue) throws {
        if let raw = try? RawValue(jsonValue: jsonValue), let value = Self(rawValue: raw) {
            self = value
        } else {
            try self.init(parsing: jsonValue.stringValue ?? jsonValue.text)
        }
    }

    public static var builtInChoices: [ChoiceOption]? {
        allCases.map { ChoiceOption(value: $0.rawValue.formatted, title: $0.title) }
    }
}
