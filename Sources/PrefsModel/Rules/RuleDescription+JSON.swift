extension RuleDescription {
    /// The rule as a schema file holds it: `{"min":5,"max":240,"step":5}`,
    /// `{"nonEmpty":true,"maxLength":64}`, `{"choices":[{"value":"celsius","title":"Celsius"}]}`,
    /// `{"each":{…}}`; nil for ``any``.
    ///
    /// ```swift
    /// RuleDescription.range(min: 0, max: 2, step: 1).jsonValue  // {"max":2,"min":0,"step":1}
    /// ```
    package var jsonValue: JSONValue? {
        switch self {
        case .any:
            return nil
        case .range(let min, let max, let step):
            var object: [String: JSONValue] = [:]
            object["min"] = min.map(Self.jsonNumber)
            object["max"] = max.map(Self.jsonNumber)
            object["step"] = step.map(Self.jsonNumber)
            // A range without bounds is still a range ("any number"): written as `{}` it read
            // back as no rule at all, and a copy of the schema (installed, compiled) differed.
            if object.isEmpty { object["min"] = .null }
            return .object(object)
        case .text(let nonEmpty, let maxLength, let pattern, let multiline):
            var object: [String: JSONValue] = [:]
            if nonEmpty { object["nonEmpty"] = .bool(true) }
            if multiline { object["multiline"] = .bool(true) }
            object["maxLength"] = maxLength.map(JSONValue.int)
            object["pattern"] = pattern.map(JSONValue.string)
            // As for a range: text without limits is still a text rule ("text"), not none.
            if object.isEmpty { object["nonEmpty"] = .bool(false) }
            return .object(object)
        case .choices(let options):
            return .object(["choices": .array(options.map { .object(["value": .string($0.value), "title": .string($0.title)]) })])
        case .each(let inner):
            return .object(["each": inner.jsonValue ?? .object([:])])
        case .path(let requirement):
            return .object(["path": .string(requirement.rawValue)])
        }
    }

    /// Reads a rule from a schema file; the error says what is wrong with it. Every field of the
    /// rule, of a nested `each` rule and of a choice written as an object must be one the rule
    /// reads: anything else (a typo, or a field of another kind of rule) is an error naming it.
    ///
    /// ```swift
    /// try RuleDescription(json: .object(["min": .int(0), "max": .int(2)]))
    /// ```
    package init(json: JSONValue) throws {
        try self.init(json: json, at: "rule")
    }

    /// `place` is where the rule sits in its setting (`rule`, `rule.each`), for messages.
    private init(json: JSONValue, at place: String) throws {
        guard case .object(let object) = json else {
            throw RuleError("a rule must be an object, not \(json.kindName)" + (place == "rule" ? "" : " (in \"\(place)\")"))
        }
        try self.init(fields: RuleFields(object), at: place)
    }

    /// A rule from its fields as the streamed schema reader found them, in file order.
    init(fields: RuleFields) throws {
        try self.init(fields: fields, at: "rule")
    }

    private init(fields object: RuleFields, at place: String) throws {
        if object.isEmpty { self = .any; return }
        // First a typo anywhere among the rule's fields, with "did you mean"; then a field that
        // is real but belongs to another kind of rule than the one this object is.
        // (The checks run only where they may find something: a name no rule has, or fields of
        // more than one kind.)
        if !object.allKnown { try SchemaFields.check(names: object.names, allowed: SchemaFields.rule, in: "\"\(place)\"") }
        if let kind = SchemaFields.ruleKinds.first(where: { kind in object.present & kind.bits != 0 }),
           !object.allKnown || object.present & ~kind.bits != 0 {
            try SchemaFields.check(names: object.names, allowed: kind.fields, in: "\"\(place)\" for \(kind.name)", suggesting: false)
        }
        if let each = object[.each] {
            self = .each(try RuleDescription(json: each, at: place + ".each"))
        } else if let path = object[.path] {
            let names = PathRequirement.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            guard case .string(let name) = path, let requirement = PathRequirement(rawValue: name) else {
                throw RuleError("\"path\" must be one of \(names), not \(path.text)")
            }
            self = .path(requirement)
        } else if let choices = object[.choices] {
            guard case .array(let items) = choices, !items.isEmpty else { throw RuleError("\"choices\" must be a non-empty array") }
            self = .choices(try items.enumerated().map { index, item in
                try Self.choice(item, at: "\(place).choices[\(index)]")
            })
        } else if object[.min] != nil || object[.max] != nil || object[.step] != nil {
            func number(_ field: RuleFields.Field) throws -> RuleNumber? {
                let name = field.name
                switch object[field] {
                case nil, .null?: return nil
                case .int(let value)?: return RuleNumber(value)
                case .double(let value)? where value.isFinite: return RuleNumber(value)
                case .double(let value)?: throw RuleError("\"\(name)\" \(value) is not allowed; allowed: a finite number")
                case let other?: throw RuleError("\"\(name)\" must be a number, not \(other.kindName)")
                }
            }
            let min = try number(.min), max = try number(.max), step = try number(.step)
            if let min, let max, min.isGreater(than: max) {
                throw RuleError("\"min\" \(Self.numberText(object[.min])) is greater than \"max\" \(Self.numberText(object[.max]))")
            }
            if let step, step.double <= 0 { throw RuleError("\"step\" \(Self.numberText(object[.step])) is not allowed; allowed: a positive number") }
            self = .range(min: min, max: max, step: step)
        } else if object[.nonEmpty] != nil || object[.maxLength] != nil || object[.pattern] != nil || object[.multiline] != nil {
            func flag(_ field: RuleFields.Field) throws -> Bool {
                guard let value = object[field] else { return false }
                guard case .bool(let flag) = value else { throw RuleError("\"\(field.name)\" must be true or false") }
                return flag
            }
            let nonEmpty = try flag(.nonEmpty), multiline = try flag(.multiline)
            var maxLength: Int?
            if let value = object[.maxLength] {
                guard case .int(let length) = value, length >= 0 else { throw RuleError("\"maxLength\" must be a whole number ≥ 0") }
                maxLength = length
            }
            var pattern: String?
            if let value = object[.pattern] {
                guard case .string(let text) = value, WholeTextPattern(text) != nil else {
                    throw RuleError("\"pattern\" must be a valid regular expression")
                }
                pattern = text
            }
            self = .text(nonEmpty: nonEmpty, maxLength: maxLength, pattern: pattern, multiline: multiline)
        } else {
            throw RuleError("unknown rule; use min/max/step, nonEmpty/maxLength/pattern/multiline, choices or each")
        }
    }

    /// One entry of `"choices"`: a bare string or whole number, or `{"value": …, "title": …}`.
    private static func choice(_ item: JSONValue, at place: String) throws -> ChoiceOption {
        if case .string(let value) = item { return ChoiceOption(value: value, title: value) }
        if case .int(let value) = item { return ChoiceOption(value: String(value), title: String(value)) }
        guard case .object(let fields) = item, let value = fields["value"] else {
            throw RuleError("each choice must be a string or {\"value\": …, \"title\": …}")
        }
        try SchemaFields.check(fields, allowed: SchemaFields.choice, in: "\"\(place)\"")
        let text = value.stringValue ?? value.text
        switch fields["title"] {
        case nil, .null?: return ChoiceOption(value: text, title: text)
        case .string(let title)?: return ChoiceOption(value: text, title: title)
        case let other?: throw RuleError("\"title\" in \"\(place)\" must be text, not \(other.kindName)")
        }
    }

    /// Whether a value (in its JSON form) follows the rule: the check used by keys that come
    /// from schema files, whose value types are only known at run time.
    func allows(_ value: JSONValue) -> Bool {
        switch self {
        case .any:
            return true
        case .range:
            switch value {
            case .int(let int): return NumberGrid(self).contains(int)
            case .double(let double): return NumberGrid(self).contains(double)
            default: return false
            }
        case .text(let nonEmpty, let maxLength, let pattern, let multiline):
            guard case .string(let text) = value else { return false }
            return PreferenceRule<String>.text(nonEmpty: nonEmpty, maxLength: maxLength, pattern: pattern, multiline: multiline).allows(text)
        case .choices(let options):
            let text = value.stringValue ?? value.text
            return options.contains { $0.value == text }
        case .each(let inner):
            guard case .array(let items) = value else { return false }
            return items.allSatisfy(inner.allows)
        case .path(let requirement):
            guard case .string(let text) = value else { return false }
            return requirement.allows(text)
        }
    }

    /// ``allows(_:)`` with the rule's parts built once: the check a key from a schema file
    /// keeps for all its values, nil for a rule that allows anything.
    ///
    /// Why: `allows` builds a number grid or a text rule (with its pattern matcher) for every
    /// value it checks, and a caller holding a value to check also has to convert it to JSON
    /// first; loading ten thousand settings did both for each default and each stored value.
    func jsonCheck() -> (@Sendable (JSONValue) -> Bool)? {
        switch self {
        case .any:
            return nil
        case .range:
            let grid = NumberGrid(self)
            return { value in
                switch value {
                case .int(let int): return grid.contains(int)
                case .double(let double): return grid.contains(double)
                default: return false
                }
            }
        case .text(let nonEmpty, let maxLength, let pattern, let multiline):
            let rule = PreferenceRule<String>.text(nonEmpty: nonEmpty, maxLength: maxLength, pattern: pattern, multiline: multiline)
            return { value in
                guard case .string(let text) = value else { return false }
                return rule.allows(text)
            }
        case .choices(let options):
            let values = Set(options.map(\.value))
            return { value in values.contains(value.stringValue ?? value.text) }
        case .path(let requirement):
            return { value in
                guard case .string(let text) = value else { return false }
                return requirement.allows(text)
            }
        case .each(let inner):
            guard let check = inner.jsonCheck() else {
                return { value in if case .array = value { true } else { false } }
            }
            return { value in
                guard case .array(let items) = value else { return false }
                return items.allSatisfy(check)
            }
        }
    }

    /// Refuses a min/max/step rule whose numbers a whole-number setting cannot use: a fraction
    /// (stepping by 1.5 from 0 never lands on an integer) or a number beyond `Int`'s range.
    /// Read from the JSON rather than the rule, whose doubles cannot tell `Int.max` (allowed)
    /// from 2^63 (not). `json` is the rule as the schema file holds it.
    static func checkWholeNumbers(in object: RuleFields?) throws {
        guard let object else { return }
        for field in [RuleFields.Field.min, .max, .step] {
            let name = field.name
            let fits: Bool
            switch object[field] {
            case nil, .null?, .int?: fits = true
            case .double(let value)?: fits = Int(exactly: value) != nil
            default: fits = true   // not a number: RuleDescription(json:) has refused it
            }
            guard !fits else { continue }
            let lowest = name == "step" ? "1" : String(Int.min)
            throw RuleError("\"\(name)\" \(numberText(object[field])) does not fit type int; allowed: a whole number from \(lowest) to \(Int.max)")
        }
    }

    /// A rule's number for a message: whole numbers in full digits (a JSON number too large for
    /// `Int` was read as a double, and `9.223372036854776e+18` would not be the number written).
    private static func numberText(_ json: JSONValue?) -> String {
        switch json {
        case .int(let value)?: return String(value)
        case .double(let value)?:
            if let whole = Int(exactly: value) { return String(whole) }
            if value.rounded() == value, let magnitude = UInt64(exactly: value.magnitude) {
                return (value < 0 ? "-" : "") + String(magnitude)
            }
            return String(value)
        case let other?: return other.text
        case nil: return ""
        }
    }

    private static func jsonNumber(_ value: RuleNumber) -> JSONValue {
        value.whole.map(JSONValue.int) ?? jsonNumber(value.double)
    }

    private static func jsonNumber(_ value: Double) -> JSONValue {
        if value.rounded() == value && abs(value) < 1e15 { return .int(Int(value)) }
        // `Int.max` as a double is 2^63, one past it: written so, a whole-number setting's own
        // `"max": 9223372036854775807` came back as 9223372036854775808 and its schema was
        // refused (found by the json fuzz target). `Int.max` reads back as the same double.
        if value == Double(Int.max) { return .int(Int.max) }
        return .double(value)
    }
}

struct RuleError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
