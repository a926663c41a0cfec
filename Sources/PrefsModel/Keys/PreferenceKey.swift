/// A setting declared once: name, value type, default, rule, and the text a UI shows.
///
/// Reads return `Value`, writes accept only `Value`. An unset key reads its default, which is
/// never written to disk, so a new default reaches everyone who never changed the setting.
///
/// ```swift
/// extension PreferenceKeys {
///     static let refreshInterval = PreferenceKey<Int>(
///         "refreshInterval", default: 15, rule: .range(5...240, step: 5),
///         title: "Refresh interval", help: "Minutes between forecast updates.",
///         section: "Updates", unit: "min")
/// }
/// prefs[.refreshInterval] += 5
/// ```
public final class PreferenceKey<Value: PreferenceValue>: AnyPreferenceKey, @unchecked Sendable {
    /// The default and the rule: the part shared by the keys made from this one (see
    /// ``renamed``), which every initializer of this class makes a `ValueCodec<Value>`. Read
    /// back from it rather than held twice.
    private var typed: ValueCodec<Value> { unsafeDowncast(shared, to: ValueCodec<Value>.self) }

    /// The value read when nothing valid is stored.
    public var defaultValue: Value { typed.defaultValue }
    /// The rule every written value must follow: the declared one, and on top of it no control
    /// characters in text other than tab (and line feed under a `multiline` text rule).
    public var valueRule: PreferenceRule<Value> { typed.valueRule.refusingControlCharacters() }

    /// Declares a key. Enums (``PreferenceChoice``) get their cases as the rule automatically.
    ///
    /// ```swift
    /// PreferenceKey<String>("city", default: "Oslo", rule: .text(nonEmpty: true, maxLength: 64))
    /// ```
    ///
    /// `renamedFrom` lists the names the setting had before, newest first: a value stored under
    /// one of them is read as this key's, and moved here by the next write (see
    /// ``Preferences/migrate()``). `migrating` converts a value an earlier version stored with
    /// another type (`.from(Bool.self) { $0 ? .imperial : .metric }`), under either name.
    /// `isSecret` marks a value to keep out of logs (a token, a password): readers that know of
    /// secrets, such as swift-configuration's through `PrefsConfiguration`, redact it.
    /// `scope: .user` keeps a project file (``ProjectLocation``) from setting it: a setting only
    /// the person decides for themselves, such as where their backups go.
    /// `inUseWhen` says when the setting is in use, from other settings' values
    /// (`inUseWhen: { $0[.useProxy] }`): the settings it reads are found as it runs, as a
    /// derived value's are. Out of use, the setting keeps its value (see ``Preferences/isInUse(_:)``).
    public convenience init(_ name: String, default defaultValue: Value, rule: PreferenceRule<Value>? = nil,
                            title: String = "", help: String = "", section: String = "General", unit: String? = nil,
                            isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [],
                            migrating: PreferenceConversion<Value>? = nil, inUseWhen: (@Sendable (PreferencesSnapshot) -> Bool)? = nil) {
        self.init(name, default: defaultValue, rule: rule, title: title, help: help, section: section, unit: unit,
                  isDescribedBySchema: true, isSecret: isSecret, scope: scope, renamedFrom: renamedFrom, conversion: migrating?.stored,
                  inUseCondition: inUseWhen.map(InUseCondition.init))
    }

    /// The designated initializer; `isDescribedBySchema` is false only for keys found in a
    /// suite's file that no schema declares.
    init(_ name: String, default defaultValue: Value, rule: PreferenceRule<Value>?,
         title: String, help: String, section: String, unit: String?, isDescribedBySchema: Bool, hasDefault: Bool = true,
         isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [], conversion: (@Sendable (PlistValue) -> PlistValue?)? = nil,
         conversionTable: JSONValue? = nil, inUseCondition: InUseCondition? = nil) {
        let rule = rule ?? Self.standardRule()
        let typed = ValueCodec(defaultValue: defaultValue, rule: rule, help: help, unit: unit, hasDefault: hasDefault,
                               isSecret: isSecret, scope: scope, renamedFrom: renamedFrom, conversion: conversion,
                               conversionTable: conversionTable, inUseCondition: inUseCondition)
        super.init(name: name, title: title, section: section, isDescribedBySchema: isDescribedBySchema, sharing: typed, codec: typed)
    }

    /// A key sharing `prototype`'s default, rule and codec under another name (see ``renamed``).
    private init(copying prototype: PreferenceKey<Value>, name: String, title: String, section: String, isDescribedBySchema: Bool) {
        super.init(name: name, title: title, section: section, isDescribedBySchema: isDescribedBySchema, sharing: prototype.shared,
                   codec: prototype.codec)
    }

    override func renamed(_ name: String, title: String, section: String, isDescribedBySchema: Bool) -> AnyPreferenceKey {
        PreferenceKey(copying: self, name: name, title: title, section: section, isDescribedBySchema: isDescribedBySchema)
    }

    /// Decodes a stored value: the value, or nil when it is the wrong type or breaks the rule.
    ///
    /// ```swift
    /// PreferenceKeys.refreshInterval.value(from: .int(30))  // 30
    /// ```
    public func value(from stored: PlistValue) -> Value? {
        guard let value = Value(storedValue: stored), valueRule.allows(value) else { return nil }
        return value
    }

    /// The value a stored plist value stands for: it, or the default when absent or invalid.
    ///
    /// ```swift
    /// PreferenceKeys.city.effectiveValue(from: nil)  // "Oslo"
    /// ```
    public func effectiveValue(from stored: PlistValue?) -> Value {
        stored.flatMap(value(from:)) ?? defaultValue
    }

    /// What to store for `value`: it is normalized (a real number snapped to its grid), then
    /// checked against the rule. Every write of a typed or parsed value passes here.
    func checkedStoredValue(_ value: Value) throws -> PlistValue? {
        do { return try Self.checked(value, rule: valueRule) } catch let error as PreferenceError { throw error.naming(self) }
    }

    static func checked(_ value: Value, rule: PreferenceRule<Value>) throws -> PlistValue? {
        let value = rule.normalized(value)
        if let allowed = refusal(of: value, rule: rule) {
            throw PreferenceError.invalidValue(key: nil, value: value.formatted, allowed: allowed)
        }
        guard let stored = value.storedValue else { return nil }
        // What is written must read back: a typed value can be one its type cannot store
        // usefully, like `URL(string: "www.example.com")`, which has no scheme.
        guard Value(storedValue: stored) != nil else {
            throw PreferenceError.invalidValue(key: nil, value: value.formatted, allowed: typeAllowedText(for: value))
        }
        return stored
    }

    /// What the value type accepts, taken from its parser's message for the same text.
    private static func typeAllowedText(for value: Value) -> String {
        do { _ = try Value(parsing: value.formatted) } catch PreferenceError.invalidValue(_, _, let allowed) {
            return allowed
        } catch {}
        return "a \(Value.preferenceType.name) that reads back as it was written"
    }

    /// Why `value` may not be stored, as what is allowed instead; nil when it may. The one
    /// judgement behind writes, reads and diagnostics.
    static func refusal(of value: Value, rule: PreferenceRule<Value>) -> String? {
        rule.refusingControlCharacters().refusalText(for: value)
    }

    private static func standardRule() -> PreferenceRule<Value> {
        guard let options = Value.builtInChoices else { return .any }
        let allowed = Set(options.map(\.value))
        return PreferenceRule(description: .choices(options)) { value in
            // An unset optional enum is allowed; a set one must be a case.
            value.storedValue == nil || allowed.contains(value.formatted)
        }
    }
}

extension PreferenceKey {
    /// Declares an optional key: it reads nil until set, and assigning nil removes the value.
    ///
    /// ```swift
    /// PreferenceKey<Date?>("lastRefresh", title: "Last refresh")
    /// ```
    ///
    /// `inUseWhen` says when the setting is in use, as for a key with a default.
    public convenience init<Wrapped>(_ name: String, rule: PreferenceRule<Value>? = nil, title: String = "",
                                     help: String = "", section: String = "General", unit: String? = nil,
                                     isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [],
                                     inUseWhen: (@Sendable (PreferencesSnapshot) -> Bool)? = nil)
    where Value == Wrapped?, Wrapped: PreferenceValue {
        self.init(name, default: nil, rule: rule, title: title, help: help, section: section, unit: unit,
                  isSecret: isSecret, scope: scope, renamedFrom: renamedFrom, inUseWhen: inUseWhen)
    }
}
