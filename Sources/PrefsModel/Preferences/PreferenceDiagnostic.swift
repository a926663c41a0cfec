import Foundation


/// A stored value that reads as the default because it cannot be used: its key, the stored
/// value, and why. Also a stored value that, with another, breaks a rule across settings
/// (``SettingsRule``): that one reads as stored, and the diagnostic says so.
///
/// ```swift
/// PreferenceDiagnostic(key: "refreshInterval", storedValue: "\"soon\"", reason: "stored as string, expected int")
/// ```
public struct PreferenceDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The key's name.
    public var key: String
    /// A short form of what is stored.
    public var storedValue: String
    /// Why it cannot be used; for one that ``breaksRule``, the rule's message.
    public var reason: String
    /// The site file holding the value, skipped for this key; nil for the user's own file.
    public var file: String?
    /// What the setting reads instead, for a person: "the default", "the value locked by
    /// /etc/xdg/….locks", "the value in site file …", "its own value".
    package var readsInstead: String
    /// Whether the value reads as stored and, with the others a rule across settings reads,
    /// breaks that rule (``reason`` is the rule's message); false for a value that is ignored.
    ///
    /// ```swift
    /// prefs.diagnostics().filter(\.breaksRule).map(\.key)  // ["highTemperature", "lowTemperature"]
    /// ```
    public var breaksRule = false
    /// Whether ``file`` is the project's file rather than a site's.
    package var isProjectFile = false

    /// Makes a diagnostic.
    ///
    /// ```swift
    /// PreferenceDiagnostic(key: "city", storedValue: "\"\"", reason: "…")
    /// ```
    package init(key: String, storedValue: String, reason: String, file: String? = nil, readsInstead: String = "the default") {
        self.key = key
        self.storedValue = storedValue
        self.reason = reason
        self.file = file
        self.readsInstead = readsInstead
    }

    /// One line for a person: control characters in the stored value are shown escaped.
    ///
    /// ```swift
    /// print(diagnostic)  // refreshInterval: stored value "soon" ignored, using the default: …
    /// ```
    public var description: String {
        let key = key.controlCharactersEscaped, value = storedValue.controlCharactersEscaped, reason = reason.controlCharactersEscaped
        if breaksRule {
            return "\(key): stored value \(value) \(SettingWords.breaksARule) across settings (read as stored until a write mends it): \(reason)"
        }
        if let file {
            let place = isProjectFile ? SettingWords.projectFile(file) : SettingWords.siteFile(file)
            return "\(key): value \(value) in \(place) skipped: \(reason)"
        }
        return "\(key): \(SettingWords.storedIgnored(storedValue)), using \(readsInstead.controlCharactersEscaped): \(reason)"
    }
}
