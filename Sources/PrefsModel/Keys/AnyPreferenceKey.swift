/// A setting's declaration without its value type: what a UI or a command needs to list, show,
/// parse and check any setting. ``PreferenceKey`` is the typed form.
///
/// Declare keys as static members of this class, so call sites read `prefs[.city]`. The
/// examples on this page use these keys of a program's own:
///
/// ```swift
/// enum Notation: String, PreferenceChoice { case celsius, fahrenheit; var title: String { rawValue.capitalized } }
/// extension PreferenceKeys {
///     static let city = PreferenceKey<String>("city", default: "Oslo", title: "City")
///     static let refreshInterval = PreferenceKey<Int>("refreshInterval", default: 15, rule: .range(5...240, step: 5))
///     static let notation = PreferenceKey<Notation>("notation", default: .celsius)
/// }
/// ```
public class AnyPreferenceKey: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type; the class is only open
    // so that `PreferenceKey<Value>` can inherit the static key members (`.city`).

    /// The name under which the value is stored in the suite.
    public let name: String
    /// A short title for a UI.
    public let title: String
    /// The section a UI groups the setting under.
    public let section: String
    /// False for a key that no schema declares but the suite's file holds (another program's
    /// key, shown in the section "Other keys in this file"); its type is the stored value's.
    /// UIs mark such keys, and resetting all settings leaves them alone.
    ///
    /// ```swift
    /// prefs.schema.keys.filter { !$0.isDescribedBySchema }.map(\.name)  // ["legacyMode"]
    /// ```
    public let isDescribedBySchema: Bool

    /// Everything else about the key, in one object that the keys made from it by `renamed`
    /// share: an inferred schema types thousands of keys by a few values, and each held its
    /// own copy of these fields (a 200,000-key suite's `list` spent 22 MB on them).
    let shared: KeyDescription
    /// The same object as `shared` (a ``ValueCodec``), seen as its operations.
    let codec: any KeyCodec

    /// The value type, as schemas name it.
    public var type: PreferenceType { shared.type }
    /// The form its value is written in as text, in the words its parser refuses a value with.
    package var textForm: String { type.textForm }
    /// A sentence or two of help.
    public var help: String { shared.help }
    /// A unit shown after numbers (`min`), or nil.
    public var unit: String? { shared.unit }
    /// What the rule allows.
    public var rule: RuleDescription { shared.rule }
    /// False for a key nobody declared a default for: one inferred from a suite's file (its
    /// type read off the stored value), or a schema file's key without `"default"`. Such a key
    /// still reads a value of its type when unset (its type's empty value), but nothing should
    /// present that as a default: the program that owns the key decides what its absence means.
    ///
    /// ```swift
    /// PreferenceSchema(inferredFrom: ["enabled": .bool(true)], suiteName: "s").keys[0].hasDefault  // false
    /// ```
    package var hasDefault: Bool { shared.hasDefault }
    /// The names this setting had in earlier versions of its program, newest first: a value
    /// stored under one of them is read as this key's until a write moves it here (see
    /// ``Preferences/migrate()``).
    ///
    /// ```swift
    /// PreferenceKey<String>("units", default: "metric", renamedFrom: ["unitSystem"]).renamedFrom  // ["unitSystem"]
    /// ```
    public var renamedFrom: [String] { shared.renamedFrom }

    /// Whether the value is a secret (a token, a password) that readers keep out of logs.
    ///
    /// ```swift
    /// PreferenceKey<String>("apiToken", default: "", isSecret: true).isSecret  // true
    /// ```
    public var isSecret: Bool { shared.isSecret }
    /// Which layers may set the value: `.user` keeps a project file from setting it.
    ///
    /// ```swift
    /// PreferenceKey<String>("backupFolder", default: "~/Backups", scope: .user).scope  // .user
    /// ```
    public var scope: PreferenceScope { shared.scope }
    /// When the setting is in use (nil: always); see ``Preferences/isInUse(_:)``.
    package var inUseCondition: InUseCondition? { shared.inUseCondition }
    /// For a setting whose type changed: an old stored value to the new stored value, or nil.
    var conversion: (@Sendable (PlistValue) -> PlistValue?)? { shared.conversion }

    /// Whether the key converts values an earlier version stored with another type.
    package var hasConversion: Bool { shared.conversion != nil }
    /// The schema file's `"convert"` table this key was read with, or nil.
    package var conversionTable: JSONValue? { shared.conversionTable }

    /// Why `stored` is ignored for this key (it reads its default), or nil: the one rule behind
    /// ``Preferences/diagnostic(for:)`` and a UI's snapshot of the values.
    ///
    /// ```swift
    /// PreferenceKeys.refreshInterval.diagnostic(of: .string("soon"))?.reason
    /// ```
    package func diagnostic(of stored: PlistValue?) -> PreferenceDiagnostic? {
        guard let stored, let reason = problem(with: stored) else { return nil }
        return PreferenceDiagnostic(key: name, storedValue: shownSummary(of: stored), reason: reason)
    }

    /// The one judgement of the value the user's file holds under this key's own name, that
    /// `Preferences`, ``PreferencesSnapshot`` and so every view ask: nil when it is used, or
    /// why it is ignored and what is read instead (`source`: where the value in effect comes
    /// from, asked only when there is a problem). A value of the key's old type that its
    /// conversion takes is read converted, so it is no problem (`units = true` reads "imperial").
    ///
    /// ```swift
    /// key.judgedDiagnostic(ofOwnStored: .string("soon"), source: .registeredDefault)?.readsInstead  // "the default"
    /// ```
    package func judgedDiagnostic(ofOwnStored stored: PlistValue?, source: @autoclosure () -> PreferenceSource) -> PreferenceDiagnostic? {
        guard let stored, var diagnostic = diagnostic(of: stored) else { return nil }
        if hasConversion, PreferenceSchema.taken(stored, by: self) != nil { return nil }
        diagnostic.readsInstead = source().readInstead
        return diagnostic
    }

    /// The same key under another name, title and section, sharing this one's default, rule and
    /// codec (no new closures): how an inferred schema types thousands of keys by a few values.
    func renamed(_ name: String, title: String, section: String, isDescribedBySchema: Bool) -> AnyPreferenceKey {
        AnyPreferenceKey(name: name, title: title, section: section, isDescribedBySchema: isDescribedBySchema, sharing: shared, codec: codec)
    }

    /// A key with its own name, title and section and everything else in `shared`.
    init(name: String, title: String, section: String, isDescribedBySchema: Bool,
         sharing shared: KeyDescription, codec: any KeyCodec) {
        self.name = name
        self.title = title.isEmpty ? name : title
        self.section = section
        self.isDescribedBySchema = isDescribedBySchema
        self.shared = shared
        self.codec = codec
    }

    /// The default value in text form (empty for an unset optional).
    ///
    /// ```swift
    /// PreferenceKeys.refreshInterval.defaultText  // "15"
    /// ```
    package var defaultText: String { codec.defaultText }

    /// The default value as JSON.
    ///
    /// ```swift
    /// PreferenceKeys.city.defaultJSON  // .string("Oslo")
    /// ```
    package var defaultJSON: JSONValue { codec.defaultJSON }
    /// The default as a schema file writes it (a path's `~` kept).
    package var schemaDefaultJSON: JSONValue { codec.schemaDefaultJSON }
    /// The default value as it would be stored (nil for an unset optional).
    package var defaultStored: PlistValue? { codec.defaultStored }

    /// Checks a stored value; nil when it is the right type and follows the rule, otherwise the reason.
    ///
    /// ```swift
    /// PreferenceKeys.refreshInterval.problem(with: .string("soon"))  // "stored as string \"soon\", expected int"
    /// ```
    package func problem(with stored: PlistValue) -> String? {
        // A secret's value stays out of the words (``SecretValues``): they reach logs.
        isSecret ? codec.problemWithoutValue(stored) : codec.problem(stored)
    }

    /// The text form of a stored value, or of the default when nothing valid is stored.
    ///
    /// ```swift
    /// PreferenceKeys.notation.text(of: .string("fahrenheit"))  // "fahrenheit"
    /// ```
    public func text(of stored: PlistValue?) -> String { codec.text(stored, isJudgedUsable: false) }

    /// The JSON form of a stored value, or of the default when nothing valid is stored.
    ///
    /// ```swift
    /// PreferenceKeys.refreshInterval.json(of: .int(30))  // .int(30)
    /// ```
    public func json(of stored: PlistValue?) -> JSONValue { codec.json(stored) }

    /// Parses arguments (one value, or several list items) and checks the rule; the result is
    /// what to store (nil: remove, for an optional left empty). Errors name this key.
    ///
    /// ```swift
    /// try PreferenceKeys.refreshInterval.storedValue(parsing: ["30"])  // .int(30)
    /// ```
    package func storedValue(parsing arguments: [String]) throws -> PlistValue? {
        do { return try codec.parse(arguments) } catch let error as PreferenceError { throw error.naming(self) }
    }

    /// Reads a JSON value (from an export or a schema) and checks the rule. Errors name this key.
    ///
    /// ```swift
    /// try PreferenceKeys.city.storedValue(json: .string("Bergen"))  // .string("Bergen")
    /// ```
    package func storedValue(json: JSONValue) throws -> PlistValue? {
        do { return try codec.fromJSON(json) } catch let error as PreferenceError { throw error.naming(self) }
    }

    /// Parses one item of a list key with its item type's own parser, the one `set KEY ITEM…`
    /// uses, so an editor's item field refuses what the command line refuses, with the same
    /// message. The item's JSON; errors name this key. The rule is not checked here: it is the
    /// whole list's. Throws for a key that is not a list.
    ///
    /// ```swift
    /// try ports.listItem(parsing: "8080")  // .int(8080)
    /// try ports.listItem(parsing: "x")     // throws: ports: "x" is not allowed; allowed: a whole number
    /// ```
    package func listItem(parsing text: String) throws -> JSONValue {
        let item: JSONValue?
        do { item = try codec.listItem(parsing: text) } catch let error as PreferenceError { throw error.naming(self) }
        guard let item else {
            throw PreferenceError.invalidValue(key: name, value: text, allowed: "a value of type \(type.name), not a list item")
        }
        return item
    }

    /// Whether one item of a list, as JSON, is a value of this list key's item type (its rule is
    /// the whole list's, and not checked); nil for a key that is not a list. For readers that
    /// take a long list item by item and stop at the first that cannot be taken.
    ///
    /// ```swift
    /// ports.listItemFits(json: .string("x"))  // false
    /// ```
    package func listItemFits(json: JSONValue) -> Bool? { codec.listItemFits(json: json) }

    /// Throws ``PreferenceError/invalidValue(key:value:allowed:)`` naming this key when a plist
    /// value is not one this key may store (wrong type, against the rule, or text with control
    /// characters). The check ``Preferences/write(_:)`` makes for every value it writes.
    ///
    /// ```swift
    /// try PreferenceKeys.refreshInterval.checkStored(.string("soon"))
    /// // throws: refreshInterval: "soon" is not allowed; allowed: a value of type int
    /// ```
    package func checkStored(_ stored: PlistValue) throws {
        do { try codec.check(stored) } catch let error as PreferenceError { throw error.naming(self) }
    }

    /// Whether ``stepped(from:by:)`` can step this key: a number without choices.
    ///
    /// ```swift
    /// PreferenceKeys.refreshInterval.canStep  // true
    /// ```
    package var canStep: Bool { codec.canStep }

    /// The stored value `steps` steps of the rule away from the value in effect (negative:
    /// down): on the grid `min + k·step`, held within the range, exactly representable in text
    /// with the step's decimals (`0.8`, `0.75`). At a bound the result equals the current value.
    /// An unset optional number starts at the bottom of its range. Nil when the key cannot step.
    ///
    /// ```swift
    /// PreferenceKeys.refreshInterval.stepped(from: .int(15), by: 1)  // .int(20)
    /// ```
    public func stepped(from stored: PlistValue?, by steps: Int) -> PlistValue? {
        codec.step(stored, by: steps)
    }

    /// The stored value of the choice `steps` places after the one in effect (negative: before),
    /// wrapping around the list. Nil when the key has no choices.
    ///
    /// ```swift
    /// PreferenceKeys.notation.cycled(from: nil, by: 1)  // .string("fahrenheit")
    /// ```
    public func cycled(from stored: PlistValue?, by steps: Int) -> PlistValue? {
        codec.cycle(stored, by: steps)
    }
}

/// The shorter name used when declaring keys: `extension PreferenceKeys { static let … }`.
public typealias PreferenceKeys = AnyPreferenceKey
