import PrefsModel

/// What an editing session's writes stored, told apart as a host needs it: the person's own
/// changes, in the order made, and what the writes carried along with them (a migration's moves,
/// the record of the schema's version). Every view of the editor records its writes here, so
/// the summary is stated once.
package struct SessionChanges: Equatable, Sendable {
    /// One setting's change over the session: its stored value before the first change and
    /// after the last.
    package struct Collapsed: Equatable, Sendable {
        package var key: String
        package var before: PlistValue?
        package var after: PlistValue?
    }

    private var person: [StoredChange] = []
    private var carried: [StoredChange] = []

    package init() {}

    /// Records one committed write: `edited` names the settings the person asked it to change,
    /// in the order they are shown; whatever else it stored was carried along.
    package mutating func record(_ committed: [StoredChange], edited: [String]) {
        let position = Dictionary(edited.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        person += committed.filter { position[$0.key] != nil }.sorted { position[$0.key]! < position[$1.key]! }
        carried += committed.filter { position[$0.key] == nil }
    }

    /// The person's changes, a setting once each, in the order of its first change; one changed
    /// and then put back (undo, or set back by hand) is left out.
    package var personChanges: [Collapsed] { Self.collapsed(person) }

    /// What the writes stored besides the person's changes, collapsed the same way.
    package var carriedChanges: [Collapsed] { Self.collapsed(carried) }

    private static func collapsed(_ changes: [StoredChange]) -> [Collapsed] {
        var order: [String] = []
        var first: [String: PlistValue?] = [:]
        var last: [String: PlistValue?] = [:]
        for change in changes {
            if first[change.key] == nil {
                order.append(change.key)
                first[change.key] = .some(change.old)
            }
            last[change.key] = .some(change.new)
        }
        return order.compactMap { key in
            guard let before = first[key], let after = last[key], before != after else { return nil }
            return Collapsed(key: key, before: before, after: after)
        }
    }
}
