import Foundation

/// Any property-list value as a setting of type `plist`: the type of lists and dictionaries in a
/// suite's file whose items are of mixed or nested kinds, which no `[T]` or `[string: T]` fits.
///
/// Its JSON form keeps the plist type, so an export read back by `import` gives the very same
/// value: integers stay integers and reals reals, and the kinds JSON lacks are tagged,
/// `{"$date": "2026-11-21T09:30:00Z"}` (whole seconds, as the suite file stores dates),
/// `{"$data": "AAEC"}`, `{"$integer": "18446744073709551615"}` for an integer above `Int.max`
/// (JSON readers, ours included, would turn it into an inexact real), and `{"$real": "nan"}`,
/// `"inf"` or `"-inf"` for the reals JSON has no number for. A dictionary that would
/// read as such a tag is itself wrapped as `{"$dictionary": {…}}`.
///
/// ```swift
/// let key = PreferenceKey<[PlistValue]>("recent", default: [])
/// PlistValue.date(Date(timeIntervalSince1970: 0)).jsonValue  // {"$date":"1970-01-01T00:00:00Z"}
/// ```
extension PlistValue: PreferenceValue {
    public static var preferenceType: PreferenceType { .custom("plist") }

    public init?(storedValue: PlistValue) { self = storedValue }

    public var storedValue: PlistValue? { self }

    /// JSON in the tagged form; text that is not JSON is taken as a string, so typing `Oslo`
    /// into a list item means the text Oslo. JSON that cannot be taken (a number out of range,
    /// a duplicate key) is refused: stored as text, `1e400` would turn a number into a string.
    public init(parsing text: String) throws {
        // An integer above Int.max, as `get` prints it, is that integer: the JSON scanner refuses it.
        if let value = UInt64(text), Int(exactly: value) == nil {
            self = .unsignedInt(value)
            return
        }
        let json: JSONValue
        do { json = try JSONValue(parsing: text) } catch {
            let detail = JSONSyntaxError.detail(of: error)
            guard detail.isEmpty else {
                throw PreferenceError.invalidValue(key: nil, value: text, allowed: "JSON for a property-list value, or text" + detail)
            }
            self = .string(text)
            return
        }
        try self.init(jsonValue: json)
    }

    /// Compact JSON in the tagged form; an integer above `Int.max` as its bare digits, which
    /// ``init(parsing:)`` reads back.
    public var formatted: String {
        if case .unsignedInt(let value) = self { return String(value) }
        return jsonValue.text
    }

    public var jsonValue: JSONValue {
        switch self {
        case .date(let value): return .object([Self.dateTag: .string(value.formatted)])
        case .unsignedInt(let value): return .object([Self.integerTag: .string(String(value))])
        case .data(let value): return .object([Self.dataTag: .string(value.base64EncodedString())])
        case .array(let values): return .array(values.map(\.jsonValue))
        case .dictionary(let values):
            let object = JSONValue.object(values.mapValues(\.jsonValue))
            return values.count == 1 && Self.tags.contains(values.keys.first!) ? .object([Self.dictionaryTag: object]) : object
        default:
            return scalarJSON
        }
    }

    /// The JSON of a scalar that JSON has a kind for. Written as `if case` tests rather than a
    /// switch so that a scalar kind added to PlistValue still compiles: such a value is written
    /// as its exact text.
    private var scalarJSON: JSONValue {
        if case .bool(let value) = self { return .bool(value) }
        if case .int(let value) = self { return .int(value) }
        if case .double(let value) = self {
            guard value.isFinite else { return .object([Self.realTag: .string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")]) }
            return .double(value)
        }
        if case .string(let value) = self { return .string(value) }
        return .string(summary)
    }

    public init(jsonValue: JSONValue) throws {
        switch jsonValue {
        case .null:
            throw PreferenceError.invalidValue(key: nil, value: "null", allowed: "a property-list value (null has no plist form)")
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(try items.map(PlistValue.init(jsonValue:)))
        case .object(let members):
            if members.count == 1, let (tag, inner) = members.first, Self.tags.contains(tag) {
                self = try Self.untagged(tag, inner)
            } else {
                self = .dictionary(try members.mapValues(PlistValue.init(jsonValue:)))
            }
        }
    }

    private static let dateTag = "$date", dataTag = "$data", integerTag = "$integer", realTag = "$real", dictionaryTag = "$dictionary"
    private static let tags: Set<String> = [dateTag, dataTag, integerTag, realTag, dictionaryTag]

    private static func untagged(_ tag: String, _ inner: JSONValue) throws -> PlistValue {
        switch (tag, inner) {
        case (dateTag, .string(let text)): return .date(try Date(parsing: text))
        case (dataTag, .string(let text)): return .data(try Data(parsing: text))
        case (integerTag, .string(let text)) where UInt64(text) != nil:
            let value = UInt64(text)!
            return Int(exactly: value).map { .int($0) } ?? .unsignedInt(value)
        case (realTag, .string("nan")): return .double(.nan)
        case (realTag, .string("inf")): return .double(.infinity)
        case (realTag, .string("-inf")): return .double(-.infinity)
        case (dictionaryTag, .object(let members)): return .dictionary(try members.mapValues(PlistValue.init(jsonValue:)))
        default:
            throw PreferenceError.invalidValue(
                key: nil, value: JSONValue.object([tag: inner]).text,
                allowed: "\"$date\" with ISO 8601 text, \"$data\" with base64 text, \"$integer\" with the digits of an integer up to 18446744073709551615, \"$real\" with nan, inf or -inf, or \"$dictionary\" with an object")
        }
    }
}
