import Foundation

/// A value as a property list stores it: what lives in the suite's `.plist` file.
///
/// Stores hold and exchange these, so they stay `Sendable` and comparable, unlike the `Any`
/// that Foundation's property-list APIs use.
///
/// ```swift
/// let stored: PlistValue = .array([.string("Oslo"), .string("Bergen")])
/// ```
public enum PlistValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    /// An integer above `Int.max`, up to `UInt64.max`: plist files can hold it (another program
    /// may write `<integer>18446744073709551615</integer>`) and `Int` cannot. Every integer that
    /// fits `Int` is `.int`; this case exists so such a value survives our writes unchanged.
    ///
    /// ```swift
    /// store.storedValue(forKey: "serial")  // .unsignedInt(18446744073709551615)
    /// ```
    case unsignedInt(UInt64)
    case double(Double)
    case string(String)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// The Foundation object for `PropertyListSerialization`.
    ///
    /// ```swift
    /// PlistValue.int(3).foundationObject  // 3 as Any
    /// ```
    public var foundationObject: Any {
        switch self {
        case .bool(let value): return value
        case .int(let value): return value
        case .unsignedInt(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .date(let value): return value
        case .data(let value): return value
        case .array(let values): return values.map(\.foundationObject)
        case .dictionary(let values): return values.mapValues(\.foundationObject)
        }
    }

    /// Converts what `PropertyListSerialization` returned; nil for anything a plist cannot hold.
    ///
    /// ```swift
    /// PlistValue(foundationObject: "Oslo")  // .string("Oslo")
    /// ```
    public init?(foundationObject object: Any) {
        switch object {
        case let value as Bool where !(object is NSNumber) || Self.isBoolean(object):
            self = .bool(value)
        case let number as NSNumber:
            // On Linux integers and reals both come back as NSNumber; the objCType tells
            // `<integer>` ("q") from `<real>` ("d"), and `as? Int` would silently accept 3.0.
            let kind = String(cString: number.objCType)
            if kind == "d" || kind == "f" {
                self = .double(number.doubleValue)
            } else if kind == "c" || kind == "B" {
                self = .bool(number.boolValue)
            } else if kind == "Q" && number.uint64Value > UInt64(Int.max) {
                // Foundation's parser keeps `<integer>` values above Int64.max as unsigned
                // ("Q"); `intValue` would wrap 18446744073709551615 to -1.
                self = .unsignedInt(number.uint64Value)
            } else {
                self = .int(number.intValue)
            }
        case let value as String: self = .string(value)
        case let value as Date: self = .date(value)
        case let value as Data: self = .data(value)
        case let values as [Any]:
            var converted: [PlistValue] = []
            converted.reserveCapacity(values.count)
            for value in values {
                guard let element = PlistValue(foundationObject: value) else { return nil }
                converted.append(element)
            }
            self = .array(converted)
        case let values as [AnyHashable: Any]:
            var converted: [String: PlistValue] = [:]
            for (key, value) in values {
                guard let key = key.base as? String, let element = PlistValue(foundationObject: value) else {
                    return nil
                }
                // Two keys Swift takes for one (two Unicode normalizations of a text): refused,
                // as our own readers refuse them (see `PlistDocument.duplicateKeysReason`).
                guard converted.updateValue(element, forKey: key) == nil else { return nil }
            }
            self = .dictionary(converted)
        default:
            return nil
        }
    }

    private static func isBoolean(_ object: Any) -> Bool {
        guard let number = object as? NSNumber else { return true }
        let kind = String(cString: number.objCType)
        return kind == "c" || kind == "B"
    }

    /// A short description for messages: `"fahrenheit"`, `42`, `[3 items]`.
    ///
    /// ```swift
    /// PlistValue.string("x").summary  // "\"x\""
    /// ```
    public var summary: String {
        switch self {
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .unsignedInt(let value): return String(value)
        case .double(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        case .date(let value): return DateText.format(value)
        case .data(let value): return "<\(value.count) bytes>"
        case .array(let values): return "[\(values.count) item\(values.count == 1 ? "" : "s")]"
        case .dictionary(let values): return "{\(values.count) entr\(values.count == 1 ? "y" : "ies")}"
        }
    }

    /// The plist element name, for messages ("stored as string").
    ///
    /// ```swift
    /// PlistValue.int(1).kindName  // "integer"
    /// ```
    package var kindName: String {
        switch self {
        case .bool: return "boolean"
        case .int, .unsignedInt: return "integer"
        case .double: return "real"
        case .string: return "string"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dictionary"
        }
    }
}
