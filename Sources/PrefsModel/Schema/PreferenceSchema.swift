/// All a UI needs to list, render and check a program's settings: sections in order, each with
/// its keys (name, type, default, rule, title, help), plus the derived values to show beside them.
///
/// Sections follow the order in which their first key appears.
///
/// ```swift
/// let schema = PreferenceSchema(title: "Weather", suiteName: "com.example.weather",
///                               keys: [.temperatureNotation, .city, .refreshInterval])
/// schema.sections.map(\.name)  // ["Units", "Location", "Updates"]
/// ```
public struct PreferenceSchema: Sendable {
    /// A title for headers.
    public let title: String
    /// The suite the settings are stored in by default.
    public let suiteName: String
    /// Every key, in order. A later key with the same name as an earlier one is left out.
    public let keys: [AnyPreferenceKey]
    /// Values computed from settings, for a live preview.
    public let derivedValues: [AnyDerivedValue]
    /// The keys grouped by section, in order.
    public let sections: [PreferenceSection]
    /// Names of settings earlier versions of the program had and this one dropped: a value
    /// stored under one is removed by the next write (see ``Preferences/migrate()``), rather
    /// than listed as another program's key.
    public let retiredKeys: [String]
    /// The schema's version: 0 for a schema that records none. A suite records the version of
    /// the last program that migrated it (under ``versionKey``), so each ``MigrationStep`` runs
    /// once, and an older program (a lower version) reads a newer suite without migrating it.
    public let version: Int
    /// The ordered steps that bring a suite from an earlier version to ``version``, sorted by
    /// their versions (a later step with the same version as an earlier one is left out).
    public let migrationSteps: [MigrationStep]
    /// Rules across settings, checked on every write that touches a setting they read.
    public let rules: [SettingsRule]
    /// The name of the file a project may carry its settings in (`.backup-tool.json`), found from
    /// the working folder upward (see ``ProjectLocation``); nil: the program reads no project file.
    public internal(set) var projectFile: String?
    /// The stored name under which a suite records the schema version it was migrated to. A
    /// versioned schema owns it: it is neither listed as another program's key nor refused by
    /// an import, so a backup carries the version its values are at.
    ///
    /// ```swift
    /// prefs.store.storedValue(forKey: PreferenceSchema.versionKey)  // .integer(2)
    /// ```
    public static let versionKey = "prefs.schemaVersion"
    /// True for a schema read from a suite's file because no schema describes the suite
    /// (``init(inferredFrom:suiteName:)``): its types are the stored values' and its defaults empty.
    ///
    /// ```swift
    /// PreferenceSchema(inferredFrom: [:], suiteName: "com.acme.backup").isInferred  // true
    /// ```
    package internal(set) var isInferred = false
    /// The keys with a condition for being in use (``InUseCondition``), in order: views that
    /// show whether settings are in use look at these alone, and do no work without any.
    package private(set) var conditionedKeys: [AnyPreferenceKey] = []
    package var hasConditions: Bool { !conditionedKeys.isEmpty }
    /// Whether the schema migrates anything: a version, retired names, renamed or converted
    /// settings. Found once when the schema is made: asked on every write, a walk over the keys
    /// was a million instructions a write at 50,000 settings.
    package private(set) var hasMigrations = false

    /// ``keys`` by name.
    private let keyIndex: KeyIndex
    /// Every key of the schema as declared, and their index, also in a part of it made with
    /// `withKeys` (a UI's chosen sections): what counts as "in the schema" for ``holds(_:)``.
    /// Shared, not copied.
    private var declared: (keys: [AnyPreferenceKey], index: KeyIndex)
    /// The settings by their old names (``AnyPreferenceKey/renamedFrom``); empty for most schemas.
    private let keysByOldName: [String: AnyPreferenceKey]

    /// Makes a schema from keys declared in code (or loaded from a schema file).
    ///
    /// ```swift
    /// PreferenceSchema(title: "Weather", suiteName: "com.example.weather", keys: [.city])
    /// ```
    ///
    /// `retiredKeys` names settings earlier versions had and this one dropped. `version` and
    /// `migrationSteps` version the suite (see ``MigrationStep``); the version is at least the
    /// last step's, and steps below 1 are left out.
    public init(title: String, suiteName: String, keys: [AnyPreferenceKey], derivedValues: [any LivePreviewValue] = [],
                retiredKeys: [String] = [], version: Int = 0, migrationSteps: [MigrationStep] = [], rules: [SettingsRule] = [],
                projectFile: String? = nil) {
        self.init(title: title, suiteName: suiteName, keys: keys, derivedValues: derivedValues, retiredKeys: retiredKeys,
                  version: version, migrationSteps: migrationSteps, rules: rules, isDeclared: true)
        if let projectFile, let problem = Self.projectFileProblem(projectFile) { fatalError("PreferenceSchema \"\(title)\": \(problem)") }
        self.projectFile = projectFile
        if let problem = SettingsRules.problem(in: self) { fatalError("PreferenceSchema \"\(title)\": \(problem)") }
        // A condition on a setting the schema does not hold, or conditions that wait on each
        // other: declaration faults, found the first time the schema is made.
        if let problem = InUseConditions.problem(in: self) { fatalError("PreferenceSchema \"\(title)\": \(problem)") }
    }

    /// A schema whose conditions are not checked: for a test of the check itself, which the
    /// public initializer runs (and stops the program on).
    package init(uncheckedTitle title: String, suiteName: String, keys: [AnyPreferenceKey], rules: [SettingsRule] = []) {
        self.init(title: title, suiteName: suiteName, keys: keys, rules: rules, isDeclared: true)
    }

    /// `isDeclared`: the keys are a program's declarations, whose faults stop it; false for
    /// keys read from a suite's file (``init(inferredFrom:suiteName:)``), whose names are
    /// whatever another program stored.
    ///
    /// `keyIndex`: the keys by name, when the caller made that table already over `keys` (a
    /// schema file's reader, which refuses a name given twice as it reads), so that no name is
    /// hashed twice.
    init(title: String, suiteName: String, keys: [AnyPreferenceKey], derivedValues: [any LivePreviewValue] = [],
         retiredKeys: [String] = [], version: Int = 0, migrationSteps: [MigrationStep] = [], rules: [SettingsRule] = [],
         isDeclared: Bool, keyIndex known: KeyIndex? = nil) {
        self.retiredKeys = retiredKeys
        self.rules = rules
        var steps: [MigrationStep] = []
        for step in migrationSteps.filter({ $0.version >= 1 }).sorted(by: { $0.version < $1.version })
        where steps.last?.version != step.version {
            steps.append(step)
        }
        self.migrationSteps = steps
        self.version = max(version, steps.last?.version ?? 0)
        func checkDeclaration(of key: AnyPreferenceKey) {
            if isDeclared, key.isDescribedBySchema, let reason = Self.reservedNameReason(key.name) { fatalError("PreferenceSchema \"\(title)\": \(reason)") }
            // Two choices of one value: picked by value, the second could never be chosen, and a
            // JSON Schema's `oneOf` refused the value. A declaration fault too.
            if let choices = key.rule.choices, let repeated = ChoiceOption.firstRepeat(in: choices) {
                fatalError("PreferenceSchema \"\(title)\": key \"\(key.name)\": "
                    + ChoiceOption.repeatedMessage(repeated.first, repeated.second))
            }
        }
        var index: KeyIndex
        var unique: [AnyPreferenceKey]
        if let known {
            index = known
            unique = keys
            keys.forEach(checkDeclaration)
        } else {
            // Sized once: growing by doubling held the old and the new table together, which
            // was the peak of `list` on a suite of 200,000 keys.
            index = KeyIndex(capacity: keys.count)
            unique = []
            unique.reserveCapacity(keys.count)
            for key in keys {
                unique.append(key)
                // One hash a key: the table is asked and filled in one step.
                if let first = index.insert(unique.count - 1, in: unique) {
                    unique.removeLast()
                    // The same key listed twice is one key; two keys with one name would leave
                    // one of them reading and writing a setting nobody sees. A declaration fault
                    // in code, found the first time the schema is made, so it stops the program.
                    guard unique[first] === key else { fatalError(Self.twoKeysMessage(unique[first], key, title: title)) }
                    continue
                }
                checkDeclaration(of: key)
            }
        }
        // Set when a section's keys come apart in the list, which puts them together: the
        // index's places are then no longer the list's.
        var regrouped = false
        var sections: [PreferenceSection] = []
        if let first = unique.first, unique.allSatisfy({ $0.section == first.section }) {
            // One section (an inferred schema's, or a small program's): its list is the keys'
            // own, shared rather than built again by appending (2 MB of growth and a 1.6 MB copy
            // at 200,000 keys, in the peak of `list`).
            sections = [PreferenceSection(name: first.section, keys: unique)]
        } else {
            var sectionIndex: [String: Int] = [:]
            for key in unique {
                // Keys mostly come section by section: the last section first, without hashing.
                if let last = sections.indices.last, sections[last].name == key.section {
                    sections[last].keys.append(key)
                } else if let place = sectionIndex[key.section] {
                    sections[place].keys.append(key)
                    regrouped = true
                } else {
                    sectionIndex[key.section] = sections.count
                    sections.append(PreferenceSection(name: key.section, keys: [key]))
                }
            }
        }
        self.title = title
        self.suiteName = suiteName
        self.keys = sections.count == 1 ? sections[0].keys : sections.flatMap(\.keys)
        self.derivedValues = derivedValues.map(\.previewed)
        self.sections = sections
        if regrouped { index = KeyIndex(of: self.keys) }
        self.keyIndex = index
        self.declared = (self.keys, index)
        var old: [String: AnyPreferenceKey] = [:]
        for key in unique {
            for name in key.renamedFrom where name != key.name && index.place(of: name, in: self.keys) == nil && old[name] == nil {
                old[name] = key
            }
        }
        self.keysByOldName = old
        conditionedKeys = unique.filter { $0.inUseCondition != nil }
        hasMigrations = self.version > 0 || !retiredKeys.isEmpty || unique.contains { !$0.renamedFrom.isEmpty || $0.conversion != nil }
    }

    /// This schema with other keys (a UI's chosen part, the file's other keys added), keeping
    /// everything else: derived values, retired names, version and steps.
    package func withKeys(_ keys: [AnyPreferenceKey], title: String? = nil) -> PreferenceSchema {
        var schema = PreferenceSchema(title: title ?? self.title, suiteName: suiteName, keys: keys, derivedValues: derivedValues,
                                      retiredKeys: retiredKeys, version: version, migrationSteps: migrationSteps, rules: rules,
                                      isDeclared: !isInferred)
        schema.isInferred = isInferred
        schema.projectFile = projectFile
        schema.declared = declared
        return schema
    }

    /// The key of this name among those shown, or among those the schema declared (a part of a
    /// schema, as an editor shows it, still knows the settings a condition reads).
    package func declaredKey(named name: String) -> AnyPreferenceKey? {
        key(named: name) ?? declared.index.place(of: name, in: declared.keys).map { declared.keys[$0] }
    }

    /// Whether the schema, as declared, lists this key (by name).
    package func holds(_ key: AnyPreferenceKey) -> Bool {
        declared.index.place(of: key.name, in: declared.keys) != nil || self.key(named: key.name) != nil
    }

    /// Why a setting cannot have this name, or nil when it can. `$schema` is the member through
    /// which a JSON export names its JSON Schema (`export --json-schema`), which import skips:
    /// a setting so named was dropped from such an export, and the export failed to import.
    package static func reservedNameReason(_ name: String) -> String? {
        guard name == "$schema" else { return nil }
        return "the name \"$schema\" is not allowed for a setting; a JSON export names its JSON Schema there"
    }

    private static func twoKeysMessage(_ first: AnyPreferenceKey, _ second: AnyPreferenceKey, title: String) -> String {
        func shown(_ key: AnyPreferenceKey) -> String { key.title.isEmpty ? "a key" : "\"\(key.title)\"" }
        return "PreferenceSchema \"\(title)\": two keys are named \"\(first.name)\" (\(shown(first)) and \(shown(second))); "
            + "each setting needs a name of its own"
    }

    /// The key with this name, or nil.
    ///
    /// ```swift
    /// schema.key(named: "city")?.title  // "City"
    /// ```
    public func key(named name: String) -> AnyPreferenceKey? { keyIndex.place(of: name, in: keys).map { keys[$0] } }

    /// The setting whose value may be stored under this name: the key of that name, or the key
    /// that was once called so (a name two keys claim as old is refused for schema files, and
    /// the first one declared owns it here).
    ///
    /// ```swift
    /// schema.setting(storedUnder: "unitSystem")?.name  // "unitsNotation"
    /// ```
    package func setting(storedUnder name: String) -> AnyPreferenceKey? { key(named: name) ?? keysByOldName[name] }

    /// The key with this name, or an error that suggests the nearest names.
    ///
    /// ```swift
    /// try schema.requireKey(named: "refreshIntervall")  // unknown key …; did you mean refreshInterval?
    /// ```
    package func requireKey(named name: String) throws -> AnyPreferenceKey {
        if let key = key(named: name) { return key }
        throw PreferenceError.unknownKey(name, suggestions: suggestions(for: name))
    }

    /// Up to three key names close to `name` (by edit distance, case-insensitive), nearest first.
    ///
    /// ```swift
    /// schema.suggestions(for: "citty")  // ["city"]
    /// ```
    package func suggestions(for name: String) -> [String] {
        EditDistance.ranked(name, among: keys.map(\.name)).prefix(3).map(\.name)
    }
}

/// A titled group of settings.
///
/// ```swift
/// schema.sections.first?.keys.map(\.name)  // ["temperatureNotation", "unitsNotation", "timeNotation"]
/// ```
public struct PreferenceSection: Sendable {
    /// The section's name, as keys give it.
    public let name: String
    /// The keys in the section, in order.
    public internal(set) var keys: [AnyPreferenceKey]
}

/// The number of single-character edits between two words: how "did you mean" suggestions
/// find near names (keys, schema fields, commands).
package enum EditDistance {
    /// The names near `word`, nearest first (ties by name), ignoring case: a name that contains
    /// the word counts as distance 0 (`refresh` finds `refreshInterval`); others are kept within
    /// max(2, a third of the word's length) edits; a name the word contains comes last.
    /// One ranking for every "did you mean".
    ///
    /// Why a contained name comes last: a long typo often contains a short name by chance, and
    /// `maxLenght` means `maxLength` (2 edits), not `max`.
    package static func ranked(_ word: String, among names: some Sequence<String>) -> [(name: String, distance: Int)] {
        let wanted = word.lowercased()
        let limit = max(2, wanted.count / 3)
        return names.compactMap { name -> (name: String, distance: Int)? in
            let candidate = name.lowercased()
            if candidate.contains(wanted) { return (name, 0) }
            let distance = between(wanted, candidate)
            if distance <= limit { return (name, distance) }
            return wanted.contains(candidate) ? (name, limit + 1) : nil
        }
        .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
    }

    package static func between(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs), right = Array(rhs)
        if left.isEmpty { return right.count }
        var previous = Array(0...right.count)
        for (i, a) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, b) in right.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}
