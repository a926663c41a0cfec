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
        /// A ``MigrationStep`` to this version changed `from`: ``PreferenceMigration/value`` is
        /// what it held (nil: nothing), ``PreferenceMigration/newValue`` what it holds after
        /// (nil: removed).
        case step(version: Int)
        /// The ``MigrationStep`` to this version threw: nothing of it is written, and the suite
        /// stays at the version before it.
        case failed(version: Int, reason: String)
        /// The suite records the schema version it is now at (`from` is
        /// ``PreferenceSchema/versionKey``; the value before is nil when it recorded none).
        case recordVersion
    }

    /// The stored name the step is about.
    public let from: String
    /// What happens to it.
    public let action: Action
    /// The value stored under `from` (nil only where a step adds a key, or the suite had
    /// recorded no version).
    public let value: PlistValue?
    /// What is written: for a rename the value moved (converted if its type changed), for a
    /// conversion the new value; nil for a removal or a value kept.
    public let newValue: PlistValue?

    /// Whether the value is a secret's: the description then says nothing of it (``SecretValues``).
    let isSecret: Bool

    init(from: String, action: Action, value: PlistValue?, newValue: PlistValue? = nil, isSecret: Bool = false) {
        self.isSecret = isSecret
        self.from = from
        self.action = action
        self.value = value
        self.newValue = newValue
    }

    /// One line for a person: `unitSystem → units: "imperial"`, `legacyMode: removed (retired)`,
    /// `interval: kept (…)`.
    public var description: String {
        let shown = value.map { isSecret ? SecretValues.hidden : $0.summary.controlCharactersEscaped } ?? "nothing"
        switch action {
        case .rename(let to):
            let converted = newValue.map { $0 == value || isSecret ? "" : " → \($0.summary.controlCharactersEscaped)" } ?? ""
            return "\(from.controlCharactersEscaped) → \(to.controlCharactersEscaped): \(shown)\(converted)"
        case .convert:
            let after = isSecret ? SecretValues.hidden : (newValue ?? value)?.summary.controlCharactersEscaped ?? "nothing"
            return "\(from.controlCharactersEscaped): \(shown) → \(after) (converted)"
        case .retire: return "\(from.controlCharactersEscaped): \(shown) removed (retired)"
        case .keep(let reason): return "\(from.controlCharactersEscaped): \(shown) kept (\(reason.controlCharactersEscaped))"
        case .step(let version):
            let name = from.controlCharactersEscaped
            switch (value, newValue) {
            case (nil, let new?): return "\(name): set to \(isSecret ? SecretValues.hidden : new.summary.controlCharactersEscaped) (step to version \(version))"
            case (_?, nil): return "\(name): \(shown) removed (step to version \(version))"
            default:
                let after = isSecret ? SecretValues.hidden : (newValue ?? value)?.summary.controlCharactersEscaped ?? "nothing"
                return "\(name): \(shown) → \(after) (step to version \(version))"
            }
        case .failed(let version, let reason):
            let stays = value.map { "stays at version \($0.summary)" } ?? "records no version"
            return "step to version \(version) failed: \(reason.controlCharactersEscaped); nothing of it was done, the suite \(stays)"
        case .recordVersion:
            let before = value.map { $0.summary.controlCharactersEscaped } ?? "none"
            return "schema version: \(before) → \(newValue?.summary.controlCharactersEscaped ?? "none")"
        }
    }

    /// The stored changes the step makes (none for a value kept).
    var changes: [String: PlistValue?] {
        switch action {
        case .rename(let to): return [from: nil, to: newValue ?? value]
        case .convert: return [from: newValue ?? value]
        case .retire: return [from: nil]
        case .keep, .failed: return [:]
        case .step, .recordVersion: return [from: newValue]
        }
    }

    /// Whether the step writes anything (a value kept or a failed step does not).
    package var changesSuite: Bool {
        switch action {
        case .keep, .failed: return false
        default: return true
        }
    }
}
