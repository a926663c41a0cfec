// Lists, string-keyed dictionaries and optionals of preference values. Their text form is JSON,
// so one line carries the whole value and `format` then `parse` gives it back.

extension Array: PreferenceValue where Element: PreferenceValue {
    public static var preferenceType: PreferenceType { .array(Element.preferenceType) }

    public init?(storedValue: PlistValue) {
        guard case .array(let items) = storedValue else { return nil }
        // A list of text, the commonest list, read without `Element`'s witnesses: through them,
        // each item cost a generic call, and `list` reads each such value twice (judged, shown).
        if Element.self == String.self {
            var strings: [String] = []
            strings.reserveCapacity(items.count)
            for item in items {
                guard case .string(let text) = item else { return nil }
                strings.append(text)
            }
            self = unsafeBitCast(strings, to: [Element].self)
            return
        }
        var values: [Element] = []
        values.reserveCapacity(items.count)
        for item in items {
            guard let value = Element(storedValue: item) else { return nil }
            values.append(value)
        }
        self = values
    }

    // Closures, not key paths: a key path through a generic `Element` is instantiated at run time
    // on every call (about 18,000 instructions each; 19 % of a 10,000-setting `render`).
    public var storedValue: PlistValue? {
        // Sized once: `compactMap` grows by doubling, which held a long list twice over.
        var items: [PlistValue] = []
        items.reserveCapacity(count)
        for element in self { if let item = element.storedValue { items.append(item) } }
        return .array(items)
    }

    /// A JSON array: `["Oslo","Bergen"]`, `[5,10]`.
    public init(parsing text: String) throws {
        let json: JSONValue
        do { json = try JSONValue(parsing: text) } catch {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: Self.preferenceType.textForm
                                                + JSONSyntaxError.detail(of: error))
        }
        try self.init(jsonValue: json)
    }

    public var formatted: String {
        if Element.self == String.self { return JSONValue.text(ofStrings: unsafeBitCast(self, to: [String].self)) }
        return jsonValue.text
    }
    public var jsonValue: JSONValue {
        // As `init(storedValue:)`: a list of text without a generic call per item.
        if Element.self == String.self { return .array(unsafeBitCast(self, to: [String].self).map(JSONValue.string)) }
        return .array(map { $0.jsonValue })
    }

    public init(jsonValue: JSONValue) throws {
        guard case .array(let items) = jsonValue else {
            throw PreferenceError.invalidValue(key: nil, value: jsonValue.text, allowed: "a JSON array of \(Element.preferenceType.name)")
        }
        self = try items.map { try Element(jsonValue: $0) }
    }

    /// One JSON array, or each argument as one item (`set favoriteCities Oslo Bergen`).
    /// No arguments make an empty list.
    public static func parse(arguments: [String]) throws -> [Element] {
        if arguments.count == 1, arguments[0].trimmingSpaces.hasPrefix("[") {
            return try Self(parsing: arguments[0])
        }
        return try arguments.map { try Element(parsing: $0) }
    }
}

/// A list value seen from a type-erased key: one item parsed with the item type's own parser,
/// the one `set KEY ITEM…` uses, so the list editor needs no parser of its own.
protocol PreferenceListValue: Sendable {
    /// The JSON of one item typed as text (`"8080"` → `8080` for `[Int]`).
    static func itemJSON(parsing text: String) throws -> JSONValue
    /// Whether one item, as JSON, is a value of the item type (the rule is not checked).
    static func itemFits(json: JSONValue) -> Bool
}

extension Array: PreferenceListValue where Element: PreferenceValue {
    static func itemJSON(parsing text: String) throws -> JSONValue { try Element(parsing: text).jsonValue }
    static func itemFits(json: JSONValue) -> Bool { (try? Element(jsonValue: json)) != nil }
}

extension Optional: PreferenceListValue where Wrapped: PreferenceListValue {
    static func itemJSON(parsing text: String) throws -> JSONValue { try Wrapped.itemJSON(parsing: text) }
    static func itemFits(json: JSONValue) -> Bool { Wrapped.itemFits(json: json) }
}

extension Dictionary: PreferenceValue where Key == String, Value: PreferenceValue {
    public static var preferenceType: PreferenceType { .dictionary(Value.preferenceType) }

    public init?(storedValue: PlistValue) {
        guard case .dictionary(let items) = storedValue else { return nil }
        var values: [String: Value] = [:]
        for (key, item) in items {
            guard let value = Value(storedValue: item) else { return nil }
            values[key] = value
        }
        self = values
    }

    // Closures, not key paths: see the array's `storedValue`.
    public var storedValue: PlistValue? { .dictionary(compactMapValues { $0.storedValue }) }

    /// A JSON object: `{"Oslo":1,"Bergen":2}`.
    public init(parsing text: String) throws {
        let json: JSONValue
        do { json = try JSONValue(parsing: text) } catch {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: Self.preferenceType.textForm
                                                + JSONSyntaxError.detail(of: error))
        }
        try self.init(jsonValue: json)
    }

    public var formatted: String { jsonValue.text }
    public var jsonValue: JSONValue { .object(mapValues { $0.jsonValue }) }

    public init(jsonValue: JSONValue) throws {
        guard case .object(let items) = jsonValue else {
            throw PreferenceError.invalidValue(key: nil, value: jsonValue.text, allowed: "a JSON object of \(Value.preferenceType.name)")
        }
        self = try items.mapValues { try Value(jsonValue: $0) }
    }
}

extension Optional: PreferenceValue where Wrapped: PreferenceValue {
    public static var preferenceType: PreferenceType { .optional(Wrapped.preferenceType) }

    public init?(storedValue: PlistValue) {
        guard let value = Wrapped(storedValue: storedValue) else { return nil }
        self = .some(value)
    }

    /// nil stores nothing: assigning nil removes the stored value.
    public var storedValue: PlistValue? { self?.storedValue }

    /// Empty text means "unset".
    public init(parsing text: String) throws {
        self = text.isEmpty ? nil : try Wrapped(parsing: text)
    }

    /// An unset value formats as empty text.
    public var formatted: String { self?.formatted ?? "" }
    public var jsonValue: JSONValue { self?.jsonValue ?? .null }

    public init(jsonValue: JSONValue) throws {
        self = jsonValue == .null ? nil : try Wrapped(jsonValue: jsonValue)
    }

    /// No arguments, or one empty argument, mean "unset".
    public static func parse(arguments: [String]) throws -> Wrapped? {
        if arguments.isEmpty || arguments == [""] { return nil }
        return try Wrapped.parse(arguments: arguments)
    }

    public static var builtInChoices: [ChoiceOption]? { Wrapped.builtInChoices }
}
