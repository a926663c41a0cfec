/// All the settings as they stand at one moment, as a value: the user's stored values, the
/// site's defaults and locks, this run's overrides and the problem reading the file, with the
/// schema that reads them. Every answer comes from the value alone, so a UI can hold it, change
/// it only by the news it gets (``applying(_:site:loadProblem:)``), and never read a file while
/// it draws. Conditions (`inUseWhen:`), rules across settings and derived values are judged on
/// it: their closures are given one. The editor's state and the swift-configuration provider's
/// answers are built on it too, so every surface says the same of a setting.
///
/// ```swift
/// let now = prefs.snapshot()
/// now[.city]                        // "Bergen"
/// now.source(of: PreferenceKeys.city)  // .user(path: …)
/// ```
public struct PreferencesSnapshot: Sendable {
    /// The schema that reads the values.
    ///
    /// ```swift
    /// prefs.snapshot().schema.keys.count  // 11
    /// ```
    public package(set) var schema: PreferenceSchema
    /// What the user's file stores, by key (old names and other keys included).
    ///
    /// ```swift
    /// prefs.snapshot().storedValues["city"]  // .string("Bergen")
    /// ```
    public private(set) var storedValues: [String: PlistValue]
    /// The site's defaults and locks (``SiteLayers/none`` without a site).
    ///
    /// ```swift
    /// prefs.snapshot().site.folders.map(\.path)  // ["/etc/xdg/com.example.weather.plist"]
    /// ```
    public private(set) var site: SiteLayers
    /// The program's overrides for this run.
    ///
    /// ```swift
    /// prefs.snapshot().overrides  // ["city": .string("Paris")]
    /// ```
    public let overrides: [String: PlistValue]
    /// The user's file, as sources name it.
    ///
    /// ```swift
    /// prefs.snapshot().location  // "/home/ada/.config/com.example.weather.plist"
    /// ```
    public let location: String
    /// Why the user's file could not be read, when it could not.
    ///
    /// ```swift
    /// if let problem = prefs.snapshot().loadProblem { print(problem) }
    /// ```
    public private(set) var loadProblem: String?
    /// How many changes were applied since it was taken: 0 for a snapshot just taken.
    ///
    /// ```swift
    /// prefs.snapshot().applying(["city": .string("Bergen")]).version  // 1
    /// ```
    public private(set) var version = 0

    /// A snapshot of these values (programs take one with ``Preferences/snapshot()``).
    package init(schema: PreferenceSchema, storedValues: [String: PlistValue], site: SiteLayers = .none,
                overrides: [String: PlistValue] = [:], location: String = "", loadProblem: String? = nil) {
        self.schema = schema
        self.storedValues = storedValues
        self.site = site
        self.overrides = overrides
        self.location = location
        self.loadProblem = loadProblem
    }

    // MARK: Values

    /// The key's value: the one in effect, or the default when nothing valid is set.
    ///
    /// ```swift
    /// snapshot[.refreshInterval]  // 15
    /// ```
    public subscript<Value>(key: PreferenceKey<Value>) -> Value {
        key.effectiveValue(from: effectiveStored(key))
    }

    /// The key's value (same as the subscript).
    ///
    /// ```swift
    /// snapshot.value(for: .refreshInterval)  // 15
    /// ```
    public func value<Value>(for key: PreferenceKey<Value>) -> Value { self[key] }

    /// A derived value computed on these values.
    ///
    /// ```swift
    /// snapshot[wind]  // "5.0 m/s"
    /// ```
    public subscript<Output>(derived: DerivedValue<Output>) -> Output { derived.value(in: self) }

    /// The key's value in its text form (the default's when nothing valid is set).
    ///
    /// ```swift
    /// snapshot.text(of: PreferenceKeys.refreshInterval)  // "15"
    /// ```
    public func text(of key: AnyPreferenceKey) -> String { key.text(of: effectiveStored(key)) }

    /// The key's value as JSON (the default's when nothing valid is set).
    ///
    /// ```swift
    /// snapshot.json(of: PreferenceKeys.refreshInterval)  // .number(15)
    /// ```
    package func json(of key: AnyPreferenceKey) -> JSONValue { key.json(of: effectiveStored(key)) }

    /// The key's value as a person reads it: `""` for empty text, `(unset)` for an optional
    /// without a value.
    ///
    /// ```swift
    /// snapshot.displayText(of: PreferenceKeys.city)  // "Bergen"
    /// ```
    package func displayText(of key: AnyPreferenceKey) -> String { key.displayText(of: effectiveStored(key)) }

    /// What the user's file holds for the key: its own value, or before a rename is carried
    /// out (by the next write), the value under one of its old names.
    ///
    /// ```swift
    /// snapshot.userValue(of: PreferenceKeys.city)  // .string("Bergen")
    /// ```
    package func userValue(of key: AnyPreferenceKey) -> PlistValue? {
        key.renamedFrom.isEmpty && !key.hasConversion ? storedValues[key.name] : schema.userValue(of: key) { storedValues[$0] }
    }

    /// The stored value in effect (nil: the registered default): without site layers or
    /// overrides, the user's value as it is (the key's decoding reads an unusable one as the default).
    package func effectiveStored(_ key: AnyPreferenceKey) -> PlistValue? {
        // Noted, so that a derived value, a condition or a rule judged here knows its inputs.
        ReadTracking.note(key.name)
        return site.effectiveStored(key, user: userValue(of: key), override: overrides[key.name])
    }

    // MARK: Where values come from

    /// The value in effect for the key and the layer it comes from.
    ///
    /// ```swift
    /// snapshot.resolution(of: PreferenceKeys.city).source  // .site(path: …)
    /// ```
    package func resolution(of key: AnyPreferenceKey) -> PreferenceResolution { resolution(of: key, user: userValue(of: key)) }

    /// ``resolution(of:)`` for the user's value already looked up (``userValue(of:)``).
    package func resolution(of key: AnyPreferenceKey, user: PlistValue?) -> PreferenceResolution {
        ReadTracking.note(key.name)
        return site.resolve(key, user: user, userPath: location, override: overrides.isEmpty ? nil : overrides[key.name])
    }

    /// Which layer gives the key's value.
    ///
    /// ```swift
    /// snapshot.source(of: PreferenceKeys.city)  // .registeredDefault
    /// ```
    public func source(of key: AnyPreferenceKey) -> PreferenceSource { resolution(of: key).source }

    /// The locks file that locks the key (by its name or an old one), or nil: the site's own
    /// answer, so no view differs from `set` about what is locked.
    ///
    /// ```swift
    /// snapshot.lockFile(of: PreferenceKeys.refreshInterval)  // "/etc/xdg/com.example.weather.locks"
    /// ```
    package func lockFile(of key: AnyPreferenceKey) -> String? {
        site.lockingFolder(of: key).map { site.folders[$0].locksPath }
    }

    /// Whether the user's file sets nothing for the key.
    ///
    /// ```swift
    /// snapshot.isDefault(PreferenceKeys.city)  // true
    /// ```
    public func isDefault(_ key: AnyPreferenceKey) -> Bool { userValue(of: key) == nil }

    // MARK: Problems

    /// Why the key's stored value is ignored (it reads its default), or nil.
    ///
    /// ```swift
    /// snapshot.diagnostic(for: PreferenceKeys.refreshInterval)?.reason
    /// ```
    public func diagnostic(for key: AnyPreferenceKey) -> PreferenceDiagnostic? {
        key.judgedDiagnostic(ofOwnStored: storedValues[key.name], source: source(of: key))
    }

    /// The problems with one key's values: the user's stored value, each site file's value the
    /// key skips, and values left under its old names.
    ///
    /// ```swift
    /// snapshot.diagnostics(of: PreferenceKeys.city).map(\.file)  // [nil, "/etc/xdg/com.example.weather.plist"]
    /// ```
    package func diagnostics(of key: AnyPreferenceKey) -> [PreferenceDiagnostic] {
        diagnostics(of: key, own: diagnostic(for: key))
    }

    /// ``diagnostics(of:)`` with the user's own value already judged (``SettingFacts/diagnostic``).
    package func diagnostics(of key: AnyPreferenceKey, own: PreferenceDiagnostic?) -> [PreferenceDiagnostic] {
        // Arrays made only where there is something to say: `list` asks this of every setting.
        var found: [PreferenceDiagnostic] = []
        if let own { found.append(own) }
        if site.project != nil || site.folders.contains(where: { !$0.values.isEmpty }) { found += site.diagnostics(of: key) }
        if !key.renamedFrom.isEmpty, let kept = keptUnderOldNames()[key.name] { found += kept }
        return found
    }

    /// Every schema key's ignored value, the user's and the site's, then each setting of a
    /// stored pair that breaks a rule across settings (read as stored), once.
    ///
    /// ```swift
    /// for problem in snapshot.diagnostics() { print(problem) }
    /// ```
    public func diagnostics() -> [PreferenceDiagnostic] {
        // A loop: built as one small array a key and joined, the list cost two allocations a
        // setting, at 10,000 settings 3.5 M instructions of an editor's start.
        var found: [PreferenceDiagnostic] = []
        // Values left under an old name, as `Preferences.diagnostics()` says them: only a
        // schema that renames settings can have any.
        let keptUnderOldNames = schema.hasMigrations ? self.keptUnderOldNames() : nil
        let checksSite = site.folders.contains { !$0.values.isEmpty } || site.project != nil
        for key in schema.keys {
            if let problem = diagnostic(for: key) { found.append(problem) }
            if checksSite { found += site.diagnostics(of: key) }
            if let kept = keptUnderOldNames?[key.name] { found += kept }
        }
        if !schema.rules.isEmpty { found += brokenRuleDiagnostics() }
        return found
    }

    // MARK: Changes

    /// The snapshot with news applied: new stored values (nil: removed), and the site's layers
    /// and the load problem as they are now (a nil `site` keeps them). The store's and the site's
    /// change reports carry all of it, so nothing is read again.
    ///
    /// ```swift
    /// snapshot = snapshot.applying(["city": .string("Tromsø")])
    /// ```
    public func applying(_ changes: [String: PlistValue?], site: SiteLayers? = nil, loadProblem: String?? = .none) -> PreferencesSnapshot {
        var copy = self
        copy.apply(changes, site: site, loadProblem: loadProblem)
        return copy
    }

    /// ``applying(_:site:loadProblem:)`` in place; whether a key was added or removed.
    @discardableResult
    package mutating func apply(_ changes: [String: PlistValue?], site: SiteLayers? = nil, loadProblem: String?? = .none) -> Bool {
        var keysChanged = false
        for (name, value) in changes {
            if let value {
                keysChanged = storedValues.updateValue(value, forKey: name) == nil || keysChanged
            } else {
                keysChanged = storedValues.removeValue(forKey: name) != nil || keysChanged
            }
        }
        if let site { self.site = site }
        if case .some(let problem) = loadProblem { self.loadProblem = problem }
        version += 1
        return keysChanged
    }
}

extension Preferences {
    /// All the settings as they stand now, as one value.
    ///
    /// ```swift
    /// let now = prefs.snapshot()
    /// ```
    public func snapshot() -> PreferencesSnapshot {
        PreferencesSnapshot(schema: schema, storedValues: store.storedValues(), site: siteLayers, overrides: overrides,
                            location: store.location, loadProblem: store.loadProblem)
    }
}
