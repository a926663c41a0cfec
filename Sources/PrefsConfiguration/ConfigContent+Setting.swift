import Configuration
import Foundation
import PrefsModel

/// A setting's value as swift-configuration content. Each setting type has one content type:
/// bool, int, double and data as themselves; text, a choice (its raw value), a date (ISO 8601,
/// `2026-11-21T09:30:00Z`), a URL and a path as text; a list as the array of its items' type.
/// An optional's content is its value's, and an optional without a value is not found.
enum SettingContent {
    /// The content type a setting of `type` is read as, or nil when swift-configuration has none.
    static func configType(of type: PreferenceType) -> ConfigType? {
        switch type {
        case .optional(let wrapped): configType(of: wrapped)
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string, .date, .url, .path: .string
        case .data: .bytes
        case .array(let element):
            switch element {
            case .bool: .boolArray
            case .int: .intArray
            case .double: .doubleArray
            case .string, .date, .url, .path: .stringArray
            case .data: .byteChunkArray
            default: nil
            }
        case .dictionary, .custom: nil
        }
    }

    /// The value `prefs` reads for `key` now (the site's value or lock, the person's, else the
    /// default), as content of `type`; nil for an optional without a value.
    static func content(of key: AnyPreferenceKey, in prefs: PreferencesSnapshot, as type: ConfigType) throws -> ConfigContent? {
        guard let natural = configType(of: key.type) else {
            throw PreferencesProviderError.unsupportedType(key: key.name, settingType: key.type.name)
        }
        if natural == type { return content(prefs.json(of: key), as: natural) }
        // A whole number asked for as a double (a framework's timeout in seconds): given where
        // the double holds it exactly, as the environment provider parses `5` as the type asked
        // for; the reader otherwise swallowed the mismatch and the setting was silently unused.
        if natural == .int, type == .double, let number = wholeAsDouble(prefs.json(of: key)) { return .double(number) }
        if natural == .intArray, type == .doubleArray, case .array(let items) = prefs.json(of: key) {
            let numbers = items.compactMap(wholeAsDouble)
            if numbers.count == items.count { return .doubleArray(numbers) }
        }
        if natural == .int || natural == .intArray, type == .double || type == .doubleArray, prefs.json(of: key) == .null {
            return nil
        }
        throw PreferencesProviderError.typeMismatch(key: key.name, settingType: key.type.name, requested: type, allowed: natural)
    }

    /// A JSON whole number as a double, when the double is exactly that number (below 2^53).
    private static func wholeAsDouble(_ json: JSONValue) -> Double? {
        guard case .int(let value) = json, let exact = Double(exactly: value), Int(exactly: exact) == value else { return nil }
        return exact
    }

    /// JSON as the typed value writes it (``PreferenceValue/jsonValue``), as content of `type`.
    private static func content(_ json: JSONValue, as type: ConfigType) -> ConfigContent? {
        switch (type, json) {
        case (_, .null): nil
        case (.bool, .bool(let value)): .bool(value)
        case (.int, .int(let value)): .int(value)
        case (.double, .double(let value)): .double(value)
        case (.double, .int(let value)): .double(Double(value))
        case (.string, .string(let text)): .string(text)
        case (.bytes, .string(let base64)): Data(base64Encoded: base64).map { .bytes(Array($0)) }
        case (.boolArray, .array(let items)): items.allSatisfy { $0.isBool } ? .boolArray(items.compactMap(\.boolValue)) : nil
        case (.intArray, .array(let items)): .intArray(items.compactMap(\.intValue))
        case (.doubleArray, .array(let items)): .doubleArray(items.compactMap(\.doubleValue))
        case (.stringArray, .array(let items)): .stringArray(items.compactMap(\.stringValue))
        case (.byteChunkArray, .array(let items)):
            .byteChunkArray(items.compactMap { $0.stringValue.flatMap { Data(base64Encoded: $0) }.map(Array.init) })
        default: nil
        }
    }
}

private extension JSONValue {
    var isBool: Bool { boolValue != nil }
    var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    var intValue: Int? { if case .int(let value) = self { value } else { nil } }
    var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }
    var stringValue: String? { if case .string(let value) = self { value } else { nil } }
}
