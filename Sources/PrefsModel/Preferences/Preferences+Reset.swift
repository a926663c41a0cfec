import Foundation

/// Defaults and reset: whether a setting reads its default, and putting settings back to it.
extension Preferences {
    /// Whether nothing is stored for the key, so it reads its default.
    ///
    /// ```swift
    /// prefs.isDefault(PreferenceKeys.city)  // true until the user sets a city
    /// ```
    public func isDefault(_ key: AnyPreferenceKey) -> Bool {
        observedRead(key.name)
        return userStored(key) == nil
    }

    /// Removes the stored values of these keys, so they read their defaults again.
    ///
    /// ```swift
    /// try prefs.reset(PreferenceKeys.city, PreferenceKeys.favoriteCities)
    /// ```
    public func reset(_ keys: AnyPreferenceKey...) throws {
        try reset(keys: keys)
    }

    /// Removes the stored values of these keys.
    ///
    /// ```swift
    /// try prefs.reset(keys: [PreferenceKeys.city])
    /// ```
    public func reset(keys: [AnyPreferenceKey]) throws {
        // A locked key is refused even when the user's file sets nothing: it was asked for by
        // name, and nothing this call could do changes what it reads.
        if let refusal = siteLayers.lockRefusal(of: keys.map(\.name), in: schema) { throw refusal }
        let stored = keys.filter { !isDefault($0) }
        guard !stored.isEmpty else { return }
        try write(Dictionary(stored.map { ($0.name, nil) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Resets every key of one schema section. Throws for a section the schema does not have.
    ///
    /// ```swift
    /// try prefs.reset(section: "Units")
    /// ```
    /// Keys the site has locked are left alone, as by ``resetAll()``: the names of those the
    /// user's file sets are returned.
    @discardableResult
    public func reset(section: String) throws -> [String] {
        guard let found = schema.sections.first(where: { $0.name == section }) else {
            throw PreferenceError.invalidValue(
                key: "section", value: section,
                allowed: "one of " + schema.sections.map(\.name).joined(separator: ", "))
        }
        let layers = siteLayers
        try reset(keys: found.keys.filter { layers.lockingFolder(of: $0) == nil })
        return found.keys.filter { layers.lockingFolder(of: $0) != nil && !isDefault($0) }.map(\.name)
    }

    /// Resets every key of the schema; values of other keys in the suite stay untouched, and so
    /// do keys the site has locked: the names of those the user's file sets are returned. A suite file that cannot be read
    /// (damaged, nested too deep) is repaired: the store keeps its bytes as a `.corrupt-` copy
    /// and writes a sound file.
    ///
    /// ```swift
    /// let leftLocked = try prefs.resetAll()
    /// ```
    @discardableResult
    public func resetAll() throws -> [String] {
        // Keys the schema does not describe belong to another program: they have no default here.
        let layers = siteLayers
        let described = schema.keys.filter { $0.isDescribedBySchema && layers.lockingFolder(of: $0) == nil }
        // Locked keys are left alone (a write of them is refused); those the user's file sets are named.
        let locked = schema.keys.filter {
            $0.isDescribedBySchema && layers.lockingFolder(of: $0) != nil && store.storedValue(forKey: $0.name) != nil
        }.map(\.name)
        // An unreadable file reads as all defaults, so there would be nothing to remove; yet
        // resetting everything is how a person asks for a working suite again.
        guard store.loadProblem == nil else {
            try write(Dictionary(described.map { ($0.name, nil) }, uniquingKeysWith: { first, _ in first }))
            return locked
        }
        try reset(keys: described)
        return locked
    }
}
