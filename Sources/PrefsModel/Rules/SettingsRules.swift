/// The checks behind a schema's rules across settings (``SettingsRule``): a write refused when
/// it would break one, a stored pair that breaks one found, and the schema's own rules checked.
package enum SettingsRules {
    /// The refusal of a write of `changes` over `current` (the user's file, under its lock):
    /// the first rule that the values after it break and that reads a setting it touches. A
    /// pair already broken (another program wrote it) does not stop a write of a third
    /// setting; a write of either of its settings must make it whole again.
    static func refusal(in schema: PreferenceSchema, current: [String: PlistValue], changes: [String: PlistValue?],
                        site: SiteLayers, overrides: [String: PlistValue]) -> PreferenceError? {
        guard !schema.rules.isEmpty else { return nil }
        let after = PreferencesSnapshot(schema: schema, storedValues: current, site: site, overrides: overrides)
            .applying(changes)
        let touched = Set(changes.keys)
        for rule in schema.rules {
            let (reason, reads) = ReadTracking.reads { rule.check(after) }
            guard let reason, !reads.isDisjoint(with: touched) else { continue }
            return .ruleBroken(keys: reads.sorted(), reason: reason)
        }
        return nil
    }

    /// The rules the settings as they stand break, each with the settings it reads.
    package static func broken(in prefs: PreferencesSnapshot) -> [(keys: [String], reason: String)] {
        prefs.schema.rules.compactMap { rule in
            let (reason, reads) = ReadTracking.reads { rule.check(prefs) }
            return reason.map { (reads.sorted(), $0) }
        }
    }

    /// ``broken(in:)`` by setting: each setting a broken rule reads, with the rule's reason.
    package static func brokenByKey(in prefs: PreferencesSnapshot) -> [String: String] {
        var byKey: [String: String] = [:]
        for (keys, reason) in broken(in: prefs) {
            for key in keys where byKey[key] == nil { byKey[key] = reason }
        }
        return byKey
    }

    /// What is wrong with a schema's rules, naming the settings: an `ordered` rule on a setting
    /// the schema does not hold or that has no order, or a rule that reads a setting the schema
    /// does not hold. Nil when none.
    package static func problem(in schema: PreferenceSchema) -> String? {
        guard !schema.rules.isEmpty else { return nil }
        let prefs = PreferencesSnapshot(schema: schema, storedValues: [:])
        for rule in schema.rules {
            if let (low, high) = rule.orderedPair {
                for name in [low, high] {
                    guard let key = schema.key(named: name) else { return "the rule ordered(\(low), \(high)) reads \"\(name)\", which the schema does not hold" }
                    guard SettingsRule.canOrder(key) else {
                        return "the rule ordered(\(low), \(high)): \"\(name)\" is a \(key.type.name), which has no order; use int, double or date"
                    }
                }
                continue
            }
            let reads = ReadTracking.reads { rule.check(prefs) }.names
            if let missing = reads.sorted().first(where: { schema.key(named: $0) == nil }) {
                return "a rule reads \"\(missing)\", which the schema does not hold"
            }
        }
        return nil
    }
}
