import Foundation

/// Opt-in storage for any Codable type: stored as a JSON string in the plist, written and read
/// as JSON text.
///
/// Storing JSON text rather than nested plist dictionaries keeps a type change from being
/// half-read: a value that no longer decodes reads as the key's default, with a diagnostic.
///
/// ```swift
/// struct Alert: PreferenceCodable { var city: String; var below: Double }
/// let key = PreferenceKey<Alert>("frostAlert", default: Alert(city: "Oslo", below: 0))
/// ```
public protocol PreferenceCodable: PreferenceValue, Codable {}

extension PreferenceCodable {
    public static var preferenceType: PreferenceType { .custom("json") }

    public init?(storedValue: PlistValue) {
        guard case .string(let text) = storedValue,
              let value = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else { return nil }
        self = value
    }

    public var storedValue: PlistValue? { .string(formatted) }

    public init(parsing text: String) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(text.utf8))
        } catch {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: "JSON for \(Self.self)")
        }
    }

    /// Compact JSON with sorted keys, so equal values have equal text.
    public var formatted: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    public var jsonValue: JSONValue { (try? JSONValue(parsing: formatted)) ?? .null }

    public init(jsonValue: JSONValue) throws { try self.init(parsing: jsonValue.text) }
}
