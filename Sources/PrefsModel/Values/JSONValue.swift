import Foundation

/// A JSON document as a value: the form values take in schemas, exports and `--json` output.
///
/// Integers and reals are kept apart so that `15` stays `15` and never becomes `15.0`.
///
/// ```swift
/// let json = try JSONValue(parsing: #"["Oslo", "Bergen"]"#)  // .array([.string("Oslo"), .string("Bergen")])
/// json.text                                                   // #"["Oslo","Bergen"]"#
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text; throws with the parser's reason when it is not JSON.
    ///
    /// ```swift
    /// try JSONValue(parsing: "true")  // .bool(true)
    /// ```
    public init(parsing text: String) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// Compact JSON with sorted keys, on one line.
    ///
    /// ```swift
    /// JSONValue.object(["b": .int(1), "a": .null]).text  // {"a":null,"b":1}
    /// ```
    public var text: String { encoded(pretty: false) }

    /// Indented JSON with sorted keys, for files people read.
    ///
    /// ```swift
    /// print(schemaJSON.prettyText)
    /// ```
    public var prettyText: String { encoded(pretty: true) }

    private func encoded(pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: every case maps to a JSON value (non-finite
        // doubles are written as strings by `encode(to:)`).
        let data = (try? encoder.encode(self)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The string inside, if this is a JSON string.
    ///
    /// ```swift
    /// JSONValue.string("x").stringValue  // "x"
    /// ```
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A short name of the JSON kind, for messages.
    ///
    /// ```swift
    /// JSONValue.int(1).kindName  // "number"
    /// ```
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value, trying the narrowest kind first so `1` is an integer and `true` a boolean.
    ///
    /// ```swift
    /// try JSONDecoder().decode(JSONValue.self, from: Data("1".utf8))  // .int(1)
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as plain JSON.
    ///
    /// ```swift
    /// try JSONEncoder().encode(JSONValue.int(1))  // "1"
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value):
            if value.isFinite { try container.encode(value) } else { try container.encode(String(value)) }
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }
}
