// Where each value comes from: the site's defaults and locks, this run's overrides, the user's
// file and the registered default (see SiteDefaults and PreferenceSource).

extension Preferences {
    /// What the user's file holds for the key: its own value, or before a rename is carried out,
    /// the value under one of its old names (``AnyPreferenceKey/renamedFrom``).
    package func userStored(_ key: AnyPreferenceKey) -> PlistValue? {
        guard !key.renamedFrom.isEmpty || key.conversion != nil else { return store.storedValue(forKey: key.name) }
        return schema.userValue(of: key) { store.storedValue(forKey: $0) }
    }

    /// Every layer but the user's file now: the site's (none without a ``site``) and the
    /// project's, when one applies.
    package var siteLayers: SiteLayers {
        guard let project else { return site?.layers ?? .none }
        return (site?.layers ?? .none).withProject(project)
    }

    /// The project layer: its file, whether it is trusted, and if its values do not apply, why;
    /// nil when the schema names no project file or none was found.
    ///
    /// ```swift
    /// if let project = prefs.projectLayer, let problem = project.problem { print(problem) }
    /// ```
    public var projectLayer: ProjectLayerStatus? { project?.status }

    /// The stored value in effect, from whichever layer (nil: the registered default), for
    /// reads: without site layers or overrides, the user's value as it is, which the key's own
    /// decoding reads as the default when it is unusable (no second check per read).
    func effectiveStored(_ key: AnyPreferenceKey) -> PlistValue? {
        ReadTracking.note(key.name)
        let user = userStored(key)
        guard site != nil || project != nil || !overrides.isEmpty else { return user }
        return siteLayers.effectiveStored(key, user: user, override: overrides[key.name])
    }

    /// The value in effect for the key and the layer it comes from.
    ///
    /// ```swift
    /// prefs.resolution(of: PreferenceKeys.city)  // stored: .string("Bergen"), source: .site(path: …)
    /// ```
    public func resolution(of key: AnyPreferenceKey) -> PreferenceResolution {
        ReadTracking.note(key.name)
        observedRead(key.name)
        let user = userStored(key)
        guard site != nil || project != nil || !overrides.isEmpty else {
            // No layer but the user's: the key's own decoding reads the default for an unusable value.
            let usable = user.map { key.problem(with: $0) == nil } ?? false
            return PreferenceResolution(stored: usable ? user : nil, source: usable ? .user(path: store.location) : .registeredDefault)
        }
        return siteLayers.resolve(key, user: user, userPath: store.location, override: overrides[key.name])
    }

    /// Which layer gives the key's value: the program's default, a site file, the user's file,
    /// this run's override, or a site lock.
    ///
    /// ```swift
    /// prefs.source(of: PreferenceKeys.city)  // .user(path: "/home/ada/.config/com.example.weather.plist")
    /// ```
    public func source(of key: AnyPreferenceKey) -> PreferenceSource {
        resolution(of: key).source
    }

    /// Whether the site has locked the key: it reads the site's value, and writes of it fail
    /// with ``PreferenceError/locked(key:lockFile:)`` (as `UserDefaults.objectIsForced(forKey:)`).
    ///
    /// ```swift
    /// prefs.isLocked(PreferenceKeys.refreshInterval)  // true
    /// ```
    public func isLocked(_ key: AnyPreferenceKey) -> Bool {
        siteLayers.lockingFolder(of: key) != nil
    }

    /// The locks file that locks the key, or nil.
    ///
    /// ```swift
    /// prefs.lockFile(of: PreferenceKeys.refreshInterval)  // "/etc/xdg/com.example.weather.locks"
    /// ```
    package func lockFile(of key: AnyPreferenceKey) -> String? {
        let layers = siteLayers
        return layers.lockingFolder(of: key).map { layers.folders[$0].locksPath }
    }

    /// What the key reads without the user's file: the site's value or the registered default
    /// (what ``reset(_:)`` falls back to).
    ///
    /// ```swift
    /// prefs.fallback(of: PreferenceKeys.city).source  // .site(path: "/etc/xdg/com.example.weather.plist")
    /// ```
    public func fallback(of key: AnyPreferenceKey) -> PreferenceResolution {
        siteLayers.fallback(for: key)
    }

    /// Whether the value in effect differs from what the site or the program would give
    /// without the user's file (``isDefault(_:)`` says only whether the user's file sets it).
    ///
    /// ```swift
    /// prefs.differsFromFallback(PreferenceKeys.city)  // false when the user set the site's own city
    /// ```
    public func differsFromFallback(_ key: AnyPreferenceKey) -> Bool {
        key.text(of: resolution(of: key).stored) != key.text(of: fallback(of: key).stored)
    }

    /// Every layer's part in the key's value, highest first, the one in effect marked.
    ///
    /// ```swift
    /// for layer in prefs.explanation(of: PreferenceKeys.city) { print(layer.source, layer.wins) }
    /// ```
    public func explanation(of key: AnyPreferenceKey) -> [PreferenceLayerValue] {
        siteLayers.explanation(of: key, user: userStored(key), userPath: store.location,
                               override: overrides[key.name])
    }
}
