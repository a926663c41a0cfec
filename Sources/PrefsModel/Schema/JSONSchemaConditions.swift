import Foundation

/// A schema file's conditions (`"inUseWhen"`, issue 42) said in JSON Schema: for each setting
/// whose condition names values, an `if` that holds for an export exactly when the setting is in
/// use, and an `else` that says so to editors. The `else` only annotates: a setting not in use
/// keeps its value and `set` still takes any valid one, so a schema that refused anything more
/// would disagree with `set`. A condition written in Swift cannot be said this way and is named
/// in the document's `$comment` instead.
enum JSONSchemaConditions {
    /// One `{"if": …, "else": …}` per setting with a condition JSON Schema can state, in the
    /// schema's order.
    static func clauses(in schema: PreferenceSchema) -> [JSONValue] {
        schema.conditionedKeys.compactMap { key -> JSONValue? in
            guard let tests = inUseTests(of: key, in: schema, depth: 0), !tests.isEmpty, let terms = terms(of: key) else { return nil }
            let annotation: JSONValue = .object([
                "description": .string("Not in use: \(key.name) is in use only when \(terms). Its value is kept."),
            ])
            return .object([
                "if": tests.count == 1 ? tests[0] : .object(["allOf": .array(tests)]),
                "else": .object(["properties": .object([key.name: annotation])]),
            ])
        }
    }

    /// The condition in words, as the document's notes say it ("useProxy is true and mode is
    /// manual or auto"); nil for a condition written in Swift.
    static func terms(of key: AnyPreferenceKey) -> String? {
        guard let requirements = key.inUseCondition?.requirements else { return nil }
        return requirements.map { requirement in
            "\(requirement.key) is " + requirement.values.map(\.text).joined(separator: " or ")
        }.joined(separator: " and ")
    }

    /// Whether a condition can be stated: it names values, and so does every condition it
    /// leans on (a setting is in use only while what its condition reads is in use too).
    static func isStatable(_ key: AnyPreferenceKey, in schema: PreferenceSchema) -> Bool {
        inUseTests(of: key, in: schema, depth: 0) != nil
    }

    /// The schemas an export must meet for `key` to be in use: each setting the condition
    /// names has one of its values, and is in use itself. Empty for a setting always in use;
    /// nil where a condition written in Swift decides. Cycles are refused when a schema is
    /// built; the depth only keeps a broken one from recursing without end.
    private static func inUseTests(of key: AnyPreferenceKey, in schema: PreferenceSchema, depth: Int) -> [JSONValue]? {
        guard let condition = key.inUseCondition else { return [] }
        guard let requirements = condition.requirements, depth <= schema.keys.count else { return nil }
        var tests: [JSONValue] = []
        for requirement in requirements {
            guard let input = schema.declaredKey(named: requirement.key), let stored = requirement.storedValues(of: input),
                  let inputTests = inUseTests(of: input, in: schema, depth: depth + 1) else { return nil }
            tests.append(hasOneOf(stored, input))
            tests += inputTests
        }
        return tests
    }

    /// An export's `input` is one of `values`. The values are written as `export` writes
    /// them; a setting the export leaves out reads what it reads unset (its default, or its
    /// type's empty value without one), so it is required only when that is not among the values.
    private static func hasOneOf(_ values: [PlistValue?], _ input: AnyPreferenceKey) -> JSONValue {
        let allowed = values.map { input.json(of: $0) }
        let unset = input.text(of: nil)
        let defaultAllowed = values.contains { input.text(of: $0) == unset }
        var test: [String: JSONValue] = [
            "properties": .object([input.name: allowed.count == 1 ? .object(["const": allowed[0]]) : .object(["enum": .array(allowed)])]),
        ]
        if !defaultAllowed { test["required"] = .array([.string(input.name)]) }
        return .object(test)
    }
}
