import Foundation

// Stored values that cannot be used, and why.
extension Preferences {
    /// The problem with the key's stored value (wrong type, against its rule), or nil.
    ///
    /// ```swift
    /// prefs.diagnostic(for: PreferenceKeys.refreshInterval)?.reason
    /// ```
    public func diagnostic(for key: AnyPreferenceKey) -> PreferenceDiagnostic? {
        key.judgedDiagnostic(ofOwnStored: store.storedValue(forKey: key.name), source: source(of: key))
    }

    /// Every schema key whose stored value reads as the default because it is unusable, then
    /// each setting of a stored pair that breaks a rule across settings (read as stored), once.
    ///
    /// ```swift
    /// for problem in prefs.diagnostics() { print(problem) }
    /// ```
    public func diagnostics() -> [PreferenceDiagnostic] { snapshot().diagnostics() }
}

extension PreferencesSnapshot {
    /// One diagnostic per setting of the user's file that a broken rule reads, with the rule's
    /// message: a setting that reads its default or a site's value stores nothing to mend, and
    /// one whose stored value is already ignored (with a diagnostic of its own) is not read.
    package func brokenRuleDiagnostics() -> [PreferenceDiagnostic] {
        guard !schema.rules.isEmpty else { return [] }
        var reported: Set<String> = []
        var diagnostics: [PreferenceDiagnostic] = []
        for (keys, reason) in SettingsRules.broken(in: self) {
            for name in keys where reported.insert(name).inserted {
                guard let key = schema.declaredKey(named: name), case .user = source(of: key),
                      let stored = resolution(of: key).stored else { continue }
                var diagnostic = PreferenceDiagnostic(key: name, storedValue: key.shownSummary(of: stored), reason: reason,
                                                      readsInstead: "its stored value")
                diagnostic.breaksRule = true
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    /// Values left under a setting's old name (the setting refuses them, or already has its own
    /// value), by the setting: reported, never lost.
    package func keptUnderOldNames() -> [String: [PreferenceDiagnostic]] {
        guard schema.hasMigrations else { return [:] }
        var owner: [String: String] = [:]
        for key in schema.keys { for old in key.renamedFrom { owner[old] = key.name } }
        var kept: [String: [PreferenceDiagnostic]] = [:]
        let plan = schema.migration(for: storedValues, locks: PreferenceSchema.MigrationLocks(site, schema: schema), runsSteps: false)
        for step in plan.steps {
            guard case .keep(let reason) = step.action, let name = owner[step.from], let value = step.value else { continue }
            let instead = schema.key(named: name).map { "what \(name) reads (\(source(of: $0).readInstead))" } ?? "the default"
            let shown = schema.key(named: name).map { $0.shownSummary(of: value) } ?? value.summary
            kept[name, default: []].append(PreferenceDiagnostic(key: step.from, storedValue: shown, reason: "not moved: \(reason)",
                                                                readsInstead: instead))
        }
        return kept
    }
}
