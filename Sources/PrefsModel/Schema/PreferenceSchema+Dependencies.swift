// What a schema file says of settings that depend on others: a setting's `"inUseWhen"`, and the
// document's `"rules"` across settings.

extension PreferenceSchema {
    /// A setting's `"inUseWhen"`: settings by name, each with the value, or the list of values,
    /// under which this one is in use; all must hold. The names and values are checked once
    /// every setting is read (``InUseConditions/problem(in:)``).
    static func inUseCondition(_ json: JSONValue?) throws -> InUseCondition? {
        switch json {
        case nil, .null?: return nil
        case .object(let members)? where !members.isEmpty:
            let requirements = try members.keys.sorted().map { name -> InUseCondition.Requirement in
                let value = members[name] ?? .null
                if case .array(let values) = value {
                    guard !values.isEmpty else { throw RuleError("\"inUseWhen\": \(name.quotedForMessage) lists no value") }
                    return InUseCondition.Requirement(key: name, values: values)
                }
                return InUseCondition.Requirement(key: name, values: [value])
            }
            return InUseCondition(requirements: requirements)
        case let other?:
            throw RuleError("\"inUseWhen\" must be an object of settings and their values, such as {\"useProxy\": true}, not \(other.kindName)")
        }
    }

    /// A schema file's `"rules"`: rules across settings, each `{"ordered": ["low", "high"]}`.
    static func rules(_ json: JSONValue?) throws -> [SettingsRule] {
        guard let json, json != .null else { return [] }
        guard case .array(let items) = json else {
            throw PreferenceError.invalidSchema(location: "\"rules\"", reason: "expected a list of rules, such as [{\"ordered\": [\"low\", \"high\"]}]")
        }
        return try items.enumerated().map { index, item in
            guard case .object(let rule) = item, rule.count == 1, case .array(let names)? = rule["ordered"], names.count == 2,
                  case .string(let low) = names[0], case .string(let high) = names[1] else {
                throw PreferenceError.invalidSchema(location: "rules[\(index)]",
                                                    reason: "expected {\"ordered\": [\"low\", \"high\"]}, two settings by name")
            }
            return SettingsRule(ordered: low, high)
        }
    }
}
