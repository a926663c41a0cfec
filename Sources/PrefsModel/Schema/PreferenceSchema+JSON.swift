import Foundation

extension PreferenceSchema {
    /// The schema as a JSON document, in the format ``init(json:)`` reads, so the editor and the
    /// commands can work on any program's suite. Derived values are code and are not included.
    ///
    /// ```swift
    /// print(schema.jsonValue.prettyText)
    /// ```
    public var jsonValue: JSONValue {
        var document: [String: JSONValue] = [
            "title": .string(title),
            "suite": .string(suiteName),
            "sections": .array(sections.map { section in
                .object([
                    "name": .string(section.name),
                    "settings": .array(section.keys.map(Self.json(of:))),
                ])
            }),
        ]
        if !retiredKeys.isEmpty { document["retired"] = .array(retiredKeys.map(JSONValue.string)) }
        // Rules written in Swift are code, as derived values are: only `ordered` ones travel.
        let ordered = rules.compactMap(\.orderedPair)
        if !ordered.isEmpty {
            document["rules"] = .array(ordered.map { .object(["ordered": .array([.string($0.low), .string($0.high)])]) })
        }
        if version > 0 { document["version"] = .int(version) }
        if let projectFile { document["projectFile"] = .string(projectFile) }
        return .object(document)
    }

    package static func json(of key: AnyPreferenceKey) -> JSONValue {
        var entry: [String: JSONValue] = [
            "key": .string(key.name),
            "type": .string(key.type.name),
            "title": .string(key.title),
            "help": .string(key.help),
        ]
        // A key nobody declared a default for has none in the file either (reading the file
        // back gives the same key); an invented 0 or "" would read as the program's choice.
        if key.hasDefault { entry["default"] = key.schemaDefaultJSON }
        entry["unit"] = key.unit.map(JSONValue.string)
        if !key.renamedFrom.isEmpty { entry["renamedFrom"] = .array(key.renamedFrom.map(JSONValue.string)) }
        if key.isSecret { entry["secret"] = .bool(true) }
        if key.scope == .user { entry["scope"] = .string(PreferenceScope.user.rawValue) }
        if let table = key.conversionTable { entry["convert"] = table }
        if let requirements = key.inUseCondition?.requirements {
            entry["inUseWhen"] = .object(Dictionary(uniqueKeysWithValues: requirements.map { requirement in
                (requirement.key, requirement.values.count == 1 ? requirement.values[0] : .array(requirement.values))
            }))
        }
        entry["rule"] = key.rule.jsonValue
        return .object(entry)
    }

    /// Builds a schema from a JSON document (as ``jsonValue`` writes it). Errors point at the
    /// entry at fault: `sections[0].settings[2] ("refreshInterval"): …`.
    ///
    /// ```swift
    /// let schema = try PreferenceSchema(jsonText: String(contentsOfFile: "weather.schema.json"))
    /// ```
    public init(jsonText: String) throws {
        var text = jsonText
        if let schema = text.withUTF8({ Self.streamed(from: $0) }) {
            self = schema
            return
        }
        try self.init(parsingJSON: { try JSONValue(parsing: jsonText) })
    }

    /// Builds a schema from a JSON file's bytes, which must be UTF-8 (an invalid byte is
    /// refused with its line and column).
    ///
    /// ```swift
    /// let schema = try PreferenceSchema(jsonData: Data(contentsOf: schemaURL))
    /// ```
    public init(jsonData: Data) throws {
        if let schema = jsonData.withUnsafeBytes({ Self.streamed(from: $0.bindMemory(to: UInt8.self)) }) {
            self = schema
            return
        }
        try self.init(parsingJSON: { try JSONValue(parsing: jsonData) })
    }

    /// The tree reader: the whole document as a `JSONValue`, then the schema from it. It is the
    /// one that reports faults, with their places; a good file is read by `streamed(from:)`.
    private init(parsingJSON parse: () throws -> JSONValue) throws {
        let json: JSONValue
        do { json = try parse() } catch let error as JSONSyntaxError {
            // "not valid JSON" only for a syntax error: a duplicate key or a number out of
            // range is valid JSON that cannot be taken, and its reason says so.
            throw PreferenceError.invalidSchema(location: "line \(error.line), column \(error.column)",
                                                reason: error.problem == .syntax ? "not valid JSON: \(error.reason)" : error.reason)
        }
        try self.init(json: json)
    }

    /// Builds a schema from parsed JSON.
    ///
    /// ```swift
    /// try PreferenceSchema(json: schema.jsonValue)
    /// ```
    public init(json: JSONValue) throws {
        guard case .object(let root) = json else {
            throw PreferenceError.invalidSchema(location: "the document", reason: "expected an object with \"suite\" and \"sections\"")
        }
        try SchemaFields.check(root, allowed: SchemaFields.document, at: "the document")
        guard case .string(let suite)? = root["suite"], SuiteLocation.isValidSuiteName(suite) else {
            throw PreferenceError.invalidSchema(location: "\"suite\"", reason: "expected a suite name (text without \"/\")")
        }
        let title = root["title"]?.stringValue ?? suite
        guard case .array(let sections)? = root["sections"] else {
            throw PreferenceError.invalidSchema(location: "\"sections\"", reason: "expected an array of sections")
        }
        var keys: [AnyPreferenceKey] = []
        var names = Set<String>()
        var shared = SharedParts()
        for (sectionIndex, sectionJSON) in sections.enumerated() {
            let sectionLocation = "sections[\(sectionIndex)]"
            guard case .object(let section) = sectionJSON, case .string(let sectionName)? = section["name"] else {
                throw PreferenceError.invalidSchema(location: sectionLocation, reason: "expected an object with \"name\" and \"settings\"")
            }
            try SchemaFields.check(section, allowed: SchemaFields.section, at: sectionLocation)
            guard case .array(let settings)? = section["settings"] else {
                throw PreferenceError.invalidSchema(location: sectionLocation, reason: "expected \"settings\" as an array")
            }
            for (settingIndex, settingJSON) in settings.enumerated() {
                // Built only for an error: ten thousand settings should not pay for ten thousand messages.
                var location: String {
                    var location = "\(sectionLocation).settings[\(settingIndex)]"
                    if case .object(let fields) = settingJSON, case .string(let name)? = fields["key"] {
                        location += " (\"\(name)\")"
                    }
                    return location
                }
                do {
                    let key = try Self.key(from: settingJSON, section: sectionName, shared: &shared)
                    guard names.insert(key.name).inserted else { throw RuleError("the key is declared twice") }
                    keys.append(key)
                } catch let error as RuleError {
                    throw PreferenceError.invalidSchema(location: location, reason: error.reason)
                } catch let error as PreferenceError {
                    throw PreferenceError.invalidSchema(location: location, reason: "\(error)")
                }
            }
        }
        self.init(title: title, suiteName: suite, keys: keys, retiredKeys: try Self.names(root["retired"], field: "retired"),
                  version: try Self.version(root["version"]), rules: try Self.rules(root["rules"]), isDeclared: true)
        projectFile = try Self.projectFile(root["projectFile"])
        if let problem = SettingsRules.problem(in: self) { throw PreferenceError.invalidSchema(location: "\"rules\"", reason: problem) }
        if let conflict = migrationConflict() { throw PreferenceError.invalidSchema(location: "the document", reason: conflict) }
        if let problem = InUseConditions.problem(in: self) { throw PreferenceError.invalidSchema(location: "the document", reason: problem) }
    }

    /// A schema file's `"version"`: a whole number from 0 (absent: 0). A file has no steps (they
    /// are code); its version keeps `prefs-tui --schema` from migrating a suite that a newer
    /// version of the program has migrated already.
    static func version(_ json: JSONValue?) throws -> Int {
        guard let json else { return 0 }
        guard case .int(let number) = json, number >= 0 else {
            throw PreferenceError.invalidSchema(location: "\"version\"", reason: "expected a whole number from 0, found \(json.text)")
        }
        return number
    }

    /// A schema file's `"projectFile"`: a file name (absent: none).
    static func projectFile(_ json: JSONValue?) throws -> String? {
        guard let json, json != .null else { return nil }
        guard case .string(let name) = json, projectFileProblem(name) == nil else {
            throw PreferenceError.invalidSchema(location: "\"projectFile\"", reason: projectFileProblem(json.stringValue ?? "") ?? "expected a file name")
        }
        return name
    }

    /// Why `name` cannot name a project file, or nil: a plain file name, found in a folder, never a path.
    static func projectFileProblem(_ name: String) -> String? {
        if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.utf8.contains(0) || name.utf8.count > 255
            || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the project file must be a file name without \"/\" or control characters, such as \".backup-tool.json\", not \(name.quotedForMessage)"
        }
        return nil
    }

    /// A list of names in a schema file (`"retired"`, `"renamedFrom"`): absent is none.
    static func names(_ json: JSONValue?, field: String) throws -> [String] {
        guard let json else { return [] }
        let location = "\"\(field)\""
        guard case .array(let items) = json else {
            throw PreferenceError.invalidSchema(location: location, reason: "expected an array of names")
        }
        return try items.map { item in
            guard case .string(let name) = item, !name.isEmpty else {
                throw PreferenceError.invalidSchema(location: location, reason: "expected an array of names, found \(item.text)")
            }
            return name
        }
    }

    private static func key(from json: JSONValue, section: String, shared: inout SharedParts) throws -> AnyPreferenceKey {
        guard case .object(let fields) = json else { throw RuleError("expected an object") }
        return try key(from: SchemaEntry(members: fields.map { ($0.key, $0.value) }), section: section, shared: &shared)
    }

    /// The key a setting's entry declares: both readers build keys here, so they cannot differ.
    static func key(from fields: SchemaEntry, section: String, shared: inout SharedParts) throws -> AnyPreferenceKey {
        // Only an entry with a field no setting has is checked name by name, for the message.
        if !fields.unknownNames.isEmpty { try SchemaFields.check(names: fields.names, allowed: SchemaFields.setting) }
        guard case .string(let name)? = fields[.key], !name.isEmpty else { throw RuleError("\"key\" must be non-empty text") }
        if let reason = PreferenceSchema.reservedNameReason(name) { throw RuleError(reason) }
        guard case .string(let typeName)? = fields[.type] else { throw RuleError("\"type\" is missing") }
        guard let (type, valueType) = shared.resolve(typeName) else {
            // Cut: a type name of 100,000 characters made a message as long.
            let shown = typeName.count > 60 ? String(typeName.prefix(60)) + "…" : typeName
            throw RuleError("unknown type \(shown.quotedForMessage); use bool, int, double, string, date, data, url, path, plist, [T], [string: T] or T?")
        }
        func text(_ field: SchemaEntry.Field) throws -> String? {
            switch fields[field] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            case let other?: throw RuleError("\"\(field.name)\" must be text, not \(other.kindName)")
            }
        }
        // A rule read and checked for an earlier setting of the type is taken as it is.
        let members = fields.ruleMembers
        let checked = members.flatMap { shared.checkedRule(members: $0, type: type) }
        let ruleFields = checked == nil ? members.map(RuleFields.init(members:)) : nil
        let rule = try checked ?? ruleFields.map { try RuleDescription(fields: $0) } ?? fields[.rule].map(RuleDescription.init(json:)) ?? .any
        let renamedFrom: [String]
        do { renamedFrom = try names(fields[.renamedFrom], field: "renamedFrom") } catch let PreferenceError.invalidSchema(_, reason) {
            throw RuleError("\"renamedFrom\": \(reason)")
        }
        let isSecret: Bool
        switch fields[.secret] {
        case nil, .null?: isSecret = false
        case .bool(let value)?: isSecret = value
        case let other?: throw RuleError("\"secret\" must be true or false, not \(other.kindName)")
        }
        let scope: PreferenceScope
        switch fields[.scope] {
        case nil, .null?: scope = .project
        case .string(let name)? where PreferenceScope(rawValue: name) != nil: scope = PreferenceScope(rawValue: name) ?? .project
        case let other?: throw RuleError("\"scope\" must be \"user\" or \"project\", not \(other.text.prefix(60))")
        }
        if checked == nil {
            try RuntimeValueType.checkRule(rule, fields: ruleFields ?? RuleFields(json: fields[.rule]), fits: type)
            if let members { shared.remember(rule, members: members, type: type) }
        }
        return try RuntimeValueType.makeKey(
            ofRuntimeType: valueType, name: name, defaultJSON: fields[.defaultValue], rule: rule,
            title: text(.title) ?? "", help: text(.help) ?? "", section: section, unit: text(.unit), isSecret: isSecret, scope: scope,
            renamedFrom: renamedFrom, convert: fields[.convert], inUseCondition: try inUseCondition(fields[.inUseWhen]))
    }
}

/// Value types chosen at run time, for keys read from schema files.
enum RuntimeValueType {
    static func resolve(_ type: PreferenceType) -> (any PreferenceValue.Type)? {
        switch type {
        case .bool: return Bool.self
        case .int: return Int.self
        case .double: return Double.self
        case .string: return String.self
        case .date: return Date.self
        case .data: return Data.self
        case .url: return URL.self
        case .path: return FileSystemPath.self
        case .array(let element): return resolve(element).map { arrayType(of: $0) }
        case .dictionary(let element): return resolve(element).map { dictionaryType(of: $0) }
        case .optional(let wrapped): return resolve(wrapped).map { optionalType(of: $0) }
        case .custom: return type == .plist ? PlistValue.self : nil
        }
    }

    private static func arrayType<Element: PreferenceValue>(of _: Element.Type) -> any PreferenceValue.Type { [Element].self }
    private static func dictionaryType<Element: PreferenceValue>(of _: Element.Type) -> any PreferenceValue.Type { [String: Element].self }
    private static func optionalType<Wrapped: PreferenceValue>(of _: Wrapped.Type) -> any PreferenceValue.Type { Wrapped?.self }

    /// Refuses a rule the type cannot follow; `fields` are the rule's as the file holds them.
    static func checkRule(_ rule: RuleDescription, fields: RuleFields?, fits type: PreferenceType) throws {
        let base = type.unwrapped
        switch rule {
        case .any, .choices:
            return
        case .range:
            guard base == .int || base == .double else { throw RuleError("a min/max/step rule needs an int or double, not \(type.name)") }
            if base == .int { try RuleDescription.checkWholeNumbers(in: fields) }
        case .text:
            guard base == .string else { throw RuleError("a text rule needs a string, not \(type.name)") }
        case .path:
            guard base == .path else { throw RuleError("a path rule needs a path, not \(type.name)") }
        case .each(let inner):
            guard case .array(let element) = base else { throw RuleError("an \"each\" rule needs a list, not \(type.name)") }
            try checkRule(inner, fields: RuleFields(json: fields?[.each]), fits: element)
        }
    }

    /// A schema file's `"convert"`: old stored values to new ones, for a setting whose type
    /// changed (`[{"from": true, "to": "imperial"}, {"from": false, "to": "metric"}]`).
    static func conversionTable<Value: PreferenceValue>(_ json: JSONValue, to _: Value.Type, rule: PreferenceRule<Value>) throws -> PreferenceConversion<Value> {
        guard case .array(let items) = json, !items.isEmpty else {
            throw RuleError("\"convert\" must be a non-empty array of {\"from\": old value, \"to\": new value}")
        }
        var seen = Set<PlistValue>()
        let pairs = try items.map { item -> (from: PlistValue, to: Value) in
            guard case .object(let pair) = item, let from = pair["from"], let to = pair["to"], pair.count == 2 else {
                throw RuleError("each entry of \"convert\" must be {\"from\": old value, \"to\": new value}, not \(item.text)")
            }
            do {
                let old = try PlistValue(jsonValue: from)
                guard seen.insert(old).inserted else { throw RuleError("\"convert\" gives \(from.text) twice") }
                let new = try Value(jsonValue: to)
                guard rule.allows(new) else { throw RuleError("\"convert\": \(to.text) breaks the rule (\(rule.description.allowedText))") }
                return (old, new)
            } catch PreferenceError.invalidValue(_, _, let allowed) {
                throw RuleError("\"convert\": \(to.text) does not fit type \(Value.preferenceType.name); allowed: \(allowed)")
            }
        }
        return .table(pairs)
    }

    static func makeKey<Value: PreferenceValue>(
        _: Value.Type, name: String, defaultJSON: JSONValue?, rule: RuleDescription,
        title: String, help: String, section: String, unit: String?, isDescribedBySchema: Bool = true,
        isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [], convert: JSONValue? = nil,
        inUseCondition: InUseCondition? = nil
    ) throws -> AnyPreferenceKey {
        let hasDefault = defaultJSON != nil || Value.preferenceType.isOptional
        // The rule's check is built once per key; a rule that allows anything converts no value.
        let valueRule: PreferenceRule<Value>
        if case .path(let requirement) = rule {
            // A path's refusal says why (a link to nothing, a name too long), as a typed key's does.
            valueRule = PreferenceRule(description: rule) { value in
                guard value.storedValue != nil else { return nil }
                guard case .string(let text) = value.jsonValue else { return rule.allowedText }
                return requirement.refusal(of: text)
            }
        } else if case .range = rule {
            // Checked by the description itself: a grid takes a few comparisons to build, and
            // built once and kept in a closure of its own, it was 160 bytes a key.
            valueRule = PreferenceRule(description: rule, refusal: { value in
                value.storedValue == nil || rule.allows(value.jsonValue) ? nil : rule.allowedText
            })
        } else if let check = rule.jsonCheck() {
            // Refusals said directly: a check wrapped to say them was one more closure a key.
            valueRule = PreferenceRule(description: rule, refusal: { value in
                value.storedValue == nil || check(value.jsonValue) ? nil : rule.allowedText
            })
        } else {
            valueRule = PreferenceRule(description: rule, refusal: { _ in nil })
        }
        // Every choice must be a value of the type: cycling onto one that is not did nothing.
        // And a value of its own: `"1"` and `"01"` of an int are one value, which the JSON
        // Schema's `oneOf` then refused, so a valid export failed validation.
        var seen: [PlistValue: String] = [:]
        for option in rule.choices ?? [] {
            let value: Value
            do { value = try Value(parsing: option.value) } catch {
                var reason = "the choice \"\(option.value.controlCharactersEscaped)\" does not fit type \(Value.preferenceType.name)"
                if case PreferenceError.invalidValue(_, _, let allowed) = error { reason += "; allowed: \(allowed)" }
                throw RuleError(reason)
            }
            guard let stored = value.storedValue else { continue }
            if let earlier = seen[stored] { throw RuleError(ChoiceOption.repeatedMessage(earlier, option.value)) }
            seen[stored] = option.value
        }
        let defaultValue: Value
        if !isDescribedBySchema || defaultJSON == nil && !Value.preferenceType.isOptional {
            // No declared default: the type's empty value is read when unset, and not offered as
            // a default (a type without one, such as url, still needs a declared default).
            guard let empty = try? Value(jsonValue: Value.preferenceType.emptyJSON) else { throw RuleError("\"default\" is missing") }
            defaultValue = empty
        } else if let defaultJSON {
            do { defaultValue = try Value(jsonValue: defaultJSON) } catch PreferenceError.invalidValue(_, _, let allowed) {
                throw RuleError("the default \(defaultJSON.text) does not fit type \(Value.preferenceType.name); allowed: \(allowed)")
            }
            guard valueRule.allows(defaultValue) else {
                throw RuleError("the default \(defaultJSON.text) breaks the rule (\(rule.allowedText))")
            }
        } else if let unset = try? Value(jsonValue: .null) {
            defaultValue = unset
        } else {
            throw RuleError("\"default\" is missing")
        }
        return PreferenceKey<Value>(name, default: defaultValue, rule: valueRule, title: title, help: help,
                                    section: section, unit: unit, isDescribedBySchema: isDescribedBySchema,
                                    hasDefault: hasDefault && isDescribedBySchema, isSecret: isSecret, scope: scope, renamedFrom: renamedFrom,
                                    conversion: try convert.map { try conversionTable($0, to: Value.self, rule: valueRule).stored },
                                    conversionTable: convert, inUseCondition: inUseCondition)
    }
}
