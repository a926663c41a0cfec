// The first form of the closures that judge settings (a derived value, a condition, a rule across
// settings): they were given a `Preferences`. They are given a `PreferencesSnapshot` now, so that
// every judgement is made on one value, by every surface alike, with nothing built per judgement.
// These overloads keep a closure written for a `Preferences` (one that calls a function of the
// program's own taking `Preferences`) compiling: disfavoured, they are chosen only where the
// snapshot form does not type-check, and each judgement then pays for a `Preferences` made of the
// snapshot. A closure such as `{ $0[.useProxy] }` takes the snapshot form.

import Foundation

extension PreferencesSnapshot {
    /// Preferences that read these values alone and write nowhere that lasts, for a closure of
    /// the first form. Its reads give what the snapshot gives.
    package func frozenPreferences() -> Preferences {
        let frozenSite = site.folders.isEmpty && site.project == nil ? nil : SiteDefaults(frozen: site, suiteName: schema.suiteName)
        // Only read: a host's own Preferences reports what is wrong with its keys (one not in
        // the schema); this copy says nothing, above all not on the screen.
        return Preferences(store: InMemoryStore(storedValues, location: location), schema: schema, site: frozenSite,
                           overrides: overrides, onWriteError: { _ in })
    }
}

extension DerivedValue {
    /// Declares a derived value whose closures read a `Preferences` (the first form; a closure
    /// given a ``PreferencesSnapshot`` costs less).
    ///
    /// ```swift
    /// DerivedValue(name: "doubled", title: "Doubled") { (prefs: Preferences) in prefs[.refreshInterval] * 2 }
    /// ```
    @_disfavoredOverload
    public init(name: String, title: String, changesAt: @escaping @Sendable (Preferences) -> Date? = { _ in nil },
                compute: @escaping @Sendable (Preferences) -> Output) {
        self.init(name: name, title: title, inputs: [], changesAt: { changesAt($0.frozenPreferences()) },
                  compute: { compute($0.frozenPreferences()) })
    }
}

extension SettingsRule {
    /// A rule whose check reads a `Preferences` (the first form; a check given a
    /// ``PreferencesSnapshot`` costs less).
    ///
    /// ```swift
    /// SettingsRule { (prefs: Preferences) in prefs[.low] <= prefs[.high] ? nil : "low must not exceed high" }
    /// ```
    @_disfavoredOverload
    public init(_ check: @escaping @Sendable (Preferences) -> String?) {
        self.init { snapshot in check(snapshot.frozenPreferences()) }
    }
}

extension PreferenceKey {
    /// Declares a key whose condition reads a `Preferences` (the first form; a condition given a
    /// ``PreferencesSnapshot`` costs less, and one said as data travels with the schema).
    ///
    /// ```swift
    /// PreferenceKey<String>("proxyHost", default: "", inUseWhen: { (prefs: Preferences) in prefs[.useProxy] })
    /// ```
    @_disfavoredOverload
    public convenience init(_ name: String, default defaultValue: Value, rule: PreferenceRule<Value>? = nil,
                            title: String = "", help: String = "", section: String = "General", unit: String? = nil,
                            isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [],
                            migrating: PreferenceConversion<Value>? = nil, inUseWhen: @escaping @Sendable (Preferences) -> Bool) {
        self.init(name, default: defaultValue, rule: rule, title: title, help: help, section: section, unit: unit,
                  isSecret: isSecret, scope: scope, renamedFrom: renamedFrom, migrating: migrating,
                  inUseWhen: { (snapshot: PreferencesSnapshot) in inUseWhen(snapshot.frozenPreferences()) })
    }

    /// Declares an optional key whose condition reads a `Preferences` (the first form).
    ///
    /// ```swift
    /// PreferenceKey<URL?>("proxyURL", inUseWhen: { (prefs: Preferences) in prefs[.useProxy] })
    /// ```
    @_disfavoredOverload
    public convenience init<Wrapped>(_ name: String, rule: PreferenceRule<Value>? = nil, title: String = "",
                                     help: String = "", section: String = "General", unit: String? = nil,
                                     isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [],
                                     inUseWhen: @escaping @Sendable (Preferences) -> Bool)
    where Value == Wrapped?, Wrapped: PreferenceValue {
        self.init(name, default: nil, rule: rule, title: title, help: help, section: section, unit: unit,
                  isSecret: isSecret, scope: scope, renamedFrom: renamedFrom,
                  inUseWhen: { (snapshot: PreferencesSnapshot) in inUseWhen(snapshot.frozenPreferences()) })
    }
}
