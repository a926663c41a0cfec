/// One key whose stored value changed, as a store reports it: nil means "nothing stored".
///
/// ```swift
/// StoredChange(key: "city", old: nil, new: .string("Bergen"))
/// ```
public struct StoredChange: Sendable, Hashable {
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
