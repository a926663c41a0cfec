import Foundation

extension PreferenceSchema {
    /// The section that holds a suite's keys that the schema does not describe.
    ///
    /// ```swift
    /// schema.addingOtherKeys(from: stored).sections.last?.name  // "Other keys in this file"
    /// ```
    package static let otherKeysSection = "Other keys in this file"

    /// The one section of a schema inferred from a suite's file.
    ///
    /// ```swift
    /// PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup").sections.map(\.name)  // ["Keys in this file"]
    /// ```
    package static let inferredSection = "Keys in this file"

    /// The title of a schema inferred from a suite's file. It says what the schema is rather
    /// than repeating the suite name, which a UI shows beside the title anyway.
    ///
    /// ```swift
    /// PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup").title  // "Inferred schema"
    /// ```
    package static let inferredTitle = "Inferred schema"

    /// The schema of a suite that has none, read from what its file holds: one setting per
    /// stored key, titled by its key, typed by its value (`bool`, `int`, `double`, `string`,
    /// `date`, `data`, `[T]` and `[string: T]` when every item has the same kind, `[plist]` and
    /// `[string: plist]` otherwise), with no rule, in one section. Keys are in name order.
    ///
    /// ```swift
    /// let schema = PreferenceSchema(inferredFrom: ["legacyMode": .bool(true)], suiteName: "com.acme.backup")
    /// schema.key(named: "legacyMode")?.type  // .bool
    /// ```
    package init(inferredFrom stored: [String: PlistValue], suiteName: String) {
        var prototypes: [PreferenceType: AnyPreferenceKey] = [:]
        let keys = stored.keys.sorted().map { name in
            Self.inferredKey(name, stored[name]!, section: Self.inferredSection, isDescribedBySchema: true, prototypes: &prototypes)
        }
        self.init(title: Self.inferredTitle, suiteName: suiteName, keys: keys, isDeclared: false)
        isInferred = true
    }

    /// This schema plus a last section, ``otherKeysSection``, with the stored keys it does not
    /// declare, typed by their values and marked with ``AnyPreferenceKey/isDescribedBySchema``
    /// false; so a UI shows every key of the file and a backup can include them all.
    ///
    /// ```swift
    /// let schema = declared.addingOtherKeys(from: store.storedValues())
    /// ```
    package func addingOtherKeys(from stored: [String: PlistValue]) -> PreferenceSchema {
        var prototypes: [PreferenceType: AnyPreferenceKey] = [:]
        // A name the program renamed or retired is its own past, not another program's key.
        // A versioned schema's record of the version is its own too.
        // Without migrations there is no past to gather (a walk over every key's old names).
        let past = hasMigrations ? Set(retiredKeys + keys.flatMap(\.renamedFrom) + (version > 0 ? [Self.versionKey] : [])) : []
        let others = stored.keys.filter { key(named: $0) == nil && !past.contains($0) }.sorted().map { name in
            Self.inferredKey(name, stored[name]!, section: Self.otherKeysSection, isDescribedBySchema: false, prototypes: &prototypes)
        }
        guard !others.isEmpty else { return self }
        return withKeys(keys + others)
    }

    /// The schema again for the keys now stored, when they have changed: an inferred schema is
    /// inferred anew (a key added to the file appears, one removed goes), and a declared one
    /// keeps its own keys and lists the file's other keys afresh (see ``addingOtherKeys(from:)``).
    /// A UI that shows a suite while other programs change it calls this on each change.
    ///
    /// ```swift
    /// let shown = schema.refreshed(for: store.storedValues())
    /// ```
    package func refreshed(for stored: [String: PlistValue]) -> PreferenceSchema {
        if isInferred {
            var schema = PreferenceSchema(inferredFrom: stored, suiteName: suiteName)
            schema = PreferenceSchema(title: title, suiteName: suiteName, keys: schema.keys, derivedValues: derivedValues)
            schema.isInferred = true
            return schema
        }
        let declared = keys.filter(\.isDescribedBySchema)
        let own = declared.count == keys.count ? self : withKeys(declared)
        return own.addingOtherKeys(from: stored)
    }

    /// An inferred key: the first of a type is made; the rest of that type share its default,
    /// rule and codec (measured: 1,144 bytes of heap a key before, for a suite of 20,000 numbers).
    private static func inferredKey(_ name: String, _ value: PlistValue, section: String, isDescribedBySchema: Bool,
                                    prototypes: inout [PreferenceType: AnyPreferenceKey]) -> AnyPreferenceKey {
        let type = PreferenceType.inferred(from: value)
        if let prototype = prototypes[type] {
            return prototype.renamed(name, title: name, section: section, isDescribedBySchema: isDescribedBySchema)
        }
        // Every inferred type resolves and has an empty value, so making the key cannot fail. No
        // default is declared: nobody here knows what the key's absence means to its program.
        let valueType = RuntimeValueType.resolve(type)!
        let key = try! RuntimeValueType.makeKey(
            valueType, name: name, defaultJSON: nil, rule: .any, title: name, help: "",
            section: section, unit: nil, isDescribedBySchema: isDescribedBySchema)
        prototypes[type] = key
        return key
    }
}

extension PreferenceType {
    /// The type of a stored value that no schema describes.
    ///
    /// ```swift
    /// PreferenceType.inferred(from: .array([.int(1), .string("a")]))  // [plist]
    /// ```
    package static func inferred(from value: PlistValue) -> PreferenceType {
        // `if case` tests rather than a switch, so that a kind added to PlistValue compiles and
        // is typed `plist`, which keeps any stored value exactly.
        if case .array(let items) = value { return .array(commonScalarType(of: items)) }
        if case .dictionary(let items) = value { return .dictionary(commonScalarType(of: Array(items.values))) }
        if case .bool = value { return .bool }
        if case .int = value { return .int }
        if case .double = value { return .double }
        if case .string = value { return .string }
        if case .date = value { return .date }
        if case .data = value { return .data }
        return .plist
    }

    /// The any-plist-value type, for mixed or nested lists and dictionaries.
    ///
    /// ```swift
    /// PreferenceType.plist.name  // "plist"
    /// ```
    package static let plist = PreferenceType.custom("plist")

    /// Parses a type name of a schema file: the names ``init(name:)`` reads, plus `plist`,
    /// `[plist]`, `[string: plist]` and their optionals.
    ///
    /// ```swift
    /// PreferenceType(schemaName: "[plist]")  // .array(.plist)
    /// ```
    init?(schemaName name: String) {
        // Most settings have a plain scalar type; looking it up skips the general parser, which
        // trims and splits text and was a fifth of loading a schema of ten thousand settings.
        if let type = Self.scalarsByName[name] {
            self = type
            return
        }
        if let type = PreferenceType(name: name) {
            self = type
            return
        }
        var text = name.filter { $0 != " " }
        let isOptional = text.hasSuffix("?")
        if isOptional { text.removeLast() }
        let type: PreferenceType
        switch text {
        case "plist": type = .plist
        case "[plist]": type = .array(.plist)
        case "[string:plist]": type = .dictionary(.plist)
        default: return nil
        }
        self = isOptional ? .optional(type) : type
    }

    private static let scalarsByName: [String: PreferenceType] = [
        "bool": .bool, "int": .int, "double": .double, "string": .string, "date": .date, "data": .data, "url": .url,
    ]

    /// The items' type if all are scalars of one kind, else `plist`. An empty collection has no
    /// kind to go by, so it is `plist` too, which takes any item later.
    private static func commonScalarType(of items: [PlistValue]) -> PreferenceType {
        guard let first = items.first else { return .plist }
        let type = inferred(from: first)
        switch type {
        case .array, .dictionary: return .plist
        default: return items.allSatisfy { inferred(from: $0) == type } ? type : .plist
        }
    }

    /// The empty value of a type, read by keys whose default nobody declared while they are unset.
    var emptyJSON: JSONValue {
        switch self {
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .double: return .double(0)
        case .string, .data: return .string("")
        case .date: return .string("1970-01-01T00:00:00Z")
        case .path: return .string("/")
        case .array: return .array([])
        case .dictionary: return .object([:])
        default: return .string("")
        }
    }
}

extension PreferenceSchema {
    /// Whether someone declared this key's type (in code or a schema file), rather than it being
    /// read off a stored value: the key is described by a schema that was not inferred.
    ///
    /// ```swift
    /// schema.declaresType(of: key) ? key.json(of: stored) : stored.jsonValue
    /// ```
    package func declaresType(of key: AnyPreferenceKey) -> Bool {
        key.isDescribedBySchema && !isInferred
    }
}

extension AnyPreferenceKey {
    /// A key of `type` that no schema describes and that declares no default: what
    /// `prefs-tui set --type` writes with. Nil for a type a run-time key cannot hold.
    ///
    /// ```swift
    /// AnyPreferenceKey.undescribed("outputFolder", type: .path)?.type  // .path
    /// ```
    package static func undescribed(_ name: String, type: PreferenceType) -> AnyPreferenceKey? {
        guard let valueType = RuntimeValueType.resolve(type) else { return nil }
        return try? RuntimeValueType.makeKey(valueType, name: name, defaultJSON: nil, rule: .any, title: name, help: "",
                                             section: "Other keys", unit: nil, isDescribedBySchema: false)
    }
}
