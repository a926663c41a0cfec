/// One step that moves a suite's values to what the program declares now: a value stored under
/// a setting's old name moved to its new one, a retired setting's value removed, or a value left
/// where it is, with the reason (a value the renamed setting refuses is never lost).
///
/// ```swift
/// for step in prefs.migrationPlan() { print(step) }   // unitSystem → units: imperial
/// ```
public struct PreferenceMigration: Sendable, Equatable, CustomStringConvertible {
    /// What the step does.
    public enum Action: Sendable, Equatable {
        /// The value moves from `from` to this key.
        case rename(to: String)
        /// The retired setting's value is removed.
        case retire
        /// The value stays under `from`, for this reason.
        case keep(reason: String)
    }

    /// The stored name the step is about.
    public let from: String
    /// What happens to it.
    public let action: Action
    /// The value stored under `from`.
    public let value: PlistValue

    /// One line for a person: `unitSystem → units: "imperial"`, `legacyMode: removed (retired)`,
    /// `interval: kept (…)`.
    public var description: String {
        let shown = value.summary.controlCharactersEscaped
        switch action {
        case .rename(let to): return "\(from.controlCharactersEscaped) → \(to.controlCharactersEscaped): \(shown)"
        case .retire: return "\(from.controlCharactersEscaped): \(shown) removed (retired)"
        case .keep(let reason): return "\(from.controlCharactersEscaped): \(shown) kept (\(reason.controlCharactersEscaped))"
        }
    }

    /// The stored changes the step makes (none for a value kept).
    var changes: [String: PlistValue?] {
        switch action {
        case .rename(let to): return [from: nil, to: value]
        case .retire: return [from: nil]
        case .keep: return [:]
        }
    }
}

extension PreferenceSchema {
    /// Whether any key was renamed or any setting retired: only then is there a plan to make.
    var hasMigrations: Bool {
        !retiredKeys.isEmpty || keys.contains { !$0.renamedFrom.isEmpty }
    }

    /// What moving `stored` to this schema takes, in key order. A value moves from a setting's
    /// old name only when the new name holds nothing and the setting takes the value (its type
    /// and rule); otherwise it stays, with the reason. Of several old names, the newest with a
    /// value moves. A value never set under any name is never written: the default applies.
    ///
    /// ```swift
    /// schema.migrationPlan(for: ["unitSystem": .string("imperial")])  // [unitSystem → units: "imperial"]
    /// ```
    public func migrationPlan(for stored: [String: PlistValue]) -> [PreferenceMigration] {
        guard hasMigrations else { return [] }
        var steps: [PreferenceMigration] = []
        for key in keys where !key.renamedFrom.isEmpty {
            var moved = stored[key.name] != nil
            for old in key.renamedFrom where old != key.name {
                guard let value = stored[old] else { continue }
                if moved {
                    let reason = stored[key.name] != nil ? "\(key.name) already holds a value" : "an older name of \(key.name)"
                    steps.append(PreferenceMigration(from: old, action: .keep(reason: reason), value: value))
                } else if let problem = key.problem(with: value) {
                    steps.append(PreferenceMigration(from: old, action: .keep(reason: "\(key.name) does not take it: \(problem)"), value: value))
                } else {
                    steps.append(PreferenceMigration(from: old, action: .rename(to: key.name), value: value))
                    moved = true
                }
            }
        }
        let declared = Set(keys.map(\.name))
        for name in retiredKeys where !declared.contains(name) {
            if let value = stored[name] { steps.append(PreferenceMigration(from: name, action: .retire, value: value)) }
        }
        return steps
    }

    /// The value the key reads from the user's file: its own, or, before the move, the first of
    /// its old names' values that it takes (what ``migrationPlan(for:)`` would move).
    package func userValue(of key: AnyPreferenceKey, in value: (String) -> PlistValue?) -> PlistValue? {
        if let own = value(key.name) { return own }
        for old in key.renamedFrom where old != key.name {
            if let stored = value(old), key.problem(with: stored) == nil { return stored }
        }
        return nil
    }
}
