import Foundation

/// One object of a schema file (the document, a section) as its members in file order.
///
/// Why not a dictionary: such an object has a few fields, and finding one by comparing short
/// names costs less than hashing them.
struct SchemaMembers {
    var members: [(name: String, value: JSONValue)] = []

    subscript(name: String) -> JSONValue? {
        members.first { $0.name == name }?.value
    }

    var names: some Sequence<String> { members.lazy.map(\.name) }
}

/// One setting of a schema file: a slot for each field a setting may have
/// (``SchemaFields/setting``), and the names of any others, which refuse the setting. Looked up
/// ten times a setting, a search of the members by name compared names about eighty times a
/// setting, and building and hashing a dictionary per setting was most of the time and memory
/// of reading a 10,000-setting schema.
struct SchemaEntry {
    enum Field: Int, CaseIterable {
        case key, type, title, help, defaultValue, unit, rule, renamedFrom, convert, secret, inUseWhen, scope

        /// The field a member name stands for, nil for one a setting does not have: told apart
        /// by length and first letter, so a name costs one comparison of text.
        init?(name: String) {
            let utf8 = name.utf8
            let candidate: Field
            switch (utf8.count, utf8.first ?? 0) {
            case (3, _): candidate = .key
            case (4, UInt8(ascii: "t")): candidate = .type
            case (4, UInt8(ascii: "h")): candidate = .help
            case (4, UInt8(ascii: "u")): candidate = .unit
            case (4, UInt8(ascii: "r")): candidate = .rule
            case (5, UInt8(ascii: "s")): candidate = .scope
            case (5, _): candidate = .title
            case (6, _): candidate = .secret
            case (7, UInt8(ascii: "d")): candidate = .defaultValue
            case (7, UInt8(ascii: "c")): candidate = .convert
            case (9, _): candidate = .inUseWhen
            case (11, _): candidate = .renamedFrom
            default: return nil
            }
            guard name == candidate.name else { return nil }
            self = candidate
        }

        /// Its name in a schema file.
        var name: String { Self.names[rawValue] }

        private static let names = ["key", "type", "title", "help", "default", "unit", "rule", "renamedFrom", "convert", "secret", "inUseWhen", "scope"]
        /// The names, for the scanner to match in the text's bytes.
        static let known = JSONKnownNames(names)
    }

    private var slots = [JSONValue?](repeating: nil, count: Field.allCases.count)
    /// The names of members no setting has, in order.
    private(set) var unknownNames: [String] = []

    init() {}

    init(members: [(name: String, value: JSONValue)]) {
        for member in members { add(member.name, member.value) }
    }

    /// The rule's fields as the streamed reader read them, in file order (then `rule` has
    /// no slot): no dictionary is made of them.
    var ruleMembers: [(name: String, value: JSONValue)]? { hasRuleMembers ? ruleStorage : nil }
    /// Their storage, kept from setting to setting: a rule most settings share is matched to
    /// the one read before (``PreferenceSchema/SharedParts``) and its fields let go, and an
    /// array made and freed for each was 400 instructions a setting.
    private var ruleStorage: [(name: String, value: JSONValue)] = []
    private var hasRuleMembers = false

    /// The names a rule may have, for the scanner to match in the text's bytes.
    static let ruleNames = Array(SchemaFields.rule).sorted()
    static let knownRuleNames = JSONKnownNames(ruleNames)

    /// Sets a field the streamed reader found by its place (``Field/known``).
    mutating func set(_ field: Field, _ value: JSONValue) { slots[field.rawValue] = value }

    /// Starts the rule's fields, read one by one (``addRuleField(_:_:)``).
    mutating func beginRule() {
        hasRuleMembers = true
        if ruleStorage.capacity == 0 { ruleStorage.reserveCapacity(4) }  // a rule has one to four fields
    }

    /// Adds a field of the rule begun; false, adding nothing, when the rule has it already.
    mutating func addRuleField(_ name: String, _ value: JSONValue) -> Bool {
        guard !ruleStorage.contains(where: { $0.name == name }) else { return false }
        ruleStorage.append((name, value))
        return true
    }

    mutating func add(_ name: String, _ value: JSONValue) {
        guard let field = Field(name: name) else {
            unknownNames.append(name)
            return
        }
        slots[field.rawValue] = value
    }

    /// Empties it for the next setting, keeping its storage.
    mutating func removeAll() {
        // Through the buffer: each element's assignment otherwise checked the array's
        // uniqueness again, once per field per setting.
        slots.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices { slots[index] = nil }
        }
        hasRuleMembers = false
        // One by one: `removeAll(keepingCapacity:)` goes through a generic replacement of the
        // range, 230 instructions a rule.
        while !ruleStorage.isEmpty { ruleStorage.removeLast() }
        unknownNames.removeAll(keepingCapacity: true)
    }

    subscript(field: Field) -> JSONValue? { slots[field.rawValue] }

    /// Every member's name: the fields present, then the others.
    var names: [String] {
        Field.allCases.filter { slots[$0.rawValue] != nil || $0 == .rule && ruleMembers != nil }.map(\.name) + unknownNames
    }
}

extension PreferenceSchema {
    /// The schema read member by member, never holding the document as a tree: each setting's
    /// fields become its key and are let go. Nil for any fault (bad JSON, bad UTF-8, a field or
    /// value the schema refuses) and for a layout this reader does not follow (a section whose
    /// `"settings"` come before its `"name"`): the tree reader then reads the file, and reports
    /// the fault with its place. So this is only ever a faster way to the same schema; the two
    /// readers share the checks of each entry (`key(from:section:shared:)`, `SchemaFields`), and
    /// `SchemaReadersTests` compares them on good and damaged files.
    static func streamed(from bytes: UnsafeBufferPointer<UInt8>) -> PreferenceSchema? {
        var scanner = JSONScanner(bytes, checkingUTF8: true)
        var document = SchemaMembers()  // its members but "sections", which are read as they come
        var sawSections = false
        var reader = StreamedKeys(expectedBytes: bytes.count)
        do {
            scanner.begin()
            try scanner.members { scanner, name in
                guard name == "sections" else {
                    document.members.append((name, try scanner.value()))
                    return
                }
                sawSections = true
                try scanner.items { scanner in try reader.readSection(from: &scanner) }
            }
            try scanner.end()
            guard sawSections else { return nil }
            return try assembled(document: document, keys: reader)
        } catch {
            return nil
        }
    }

    /// The schema of a document's members but its sections (`document`) and its settings read
    /// (`reader`), checked as a schema file is; nil for a fault, which the tree reader, reading
    /// the text, reports with its place. Shared by ``streamed(from:)`` and the compiled form's
    /// whole (``CompiledSchemaReader/wholeSchema()``).
    static func assembled(document: SchemaMembers, keys reader: StreamedKeys) throws -> PreferenceSchema? {
        try SchemaFields.check(names: document.names, allowed: SchemaFields.document)
        guard case .string(let suite)? = document["suite"], SuiteLocation.isValidSuiteName(suite) else { return nil }
        var schema = PreferenceSchema(title: document["title"]?.stringValue ?? suite, suiteName: suite, keys: reader.keys,
                                      retiredKeys: try names(document["retired"], field: "retired"),
                                      version: try version(document["version"]), rules: try rules(document["rules"]),
                                      isDeclared: true, keyIndex: reader.keyIndex)
        schema.projectFile = try projectFile(document["projectFile"])
        let faultless = schema.migrationConflict() == nil && InUseConditions.problem(in: schema) == nil
            && SettingsRules.problem(in: schema) == nil
        return faultless ? schema : nil
    }
}

/// The keys of a schema's sections, read one setting at a time.
struct StreamedKeys {
    var keys: [AnyPreferenceKey] = []
    /// The keys by name, as the schema keeps them: made here, where a name given twice is
    /// refused, and handed over, so that each name is hashed once.
    private(set) var keyIndex: KeyIndex

    /// Sized for a schema of `expectedBytes`, at a setting every 256 bytes (a setting with a
    /// title, help text and a rule takes about 300), up to 65,536 settings: growing the table
    /// by doubling rehashed every name already in it, 4 M instructions at 10,000 settings.
    init(expectedBytes: Int) {
        self.init(expectedCount: min(expectedBytes / 256, 1 << 16))
    }

    /// Sized for `expected` settings.
    init(expectedCount expected: Int) {
        keyIndex = KeyIndex(capacity: expected)
        keys.reserveCapacity(expected)
    }
    private var shared = PreferenceSchema.SharedParts()
    /// One entry's fields, its storage kept from setting to setting.
    private var entry = SchemaEntry()

    /// A layout or a value the tree reader should look at.
    struct NotForThisReader: Error {}

    /// Adds the setting whose fields are `fields`, in the section named `section`; throws for
    /// a setting the schema refuses and for a name already given.
    mutating func add(_ fields: SchemaEntry, section: String) throws {
        keys.append(try PreferenceSchema.key(from: fields, section: section, shared: &shared))
        guard keyIndex.insert(keys.count - 1, in: keys) == nil else { throw NotForThisReader() }
    }

    mutating func readSection(from scanner: inout JSONScanner) throws {
        var name: String?
        var sawSettings = false
        var fields: [String] = []
        try scanner.members { scanner, field in
            fields.append(field)
            switch field {
            case "name":
                guard case .string(let text) = try scanner.value() else { throw NotForThisReader() }
                name = text
            case "settings":
                guard let name else { throw NotForThisReader() }
                sawSettings = true
                try scanner.items { scanner in
                    entry.removeAll()
                    // A field no setting has, or one given twice, is refused: the tree reader
                    // reads the file again, and says which.
                    do {
                        try scanner.members(named: SchemaEntry.Field.known) { scanner, place in
                            let field = SchemaEntry.Field(rawValue: place)!
                            guard field == .rule, scanner.isAtObject else { return entry.set(field, try scanner.value()) }
                            entry.beginRule()
                            // The scanner refuses a name given twice.
                            try scanner.members(named: SchemaEntry.knownRuleNames) { scanner, place in
                                _ = entry.addRuleField(SchemaEntry.ruleNames[place], try scanner.value())
                            }
                        }
                    } catch is JSONUnlistedMember {
                        throw NotForThisReader()
                    }
                    try add(entry, section: name)
                }
            default:
                _ = try scanner.value()
            }
        }
        try SchemaFields.check(names: fields, allowed: SchemaFields.section)
        guard name != nil, sawSettings else { throw NotForThisReader() }
    }
}

extension PreferenceSchema {
    /// The suite a schema file's text names (its top-level `"suite"`), found without reading
    /// the settings: looked for among the last members, then from the start, taken where it is
    /// met (the members before it stepped over, those after it not read), nothing built. Nil
    /// when the text names none before it ends or is no JSON object. A command uses it to open
    /// the suite while the schema is still being read, so a hint only: the schema as read has
    /// the last word, and a text it refuses (a second `"suite"`, a fault after the first) drops
    /// the suite opened for it.
    ///
    /// ```swift
    /// PreferenceSchema.suiteName(declaredIn: Data(#"{"suite": "com.acme.app", "sections": []}"#.utf8))  // "com.acme.app"
    /// ```
    package static func suiteName(declaredIn data: Data) -> String? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Sorted keys put it after the settings: looked for from the end first.
            if let suite = JSONScanner.trailingString(named: "suite", in: bytes) { return suite }
            var scanner = JSONScanner(bytes, checkingUTF8: true)
            var found: String?
            scanner.begin()
            // Met early (a file written with "suite" near the top), the rest is not stepped
            // over: at 10,000 settings that walk was 50 M instructions, a fifth of a first frame.
            struct Met: Error {}
            do {
                try scanner.members { scanner, name in
                    guard name == "suite" else { return try scanner.skipValue() }
                    if case .string(let suite) = try scanner.value() { found = suite }
                    throw Met()
                }
            } catch is Met {
                return found
            } catch {
                return nil
            }
            return found
        }
    }
}
