import Foundation
import PrefsModel

/// The values the editor shows, as a value of its state: PrefsModel's ``PreferencesSnapshot``
/// taken when the editor opens, then changed only by events (another program's change with its
/// new values, a write's result with what it committed), and the key list that follows the file.
/// The update and the renderer read this, never the store, whose file watcher changes it from
/// another thread while a frame is drawn.
struct SettingsSnapshot: Sendable {
    /// The settings as they stand: values, site layers, overrides and the schema as shown.
    private(set) var current: PreferencesSnapshot
    /// Whether the key list follows the file.
    let keyListing: KeyListing

    init(_ current: PreferencesSnapshot, keyListing: KeyListing) {
        self.current = current
        self.keyListing = keyListing
    }

    init(schema: PreferenceSchema, values: [String: PlistValue], loadProblem: String?, keyListing: KeyListing,
         site: SiteLayers = .none, overrides: [String: PlistValue] = [:], userPath: String = "") {
        self.init(PreferencesSnapshot(schema: schema, storedValues: values, site: site, overrides: overrides,
                                      location: userPath, loadProblem: loadProblem), keyListing: keyListing)
    }

    /// The schema as shown: its key list follows the stored keys when it lists a file's keys.
    var schema: PreferenceSchema { current.schema }
    var values: [String: PlistValue] { current.storedValues }
    /// Why the suite's file could not be read, when it could not.
    var loadProblem: String? { current.loadProblem }
    /// The site's defaults and locks, as the last event brought them.
    var site: SiteLayers { current.site }
    /// The program's overrides for this run.
    var overrides: [String: PlistValue] { current.overrides }

    /// What the user's file stores for the key (nil: nothing).
    func storedValue(forKey name: String) -> PlistValue? { current.storedValues[name] }
    /// The value in effect, from whichever layer, and where it comes from.
    func resolution(of key: AnyPreferenceKey) -> PreferenceResolution { current.resolution(of: key) }
    /// What the user's file holds for the key (its own value, or one under an old name).
    func userValue(of key: AnyPreferenceKey) -> PlistValue? { current.userValue(of: key) }
    /// The stored value in effect (nil: the registered default).
    func effectiveStored(_ key: AnyPreferenceKey) -> PlistValue? { current.effectiveStored(key) }
    /// The locks file that locks the key, or nil.
    func lockFile(of key: AnyPreferenceKey) -> String? { current.lockFile(of: key) }
    /// Whether nothing is stored for the key in the user's file.
    func isDefault(_ key: AnyPreferenceKey) -> Bool { current.isDefault(key) }
    func displayText(of key: AnyPreferenceKey) -> String { key.displayText(of: effectiveStored(key)) }
    func json(of key: AnyPreferenceKey) -> JSONValue { key.json(of: effectiveStored(key)) }
    /// Why the key's stored value is ignored (it reads its default), or nil.
    func diagnostic(for key: AnyPreferenceKey) -> PreferenceDiagnostic? { current.diagnostic(for: key) }
    func diagnostics() -> [PreferenceDiagnostic] { current.diagnostics() }
    /// The setting's facts in words, as every view says them.
    func facts(of key: AnyPreferenceKey, judged: SettingsJudgement) -> SettingFacts {
        current.facts(of: key, judged: judged)
    }

    /// What an edit stores (nil for a value equal to a declared default).
    func storedValue(forEdit value: PlistValue?, of key: AnyPreferenceKey) -> PlistValue? {
        schema.storedValue(forEdit: value, of: key, fallback: site.fallback(for: key))
    }

    /// Takes news: new values (nil: removed), the site's layers (nil: unchanged) and the load
    /// problem. Returns whether the key list changed with them.
    mutating func apply(_ changes: [String: PlistValue?], site: SiteLayers? = nil, loadProblem: String?? = .none) -> Bool {
        let keysChanged = current.apply(changes, site: site, loadProblem: loadProblem)
        // Only an added or removed key can change the list, or a key typed by its value (an
        // inferred one) whose new value is of another kind: the schema is rebuilt only then,
        // not on every write of a large inferred suite.
        let retyped = changes.contains { name, value in
            guard let value, let key = schema.key(named: name), schema.isInferred || !key.isDescribedBySchema else { return false }
            return PreferenceType.inferred(from: value) != key.type
        }
        guard case .followingStore(let hidden) = keyListing, keysChanged || retyped else { return false }
        let values = current.storedValues
        let refreshed = schema.refreshed(for: hidden.isEmpty ? values : values.filter { !hidden.contains($0.key) })
        let changed = refreshed.keys.map(\.name) != schema.keys.map(\.name)
            || zip(refreshed.keys, schema.keys).contains { $0.type != $1.type }
        current.schema = refreshed
        return changed
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
