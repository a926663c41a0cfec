/// A change of one key's value, with the typed values before and after (defaults included).
///
/// ```swift
/// prefs.observe(.refreshInterval) { change in print(change.oldValue, "→", change.newValue) }
/// ```
public struct PreferenceChange<Value: PreferenceValue>: Sendable {
    /// The key that changed.
    public let key: PreferenceKey<Value>
    /// The value before.
    public let oldValue: Value
    /// The value after.
    public let newValue: Value
    /// Who made the change, relative to the `Preferences` observed.
    ///
    /// ```swift
    /// prefs.observe(.city) { change in if change.origin == .otherProcess { reload() } }
    /// ```
    public let origin: ChangeOrigin
}

/// A change of any key, in text form: what `prefs-tui watch` prints and a UI refreshes from.
///
/// ```swift
/// prefs.observeAll { changes in for change in changes { print("\(change.name): \(change.oldText) → \(change.newText)") } }
/// ```
public struct AnyPreferenceChange: Sendable {
    /// The key's name.
    public let name: String
    /// The schema's key, when the schema declares it.
    public let key: AnyPreferenceKey?
    /// The stored values before and after (nil: nothing stored).
    public let stored: StoredChange
    /// The effective value before, as text (the default's text when nothing valid was stored);
    /// for a secret only whether it was set, `(secret, set)` or `(secret, not set)`.
    public let oldText: String
    /// The effective value after, as text.
    public let newText: String
    /// Who made the change, relative to the `Preferences` observed.
    ///
    /// ```swift
    /// prefs.observeAll { changes in let outside = changes.filter { $0.origin != .thisPreferences } }
    /// ```
    public let origin: ChangeOrigin
}

/// A batch of stored changes with its origin, as `Preferences` hands it to its observers.
struct ObservedBatch: Sendable {
    let changes: [StoredChange]
    let origin: ChangeOrigin
}
