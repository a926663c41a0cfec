/// One key whose stored value changed, as a store reports it: nil means "nothing stored".
///
/// ```swift
/// StoredChange(key: "city", old: nil, new: .string("Bergen"))
/// ```
///
/// The one change type of the package: stores, observation and the editor's summary
/// (`PreferencesEditor.Change`) all report this. `old`/`new` are also ``before``/``after``, the
/// names a session's summary uses.
public struct StoredChange: Sendable, Hashable, CustomStringConvertible {
    /// The key's name.
    public var key: String
    /// The stored value before, nil when nothing was stored.
    public var old: PlistValue?
    /// The stored value after, nil when it was removed.
    public var new: PlistValue?

    /// Makes a change record.
    ///
    /// ```swift
    /// StoredChange(key: "refreshInterval", old: .int(15), new: .int(20))
    /// ```
    public init(key: String, old: PlistValue?, new: PlistValue?) {
        self.key = key
        self.old = old
        self.new = new
    }

    /// The same change by the names a session's summary uses.
    ///
    /// ```swift
    /// #expect(summary.changes == [.init(key: "copies", before: nil, after: .int(8))])
    /// ```
    public init(key: String, before: PlistValue?, after: PlistValue?) {
        self.init(key: key, old: before, new: after)
    }

    /// ``old``, by the name a session's summary uses: the value before.
    ///
    /// ```swift
    /// change.before  // .int(15)
    /// ```
    public var before: PlistValue? { old }

    /// ``new``, by the name a session's summary uses: the value after.
    ///
    /// ```swift
    /// change.after  // .int(20)
    /// ```
    public var after: PlistValue? { new }

    /// Whether the key is a secret: the values are carried (a host needs them), but
    /// ``description`` says only whether each is set. Not part of equality.
    package var isSecret = false

    /// One line for a log: `copies: (default) → 8`; a secret's values as set or not set.
    ///
    /// ```swift
    /// print(change)  // apiToken: (secret, not set) → (secret, set)
    /// ```
    public var description: String {
        func shown(_ value: PlistValue?) -> String {
            guard !isSecret else { return SecretValues.state(isSet: value != nil) }
            return value?.summary.controlCharactersEscaped ?? "(default)"
        }
        return "\(key.controlCharactersEscaped): \(shown(old)) → \(shown(new))"
    }

    /// Equal when the key and both values are.
    ///
    /// ```swift
    /// StoredChange(key: "a", old: nil, new: .int(1)) == StoredChange(key: "a", before: nil, after: .int(1))  // true
    /// ```
    public static func == (left: StoredChange, right: StoredChange) -> Bool {
        left.key == right.key && left.old == right.old && left.new == right.new
    }

    /// Hashes the key and both values, as `==` compares them.
    ///
    /// ```swift
    /// Set(changes).count
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(old)
        hasher.combine(new)
    }

    /// Applies a commit's changes (nil removes) to `values` key by key, so the cost follows the
    /// size of the commit, not of the store; returns what actually changed, sorted by key.
    /// Both stores commit through this.
    static func applying(_ changes: [String: PlistValue?], to values: inout [String: PlistValue]) -> [StoredChange] {
        var applied: [StoredChange] = []
        for (key, new) in changes.sorted(by: { $0.key < $1.key }) {
            let old = values[key]
            guard old != new else { continue }
            applied.append(StoredChange(key: key, old: old, new: new))
            values[key] = new
        }
        return applied
    }

    /// The keys whose values differ between two snapshots, sorted by name.
    static func between(_ old: [String: PlistValue], _ new: [String: PlistValue]) -> [StoredChange] {
        var changes: [StoredChange] = []
        for (key, value) in new where old[key] != value {
            changes.append(StoredChange(key: key, old: old[key], new: value))
        }
        for (key, value) in old where new[key] == nil {
            changes.append(StoredChange(key: key, old: value, new: nil))
        }
        return changes.sorted { $0.key < $1.key }
    }
}
