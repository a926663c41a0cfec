/// A trusted project file's settings, as a layer of ``SiteLayers``: above the user's file, below
/// this run's overrides and the site's locks.
///
/// ```swift
/// prefs.site?.layers.project?.values["retention"]  // .int(30)
/// ```
public struct ProjectValues: Sendable, Equatable {
    /// The project file.
    public let path: String
    /// Its values, by setting name, converted to the settings' stored form.
    public let values: [String: PlistValue]
    /// Its entries that are no value of their setting's type, with why (the file's text is JSON,
    /// and a person may have typed `"30"` for a number).
    public let unreadable: [String: String]
    /// What is said of each name the file holds that is no setting (a typo, an old name), sorted.
    package let unknown: [String]

    /// Makes a project layer.
    package init(path: String, values: [String: PlistValue], unreadable: [String: String] = [:], unknown: [String] = []) {
        self.path = path
        self.values = values
        self.unreadable = unreadable
        self.unknown = unknown
    }

    /// What the file holds for the key, whether or not the key takes it from a project.
    package func value(of key: AnyPreferenceKey) -> PlistValue? { values[key.name] }

    /// Why the key never takes a value from a project file (a secret, or a setting of the
    /// user's scope), or nil when it may.
    package func refusal(of key: AnyPreferenceKey) -> String? { Self.refusal(of: key) }

    /// The same, for any project file.
    package static func refusal(of key: AnyPreferenceKey) -> String? {
        if key.isSecret { return SettingWords.secretNotFromProject }
        if key.scope == .user { return SettingWords.userScopeNotFromProject }
        return nil
    }
}
