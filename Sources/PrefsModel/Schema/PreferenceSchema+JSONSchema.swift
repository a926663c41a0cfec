import Foundation

extension PreferenceSchema {
    /// The address of the JSON Schema dialect ``jsonSchema`` is written in.
    static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

    /// A JSON Schema (2020-12) of what `prefs-tui export` writes for this schema's suite, for
    /// editors (VS Code, JetBrains, yaml-language-server), validators and form generators: each
    /// setting's type, default, title and help, its choices (`enum`, and `oneOf` with each
    /// choice's title), range and step, text rule and list items. Every setting is optional (an
    /// export holds only values that differ from the defaults), and other keys are allowed
    /// (another program's, kept in the same suite). A value `set` refuses for breaking a range,
    /// a step, a choice list or a type fails validation too; see the notes in the schema for
    /// the few rules JSON Schema cannot state exactly.
    ///
    /// ```swift
    /// try Data(schema.jsonSchema.prettyText.utf8).write(to: URL(fileURLWithPath: "weather.schema.json"))
    /// ```
    package var jsonSchema: JSONValue {
        var properties: [String: JSONValue] = [:]
        for key in keys where key.isDescribedBySchema { properties[key.name] = JSONSchemaWriter.property(for: key) }
        if version > 0 {
            properties[Self.versionKey] = .object([
                "type": .string("integer"), "minimum": .int(0),
                "description": .string("The version of the program's settings these values are at (see migrations)."),
            ])
        }
        var document: [String: JSONValue] = [
            "$schema": .string(Self.jsonSchemaDialect),
            "title": .string(title),
            "description": .string("The settings of the suite \(suiteName), as `prefs-tui export` writes them and `prefs-tui import` reads them."),
            "type": .string("object"),
            "properties": .object(properties),
            "additionalProperties": .bool(true),
        ]
        let conditions = JSONSchemaConditions.clauses(in: self)
        if !conditions.isEmpty { document["allOf"] = .array(conditions) }
        if let comment = dependenciesComment { document["$comment"] = .string(comment) }
        return .object(document)
    }

    /// What JSON Schema cannot say of settings that depend on others, said in words: a
    /// condition in the program's code (a schema file's conditions are the `allOf` clauses of
    /// ``JSONSchemaConditions``), and rules across settings (JSON Schema cannot compare two
    /// values).
    private var dependenciesComment: String? {
        var parts: [String] = []
        for key in conditionedKeys where !JSONSchemaConditions.isStatable(key, in: self) {
            if let terms = JSONSchemaConditions.terms(of: key) {
                parts.append("\(key.name) is in use only when \(terms), while a condition in the program's code keeps those in use")
            } else {
                parts.append("\(key.name) is in use only when a condition in the program's code holds")
            }
        }
        for rule in rules {
            if let (low, high) = rule.orderedPair {
                parts.append("\(low) must not be above \(high)")
            } else {
                parts.append("a rule in the program's code reads several settings")
            }
        }
        guard !parts.isEmpty else { return nil }
        return "Not stated as a schema (JSON Schema cannot compare two values, nor run the program's code): "
            + parts.joined(separator: "; ") + "."
    }
}

/// How each setting type and rule is said in JSON Schema.
enum JSONSchemaWriter {
    /// The most values a step that JSON Schema cannot state as `multipleOf` is listed as (`enum`).
    static let listedGridLimit = 1_000

    static func property(for key: AnyPreferenceKey) -> JSONValue {
        var property = schema(of: key.type, rule: key.rule)
        property["title"] = .string(key.title)
        if !key.help.isEmpty { property["description"] = .string(key.help) }
        if key.hasDefault, key.defaultJSON != .null { property["default"] = key.defaultJSON }
        if key.isSecret { property["writeOnly"] = .bool(true) }
        return .object(property)
    }

    static func schema(of type: PreferenceType, rule: RuleDescription) -> [String: JSONValue] {
        switch type {
        case .optional(let wrapped):
            return ["anyOf": .array([.object(schema(of: wrapped, rule: rule)), .object(["type": .string("null")])])]
        case .array(let element):
            var items = rule
            if case .each(let inner) = rule { items = inner }
            var list: [String: JSONValue] = ["type": .string("array"), "items": .object(schema(of: element, rule: items))]
            if case .each = rule {} else if let choices = rule.choices { list["items"] = .object(choiceSchema(choices, type: element)) }
            return list
        case .dictionary(let element):
            // Its keys are text as well: the same characters are refused in them.
            return ["type": .string("object"), "additionalProperties": .object(schema(of: element, rule: .any)),
                    "propertyNames": .object(["not": .object(["pattern": .string(forbiddenCharacters(multiline: false))])])]
        case .custom:
            return [:]                                   // a program's own Codable type: any JSON
        default:
            break
        }
        if let choices = rule.choices { return choiceSchema(choices, type: type) }
        switch type {
        case .bool: return ["type": .string("boolean")]
        case .int: return numberSchema(type: "integer", rule: rule)
        case .double: return numberSchema(type: "number", rule: rule)
        case .string: return textSchema(rule: rule)
        case .path:
            var path = textSchema(rule: .any)
            if case .path = rule { path["pattern"] = .string("^/") }
            return path
        case .date:
            // The forms `set` takes (DateText.forms), with each field in its range; a day its
            // month does not have (February 30) matches, and only `set` refuses it. No
            // `"format": "date-time"`: RFC 3339 wants seconds, and a validator that checks
            // formats would refuse `2026-11-21 09:30`, which `set` and `import` take.
            let day = "(?!0000)[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
            let clock = "([01][0-9]|2[0-3]):[0-5][0-9]"
            return ["type": .string("string"),
                    "pattern": .string("^\(day)(T\(clock)(:[0-5][0-9])?(Z|[+-]\(clock))| \(clock))?(?![\\s\\S])")]
        case .data:
            // Base64 as an export writes it: whole groups of four, padded.
            return ["type": .string("string"), "contentEncoding": .string("base64"),
                    "pattern": .string(#"^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?(?![\s\S])"#)]
        case .url:
            return ["type": .string("string"), "format": .string("uri"), "pattern": .string(#"^[A-Za-z][A-Za-z0-9+.-]*:"#)]
        default:
            return [:]
        }
    }

    /// A choice list: `enum` for validators, and `oneOf` with each value's title for forms.
    private static func choiceSchema(_ choices: [ChoiceOption], type: PreferenceType) -> [String: JSONValue] {
        let values = choices.map { typedJSON($0.value, type: type) }
        return ["enum": .array(values),
                "oneOf": .array(zip(values, choices).map { .object(["const": $0, "title": .string($1.title)]) })]
    }

    /// A choice's text as the JSON value an export writes for it.
    private static func typedJSON(_ text: String, type: PreferenceType) -> JSONValue {
        switch type {
        case .int: Int(text).map(JSONValue.int) ?? .string(text)
        case .double: Double(text).map(JSONValue.double) ?? .string(text)
        case .bool: text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        default: .string(text)
        }
    }

    /// A range and step. `multipleOf` counts from 0 and divides in binary floating point, so it
    /// states a step only where that is exact: a step that is a whole number or a binary
    /// fraction (0.5, 0.25), on a grid through 0. Other grids (0.05, or odd numbers from 1) are
    /// listed as `enum` up to ``listedGridLimit`` values; past that the step is only noted.
    private static func numberSchema(type: String, rule: RuleDescription) -> [String: JSONValue] {
        var schema: [String: JSONValue] = ["type": .string(type)]
        // A whole number is a Swift Int: JSON's integers go on past both ends.
        if type == "integer" {
            schema["minimum"] = .int(Int.min)
            schema["maximum"] = .int(Int.max)
        }
        guard case .range(let exactMin, let exactMax, let exactStep) = rule else { return schema }
        if let exactMin { schema["minimum"] = exactMin.whole.map(JSONValue.int) ?? number(exactMin.double) }
        if let exactMax { schema["maximum"] = exactMax.whole.map(JSONValue.int) ?? number(exactMax.double) }
        if type == "integer", let step = exactStep?.whole, step > 0, exactMin == nil || exactMin?.whole != nil {
            return wholeGridSchema(schema, min: exactMin?.whole, max: exactMax?.whole, step: step)
        }
        let min = exactMin?.double, max = exactMax?.double
        guard let step = exactStep?.double, step > 0, step.isFinite else { return schema }
        let grid = NumberGrid(rule)
        if isBinaryExact(step), isBinaryExact(grid.origin / step), (grid.origin / step).rounded() == grid.origin / step {
            schema["multipleOf"] = number(step)
        } else if let min, let max, (max - min) / step < Double(listedGridLimit) {
            let count = Int(((max - grid.origin) / step + 1e-9).rounded(.down)) + 1
            schema["enum"] = .array((0..<count).map { number(grid.point(Double($0))) })
        } else {
            schema["$comment"] = .string("Only values in steps of \(RuleDescription.number(step)) from \(RuleDescription.number(grid.origin)) are allowed, which JSON Schema cannot state exactly.")
        }
        return schema
    }

    /// A whole-number grid, in whole-number arithmetic (exact beyond 2^53): `multipleOf` where
    /// the grid runs through 0, else the values listed up to ``listedGridLimit``, else a note.
    private static func wholeGridSchema(_ bounds: [String: JSONValue], min: Int?, max: Int?, step: Int) -> [String: JSONValue] {
        var schema = bounds
        guard step > 1 else { return schema }
        let origin = min ?? 0
        if origin % step == 0 {
            schema["multipleOf"] = .int(step)
            return schema
        }
        if let min, let max {
            let (span, overflow) = max.subtractingReportingOverflow(min)
            if !overflow, span / step < listedGridLimit {
                schema["enum"] = .array(stride(from: min, through: max, by: step).map(JSONValue.int))
                return schema
            }
        }
        schema["$comment"] = .string("Only values in steps of \(step) from \(origin) are allowed, which JSON Schema cannot state exactly.")
        return schema
    }

    /// Whether a number times a power of two up to 2^20 is whole: then dividing by it is exact.
    private static func isBinaryExact(_ value: Double) -> Bool {
        (0...20).contains { (value * Double(1 << $0)).rounded() == value * Double(1 << $0) }
    }

    private static func number(_ value: Double) -> JSONValue {
        value.rounded() == value && abs(value) < 9e15 ? .int(Int(value)) : .double(value)
    }

    /// Text: on one line (unless multiline), without the control characters and U+FEFF that
    /// `set` refuses, and the rule's length and pattern (a whole-text match, as `set` makes it).
    private static func textSchema(rule: RuleDescription) -> [String: JSONValue] {
        var schema: [String: JSONValue] = ["type": .string("string")]
        var multiline = false
        if case .text(let nonEmpty, let maxLength, let pattern, let allowsLines) = rule {
            multiline = allowsLines
            // `set` refuses text of spaces only as empty; JSON Schema counts code points, where
            // `set` counts characters as a person sees them (é written as e and U+0301 is one).
            if nonEmpty { schema["pattern"] = .string(#"\S"#) }
            if let maxLength { schema["maxLength"] = .int(maxLength) }
            if let pattern, let portable = PortablePattern(icu: pattern).translated {
                // Whole text, to the last character: a validator's $ (Python's) may match
                // before a final line feed, as `set` no longer does.
                let whole = "^(?:\(portable))(?![\\s\\S])"
                if nonEmpty {
                    schema["allOf"] = .array([.object(["pattern": .string(#"\S"#)]), .object(["pattern": .string(whole)])])
                    schema["pattern"] = nil
                } else {
                    schema["pattern"] = .string(whole)
                }
            } else if let pattern, let construct = PortablePattern(icu: pattern).untranslatable {
                schema["$comment"] = .string("""
                    The pattern /\(pattern)/ is left out: it uses \(construct), which JSON Schema's regular \
                    expressions (ECMA-262) cannot state. prefs-tui set and import check it.
                    """)
            }
        }
        schema["not"] = .object(["pattern": .string(forbiddenCharacters(multiline: multiline))])
        return schema
    }

    /// The characters `set` refuses in text (control characters but tab, and line feed where a
    /// multiline rule allows it; U+FEFF; U+FFFE and U+FFFF, which no property list can carry),
    /// as a character class.
    private static func forbiddenCharacters(multiline: Bool) -> String {
        multiline ? #"[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFEFF\uFFFE\uFFFF]"#
            : #"[\u0000-\u0008\u000A-\u001F\u007F-\u009F\uFEFF\uFFFE\uFFFF]"#
    }
}
