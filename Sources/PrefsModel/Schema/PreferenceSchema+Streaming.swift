import Foundation

/// One object of a schema file (the document, a section, a setting) as its members in file order.
///
/// Why not a dictionary: a setting has at most seven fields, and finding one by comparing short
/// names costs less than hashing them; building and hashing a dictionary per setting was most of
/// the time and memory of reading a 10,000-setting schema.
struct SchemaEntry {
    var members: [(name: String, value: JSONValue)] = []

    subscript(name: String) -> JSONValue? {
        members.first { $0.name == name }?.value
    }

    var names: some Sequence<String> { members.lazy.map(\.name) }
}

extension PreferenceSchema {
    /// The schema read member by member, never holding the document as a tree: each setting's
    /// fields become its key and are let go. Nil for any fault (bad JSON, bad UTF-8, a field or
    /// value the schema refuses) and for a layout this reader does not follow (a section whose
    /// `"settings"` come before its `"name"`): the tree reader then reads the file, and reports
    /// the fault with its place. So this is only ever a faster way to the same schema; the two
    /// readers share the checks of each entry (`key(from:section:types:)`, `SchemaFields`), and
    /// `SchemaReadersTests` compares them on good and damaged files.
    static func streamed(from bytes: UnsafeBufferPointer<UInt8>) -> PreferenceSchema? {
        var scanner = JSONScanner(bytes, checkingUTF8: true)
        var document = SchemaEntry()  // its members but "sections", which are read as they come
        var sawSections = false
        var reader = StreamedKeys()
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
            try SchemaFields.check(names: document.names, allowed: SchemaFields.document)
            guard sawSections, case .string(let suite)? = document["suite"], SuiteLocation.isValidSuiteName(suite) else {
                return nil
            }
            let schema = PreferenceSchema(title: document["title"]?.stringValue ?? suite, suiteName: suite, keys: reader.keys,
                                          retiredKeys: try names(document["retired"], field: "retired"),
                                          version: try version(document["version"]), rules: try rules(document["rules"]),
                                          isDeclared: true)
            // A fault is left to the other reader, which says where it is.
            let faultless = schema.migrationConflict() == nil && InUseConditions.problem(in: schema) == nil
                && SettingsRules.problem(in: schema) == nil
            return faultless ? schema : nil
        } catch {
            return nil
        }
    }
}

/// The keys of a schema's sections, read one setting at a time.
private struct StreamedKeys {
    var keys: [AnyPreferenceKey] = []
    private var names = Set<String>()
    private var types = PreferenceSchema.TypeNames()
    /// One entry's fields, its storage kept from setting to setting.
    private var entry = SchemaEntry()

    /// A layout or a value the tree reader should look at.
    private struct NotForThisReader: Error {}

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
                    entry.members.removeAll(keepingCapacity: true)
                    try scanner.members { scanner, field in entry.members.append((field, try scanner.value())) }
                    let key = try PreferenceSchema.key(from: entry, section: name, types: &types)
                    guard names.insert(key.name).inserted else { throw NotForThisReader() }
                    keys.append(key)
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
    /// the settings: the rest is stepped over, nothing built. Nil when the text names none or
    /// is no JSON object. A command uses it to open the suite while the schema is still being
    /// read, so a hint only: the schema as read has the last word.
    ///
    /// ```swift
    /// PreferenceSchema.suiteName(declaredIn: Data(#"{"suite": "com.acme.app", "sections": []}"#.utf8))  // "com.acme.app"
    /// ```
    package static func suiteName(declaredIn data: Data) -> String? {
        data.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw.bindMemory(to: UInt8.self), checkingUTF8: true)
            var found: String?
            scanner.begin()
            do {
                try scanner.members { scanner, name in
                    guard name == "suite" else { return try scanner.skipValue() }
                    if case .string(let suite) = try scanner.value() { found = suite }
                }
            } catch {
                return nil
            }
            return found
        }
    }
}
