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
        /// The value moves from `from` to this key (converted, when its type changed: see
        /// ``PreferenceMigration/newValue``).
        case rename(to: String)
        /// The value under `from`, of the setting's old type, is replaced by its conversion.
        case convert
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
    /// What is written: for a rename the value moved (converted if its type changed), for a
    /// conversion the new value; nil for a removal or a value kept.
    public let newValue: PlistValue?

    init(from: String, action: Action, value: PlistValue, newValue: PlistValue? = nil) {
        self.from = from
        self.action = action
        self.value = value
        self.newValue = newValue
    }

    /// One line for a person: `unitSystem → units: "imperial"`, `legacyMode: removed (retired)`,
    /// `interval: kept (…)`.
    public var description: String {
        let shown = value.summary.controlCharactersEscaped
        switch action {
        case .rename(let to):
            let converted = newValue.map { $0 == value ? "" : " → \($0.summary.controlCharactersEscaped)" } ?? ""
            return "\(from.controlCharactersEscaped) → \(to.controlCharactersEscaped): \(shown)\(converted)"
        case .convert:
            return "\(from.controlCharactersEscaped): \(shown) → \((newValue ?? value).summary.controlCharactersEscaped) (converted)"
        case .retire: return "\(from.controlCharactersEscaped): \(shown) removed (retired)"
        case .keep(let reason): return "\(from.controlCharactersEscaped): \(shown) kept (\(reason.controlCharactersEscaped))"
        }
    }

    /// The stored changes the step makes (none for a value kept).
    var changes: [String: PlistValue?] {
        switch action {
        case .rename(let to): return [from: nil, to: newValue ?? value]
        case .convert: return [from: newValue ?? value]
        case .retire: return [from: nil]
        case .keep: return [:]
        }
    }
}

extension PreferenceSchema {
    /// Whether any key was renamed or any setting retired: only then is there a plan to make.
    var hasMigrations: Bool {
        !retiredKeys.isEmpty || keys.contains { !$0.renamedFrom.isEmpty || $0.conversion != nil }
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
        for key in keys where !key.renamedFrom.isEmpty || key.conversion != nil {
            // A value of the key's old type under its own name is converted in place.
            if let own = stored[key.name], key.problem(with: own) != nil, let converted = Self.taken(own, by: key) {
                steps.append(PreferenceMigration(from: key.name, action: .convert, value: own, newValue: converted))
            }
            var moved = stored[key.name] != nil
            for old in key.renamedFrom where old != key.name {
                guard let value = stored[old] else { continue }
                if moved {
                    let reason = stored[key.name] != nil ? "\(key.name) already holds a value" : "an older name of \(key.name)"
                    steps.append(PreferenceMigration(from: old, action: .keep(reason: reason), value: value))
                } else if let taken = Self.taken(value, by: key) {
                    steps.append(PreferenceMigration(from: old, action: .rename(to: key.name), value: value, newValue: taken))
                    moved = true
                } else {
                    let problem = key.problem(with: value) ?? "no conversion for it"
                    steps.append(PreferenceMigration(from: old, action: .keep(reason: "\(key.name) does not take it: \(problem)"), value: value))
                }
            }
        }
        let declared = Set(keys.map(\.name))
        for name in retiredKeys where !declared.contains(name) {
            if let value = stored[name] { steps.append(PreferenceMigration(from: name, action: .retire, value: value)) }
        }
        return steps
    }

    /// Why the declared renames and retirements cannot all hold, or nil: an old name that is a
    /// setting now, one old name claimed by two settings, or a name both renamed and retired
    /// (each would move or remove a value that is not that setting's). Schema files are refused
    /// for it.
    package func migrationConflict() -> String? {
        let current = Set(keys.map(\.name))
        var owner: [String: String] = [:]
        for key in keys {
            for old in key.renamedFrom where old != key.name {
                if current.contains(old) { return "\(old.quotedForMessage), an old name of \(key.name), is a setting of this schema" }
                if let other = owner[old] { return "\(old.quotedForMessage) is given as the old name of both \(other) and \(key.name)" }
                owner[old] = key.name
            }
        }
        for name in retiredKeys {
            if current.contains(name) { return "\(name.quotedForMessage) is retired and also a setting of this schema" }
            if let key = owner[name] { return "\(name.quotedForMessage) is retired and also the old name of \(key)" }
        }
        return nil
    }

    /// The value the key reads from the user's file: its own, or, before the move, the first of
    /// its old names' values that it takes (what ``migrationPlan(for:)`` would move).
    package func userValue(of key: AnyPreferenceKey, in value: (String) -> PlistValue?) -> PlistValue? {
        if let own = value(key.name) { return Self.taken(own, by: key) ?? own }
        for old in key.renamedFrom where old != key.name {
            if let stored = value(old), let taken = Self.taken(stored, by: key) { return taken }
        }
        return nil
    }

    /// A stored value as the key takes it: itself when the key accepts it, else its conversion
    /// (for a key whose type changed) when the key accepts that; nil when neither.
    static func taken(_ value: PlistValue, by key: AnyPreferenceKey) -> PlistValue? {
        if key.problem(with: value) == nil { return value }
        guard let converted = key.conversion?(value), key.problem(with: converted) == nil else { return nil }
        return converted
    }
}
