/// The suite's stored values as a ``MigrationStep`` sees them: what the file held, with the
/// earlier steps' changes made. A step reads and changes values by name, or typed through a key
/// (checked against the key's type and rule, as any write is).
///
/// ```swift
/// MigrationStep(to: 2) { suite in
///     if let old = suite["town"] { suite["city"] = old; suite["town"] = nil }
/// }
/// ```
public struct MigrationTransaction: Sendable {
    /// Every stored value, by name, as it is now in this migration.
    public private(set) var values: [String: PlistValue]

    init(values: [String: PlistValue]) {
        self.values = values
    }

    /// The value stored under `name`; setting nil removes it. Values set by name are not
    /// checked: a step may write keys the current schema does not declare.
    ///
    /// ```swift
    /// suite["legacyMode"] = nil
    /// ```
    public subscript(name: String) -> PlistValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The key's stored value when it is one the key takes (its type and rule), or nil.
    ///
    /// ```swift
    /// let minutes = suite[PreferenceKeys.refreshInterval]
    /// ```
    public subscript<Value>(key: PreferenceKey<Value>) -> Value? {
        values[key.name].flatMap(key.value(from:))
    }

    /// Stores a value for the key, checked against its type and rule; the error names the key.
    ///
    /// ```swift
    /// try suite.set(20, for: PreferenceKeys.refreshInterval)
    /// ```
    public mutating func set<Value>(_ value: Value, for key: PreferenceKey<Value>) throws {
        values[key.name] = try key.checkedStoredValue(value)
    }
}
