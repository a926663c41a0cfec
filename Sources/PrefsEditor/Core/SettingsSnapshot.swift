import Foundation
import PrefsModel

/// The values the editor shows, as a value of its state: taken from the store when the editor
/// opens, then changed only by events (another program's change with its new values, a write's
/// result with what it committed). The update and the renderer read this, never the store,
/// whose file watcher changes it from another thread while a frame is drawn.
struct SettingsSnapshot: Sendable {
    /// The schema as shown: its key list follows the stored keys when it lists a file's keys.
    private(set) var schema: PreferenceSchema
    private(set) var values: [String: PlistValue]
    /// Why the suite's file could not be read, when it could not.
    var loadProblem: String?
    /// Whether the key list follows the file.
    let keyListing: KeyListing
    /// The site's defaults and locks, as the last event brought them.
    var site: SiteLayers
    /// The program's overrides for this run.
    let overrides: [String: PlistValue]
    /// The user's file, for sources.
    let userPath: String

    init(schema: PreferenceSchema, values: [String: PlistValue], loadProblem: String?, keyListing: KeyListing,
         site: SiteLayers = .none, overrides: [String: PlistValue] = [:], userPath: String = "") {
        self.schema = schema
        self.values = values
        self.loadProblem = loadProblem
        self.keyListing = keyListing
        self.site = site
        self.overrides = overrides
        self.userPath = userPath
    }

    /// What the user's file stores for the key (nil: nothing).
    func storedValue(forKey name: String) -> PlistValue? { values[name] }

    /// The value in effect, from whichever layer, and where it comes from.
    func resolution(of key: AnyPreferenceKey) -> PreferenceResolution {
        site.resolve(key, user: userValue(of: key), userPath: userPath, override: overrides[key.name])
    }

    /// What the user's file holds for the key: its own value, or before a rename is carried
    /// out (by the next write), the value under one of its old names.
    func userValue(of key: AnyPreferenceKey) -> PlistValue? {
        key.renamedFrom.isEmpty && !key.hasConversion ? values[key.name] : schema.userValue(of: key) { values[$0] }
    }

    /// The stored value in effect (nil: the registered default): without site layers or
    /// overrides, the user's value as it is (the key's decoding reads an unusable one as the default).
    func effectiveStored(_ key: AnyPreferenceKey) -> PlistValue? {
        site.effectiveStored(key, user: userValue(of: key), override: overrides[key.name])
    }

    /// The locks file that locks the key (by its name or an old one), or nil: the site's own
    /// answer, so the editor never differs from `set` about what is locked.
    func lockFile(of key: AnyPreferenceKey) -> String? {
        site.lockingFolder(of: key).map { site.folders[$0].locksPath }
    }

    /// Whether nothing is stored for the key in the user's file.
    func isDefault(_ key: AnyPreferenceKey) -> Bool { userValue(of: key) == nil }

    func displayText(of key: AnyPreferenceKey) -> String { key.displayText(of: effectiveStored(key)) }

    func json(of key: AnyPreferenceKey) -> JSONValue { key.json(of: effectiveStored(key)) }

    /// Why the key's stored value is ignored (it reads its default), or nil.
    func diagnostic(for key: AnyPreferenceKey) -> PreferenceDiagnostic? { key.diagnostic(of: values[key.name]) }

    func diagnostics() -> [PreferenceDiagnostic] {
        schema.keys.flatMap { key in [diagnostic(for: key)].compactMap { $0 } + site.diagnostics(of: key) }
    }

    /// What an edit stores (nil for a value equal to a declared default).
    func storedValue(forEdit value: PlistValue?, of key: AnyPreferenceKey) -> PlistValue? {
        schema.storedValue(forEdit: value, of: key, fallback: site.fallback(for: key))
    }

    /// Takes new values (nil: removed). Returns whether the key list changed with them.
    mutating func apply(_ changes: [String: PlistValue?]) -> Bool {
        var added = false, removed = false
        for (name, value) in changes {
            if let value {
                added = values.updateValue(value, forKey: name) == nil || added
            } else {
                removed = values.removeValue(forKey: name) != nil || removed
            }
        }
        // Only an added or removed key can change the list, or a key typed by its value (an
        // inferred one) whose new value is of another kind: the schema is rebuilt only then,
        // not on every write of a large inferred suite.
        let retyped = changes.contains { name, value in
            guard let value, let key = schema.key(named: name), schema.isInferred || !key.isDescribedBySchema else { return false }
            return PreferenceType.inferred(from: value) != key.type
        }
        guard case .followingStore(let hidden) = keyListing, added || removed || retyped else { return false }
        let refreshed = schema.refreshed(for: hidden.isEmpty ? values : values.filter { !hidden.contains($0.key) })
        let changed = refreshed.keys.map(\.name) != schema.keys.map(\.name)
            || zip(refreshed.keys, schema.keys).contains { $0.type != $1.type }
        schema = refreshed
        return changed
    }

    /// Preferences over these values alone, so host code (derived values) can read them as it
    /// reads its own settings, without reaching the live store.
    func preferences() -> Preferences {
        // Only read, to compute live values: a host's own Preferences reports what is wrong with its
        // keys (one not in the schema); this copy says nothing, above all not on the screen.
        guard !site.folders.isEmpty || !overrides.isEmpty else { return Preferences(store: InMemoryStore(values), schema: schema, onWriteError: { _ in }) }
        // The values in effect, site ones included: the live values are computed from what the
        // program would read.
        var effective = values
        for key in schema.keys { effective[key.name] = effectiveStored(key) }
        return Preferences(store: InMemoryStore(effective), schema: schema, onWriteError: { _ in })
    }
}

/// Which settings the editor lists while other programs change the store.
package enum KeyListing: Sendable, Equatable {
    /// The schema's keys, as the editor opened.
    case schema
    /// The schema's own keys and the store's others, as other programs add and remove them (an
    /// inferred schema is inferred anew). Keys in `hidden` are never listed as others: those a
    /// host's schema declares but chose not to show.
    case followingStore(hidden: Set<String> = [])
}
