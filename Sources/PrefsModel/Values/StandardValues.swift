import Foundation

// Conformances of the scalar types. Each type has exactly one parser and one formatter, used by
// the editor and the commands alike.

extension Bool: PreferenceValue {
    public static var preferenceType: PreferenceType { .bool }

    public init?(storedValue: PlistValue) {
        switch storedValue {
        case .bool(let value): self = value
        // Foundation's own `bool(forKey:)` treats 0 and 1 as booleans; hand-written files do too.
        case .int(0): self = false
        case .int(1): self = true
        default: return nil
        }
    }

    public var storedValue: PlistValue? { .bool(self) }

    public init(parsing text: String) throws {
        switch text.trimmingSpaces.lowercased() {
        case "true", "yes", "on", "1": self = true
        case "false", "no", "off", "0": self = false
        default: throw PreferenceError.invalidValue(key: nil, value: text, allowed: Self.preferenceType.textForm)
        }
    }

    public var formatted: String { self ? "true" : "false" }
    public var jsonValue: JSONValue { .bool(self) }

    /// A JSON boolean, or a string that parses as one.
    public init(jsonValue: JSONValue) throws {
        switch jsonValue {
        case .bool(let value): self = value
        case .string(let text): try self.init(parsing: text)
        default: throw PreferenceError.invalidValue(key: nil, value: jsonValue.text, allowed: "true or false")
        }
    }
}

extension Int: PreferenceValue {
    public static var preferenceType: PreferenceType { .int }

    public init?(storedValue: PlistValue) {
        switch storedValue {
        case .int(let value): self = value
        // A hand-edited `<real>15</real>` still means 15; 15.5 does not fit and is reported.
        case .double(let value) where value.rounded() == value && abs(value) < 9.0e18: self = Int(value)
        default: return nil
        }
    }

    public var storedValue: PlistValue? { .int(self) }

    public init(parsing text: String) throws {
        guard let value = Int(text.trimmingSpaces) else {
            // Digits that do not fit: say the range, not only "a whole number", which they are.
            let trimmed = Substring(text.trimmingSpaces)
            let digits = trimmed.first == "-" || trimmed.first == "+" ? trimmed.dropFirst() : trimmed
            let outOfRange = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
            throw PreferenceError.invalidValue(key: nil, value: text,
                                               allowed: outOfRange ? "a whole number from \(Int.min) to \(Int.max)" : Self.preferenceType.textForm)
        }
        self = value
    }

    public var formatted: String { String(self) }
    public var jsonValue: JSONValue { .int(self) }

    /// A JSON whole number (also written with a fraction of zero or an exponent, `1.0`, `1e2`,
    /// as JSON Schema's `integer` counts them: an export its JSON Schema validates must import),
    /// or a string that parses as one.
    public init(jsonValue: JSONValue) throws {
        switch jsonValue {
        case .int(let value): self = value
        case .double(let value) where Int(exactly: value) != nil: self = Int(exactly: value)!
        case .string(let text): try self.init(parsing: text)
        default: throw PreferenceError.invalidValue(key: nil, value: jsonValue.text, allowed: "a whole number")
        }
    }
}

extension Double: PreferenceValue {
    public static var preferenceType: PreferenceType { .double }

    public init?(storedValue: PlistValue) {
        switch storedValue {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        default: return nil
        }
    }

    public var storedValue: PlistValue? { .double(self) }

    /// A finite number; `-0` reads as 0.
    public init(parsing text: String) throws {
        // Only finite numbers: JSON exports and schema files cannot hold infinities or NaN.
        guard let value = Double(text.trimmingSpaces), value.isFinite else {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: Self.preferenceType.textForm)
        }
        self = value.withoutNegativeZero
    }

    /// The number, with negative zero as zero. A setting's zero has no sign a person means:
    /// stored as `-0.0`, `get` would print `-0.0` for a value typed as `-0` or stepped onto
    /// from below, and it would differ from the same setting's `0.0` in the file.
    var withoutNegativeZero: Double { self == 0 ? 0 : self }

    /// Shortest text that parses back to the same number (`21.5`, `3.0`).
    public var formatted: String { description }
    public var jsonValue: JSONValue { .double(self) }

    /// A JSON number, or a string that parses as one; `-0.0` reads as 0.
    public init(jsonValue: JSONValue) throws {
        switch jsonValue {
        case .int(let value): self = Double(value)
        case .double(let value): self = value.withoutNegativeZero
        case .string(let text): try self.init(parsing: text)
        default: throw PreferenceError.invalidValue(key: nil, value: jsonValue.text, allowed: "a finite number")
        }
    }
}

extension String: PreferenceValue {
    public static var preferenceType: PreferenceType { .string }

    public init?(storedValue: PlistValue) {
        guard case .string(let value) = storedValue else { return nil }
        self = value
    }

    public var storedValue: PlistValue? { .string(self) }
    public init(parsing text: String) { self = text }
    public var formatted: String { self }
}

extension Date: PreferenceValue {
    public static var preferenceType: PreferenceType { .date }

    public init?(storedValue: PlistValue) {
        guard case .date(let value) = storedValue else { return nil }
        self = value
    }

    /// Dates are kept to the whole second: an XML plist `<date>` holds no fractions, so
    /// the in-memory store truncates too and both stores return the same value.
    public var storedValue: PlistValue? { .date(Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))) }

    /// Accepts exactly these forms, the whole text being one date that exists:
    /// `2026-11-21T09:30:00Z`, `2026-11-21T09:30:00+01:00`, `2026-11-21T09:30Z`,
    /// `2026-11-21 09:30` (UTC) and `2026-11-21` (midnight UTC); in UTC, from the year 0001 to
    /// 9999.
    public init(parsing text: String) throws {
        guard let date = DateText.parse(text.trimmingSpaces) else {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: Self.preferenceType.textForm)
        }
        // Refused here, quoting the text: the suite file could not store it, and its writer
        // can only name the date it was given.
        guard DateText.range.contains(date.timeIntervalSince1970) else {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: DateText.rangeText)
        }
        self = date
    }

    /// ISO 8601 in UTC, to the second: `2026-11-21T09:30:00Z`.
    public var formatted: String { DateText.format(self) }
}

extension Data: PreferenceValue {
    public static var preferenceType: PreferenceType { .data }

    public init?(storedValue: PlistValue) {
        guard case .data(let value) = storedValue else { return nil }
        self = value
    }

    public var storedValue: PlistValue? { .data(self) }

    public init(parsing text: String) throws {
        guard let data = Data(base64Encoded: text.trimmingSpaces) else {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: Self.preferenceType.textForm)
        }
        self = data
    }

    /// Base64, as plists write data.
    public var formatted: String { base64EncodedString() }
}

extension URL: PreferenceValue {
    public static var preferenceType: PreferenceType { .url }

    /// What a URL setting may hold, for messages.
    static let allowedText = "an absolute URL like https://example.com/path, or an absolute file path"

    /// Reads a URL with a scheme, or an absolute path as a file URL: Foundation stores file URLs
    /// as their bare path (and on Linux stores only the path of any other URL too). Anything
    /// else, such as `www.example.com`, is not a usable URL.
    public init?(storedValue: PlistValue) {
        guard case .string(let text) = storedValue, let url = URL(preferenceText: text) else { return nil }
        self = url
    }

    /// A file URL as its bare absolute path, as Foundation writes it, so Foundation's
    /// `url(forKey:)` reads it back; any other URL as its whole string. A URL without a scheme
    /// is stored as it is written, and the key refuses it because it does not read back.
    public var storedValue: PlistValue? {
        if isFileURL, query == nil, fragment == nil {
            let path = absoluteURL.path
            return .string(hasDirectoryPath && !path.hasSuffix("/") ? path + "/" : path)
        }
        return .string(absoluteString)
    }

    public init(parsing text: String) throws {
        guard let url = URL(preferenceText: text.trimmingSpaces) else {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: Self.preferenceType.textForm)
        }
        self = url
    }

    public var formatted: String { absoluteString }

    private init?(preferenceText text: String) {
        if text.hasPrefix("/") {
            // Saying whether it is a folder keeps Foundation from asking the file system.
            self.init(fileURLWithPath: text, isDirectory: text.hasSuffix("/"))
            return
        }
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else { return nil }
        self = url
    }
}
