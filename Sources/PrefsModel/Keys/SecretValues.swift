/// The one rule for secret settings (a key declared `isSecret: true`, `"secret": true` in a
/// schema file): a secret's value is shown only where a person or a script asks for that value
/// by name — a typed read, `prefs-tui get KEY`, the editor's reveal key, `export
/// --include-secrets`. Everywhere else (lists, details, messages, logs, diagnostics, errors,
/// exports, watch lines) it is shown as set or not set, never as its value or its length.
///
/// ```swift
/// key.shownSummary(of: .string("hunter2"))  // "(secret)" for a secret key
/// ```
package enum SecretValues {
    /// What stands for a secret's value in text for people and logs.
    package static let hidden = "(secret)"
    /// What the editor's list and details show for a secret that is set: a fixed mask, so
    /// not even the length shows.
    package static let mask = "••••••••"
    /// The mask where the terminal cannot draw `•` (ASCII markers).
    package static let asciiMask = "********"
    /// What stands for a secret in a list or a log line: "(secret, set)", or "(secret, not set)"
    /// while its default is in use.
    package static func state(isSet: Bool) -> String { isSet ? "(secret, set)" : "(secret, not set)" }
    /// A secret whose stored value is ignored (it breaks its rule): the default is in effect,
    /// so "set" would say the opposite of the row's source.
    package static let ignored = "(secret, \(SettingWords.storedIgnored()))"
    /// The state of a secret in a row: set, not set, or stored but ignored (`hasDiagnostic`).
    package static func state(isStored: Bool, hasDiagnostic: Bool) -> String {
        isStored && hasDiagnostic ? ignored : state(isSet: isStored)
    }
}

extension AnyPreferenceKey {
    /// A stored value's short form for messages and diagnostics, or ``SecretValues/hidden``
    /// for a secret.
    package func shownSummary(of value: PlistValue) -> String {
        isSecret ? SecretValues.hidden : value.summary
    }
}
