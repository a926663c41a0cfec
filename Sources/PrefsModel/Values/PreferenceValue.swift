/// A type that can be the value of a setting: how it is stored in the plist, and how it reads
/// and writes as text.
///
/// The standard types (Bool, Int, Double, String, Date, Data, URL, arrays, string-keyed
/// dictionaries, optionals) conform already; enums adopt ``PreferenceChoice`` and Codable types
/// adopt ``PreferenceCodable``. A custom type implements the five requirements below:
///
/// ```swift
/// struct Celsius: PreferenceValue {
///     var degrees: Double
///     static let preferenceType = PreferenceType.custom("celsius")
///     init(degrees: Double) { self.degrees = degrees }
///     init?(storedValue: PlistValue) {
///         guard let degrees = Double(storedValue: storedValue) else { return nil }
///         self.degrees = degrees
///     }
///     var storedValue: PlistValue? { .double(degrees) }
///     init(parsing text: String) throws { degrees = try Double(parsing: text) }
///     var formatted: String { degrees.formatted }
/// }
/// ```
public protocol PreferenceValue: Sendable, Equatable {
    /// The type as schemas name it.
    static var preferenceType: PreferenceType { get }

    /// Reads a stored plist value; nil when it is not a value of this type.
    init?(storedValue: PlistValue)

    /// The plist value to store; nil means "nothing stored" (only an unset optional).
    var storedValue: PlistValue? { get }

    /// Parses the text form that ``formatted`` produces (and friendlier spellings).
    /// Throws ``PreferenceError/invalidValue(key:value:allowed:)`` without a key.
    init(parsing text: String) throws

    /// The text form: what `prefs-tui get` prints and `set` accepts.
    var formatted: String { get }

    /// The value inside JSON documents (schemas, exports, `--json`). Defaults to a JSON string
    /// of ``formatted``; numbers, booleans and lists use their JSON kinds.
    var jsonValue: JSONValue { get }

    /// Reads the value from JSON. Defaults to parsing a JSON string.
    init(jsonValue: JSONValue) throws

    /// Parses command-line arguments: one argument for most types, several items for lists.
    static func parse(arguments: [String]) throws -> Self

    /// The choices an enum offers, used as the key's rule; nil for other types.
    static var builtInChoices: [ChoiceOption]? { get }
}

extension PreferenceValue {
    public var jsonValue: JSONValue { .string(formatted) }

    /// Text-based types come from JSON strings only: `3` is not a city name.
    public init(jsonValue: JSONValue) throws {
        guard case .string(let text) = jsonValue else {
            throw PreferenceError.invalidValue(key: nil, value: jsonValue.text, allowed: "a JSON string holding a \(Self.preferenceType.name)")
        }
        try self.init(parsing: text)
    }

    public static func parse(arguments: [String]) throws -> Self {
        guard arguments.count == 1 else {
            throw PreferenceError.invalidValue(
                key: nil, value: arguments.joined(separator: " "),
                allowed: "exactly one \(preferenceType.name) value")
        }
        return try Self(parsing: arguments[0])
    }

    public static var builtInChoices: [ChoiceOption]? { nil }
}
