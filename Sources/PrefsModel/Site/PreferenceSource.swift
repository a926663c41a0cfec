/// Where a setting's value comes from, as ``Preferences/source(of:)`` answers.
///
/// The layers, highest first: a lock set by the site; the program's overrides for this run;
/// the project's file (trusted, found from the working folder, see ``ProjectLocation``); the
/// user's suite file; each site folder's suite file, in the order of `$XDG_CONFIG_DIRS`; the
/// default the program registered.
///
/// ```swift
/// switch prefs.source(of: PreferenceKeys.city) {
/// case .site(let path): print("set for everyone in \(path)")
/// default: break
/// }
/// ```
public enum PreferenceSource: Sendable, Hashable, CustomStringConvertible {
    /// The default the program registered with the key.
    case registeredDefault
    /// A site folder's suite file (`/etc/xdg/<suite>.plist`).
    case site(path: String)
    /// The user's suite file.
    case user(path: String)
    /// The project's file (`.backup-tool.json` in the project), once trusted.
    case project(path: String)
    /// The program's overrides for this run (``Preferences/init(store:schema:site:overrides:project:onWriteError:)``).
    case override
    /// Locked by the site: `lockFile` lists the key, and the value is the site's (`valueFile`)
    /// or, when no site file below the lock gives one, the registered default (nil).
    case locked(lockFile: String, valueFile: String?)

    /// A short phrase for a person: `the program's default`, `site file /etc/xdg/….plist`,
    /// `your file`, `this run's override`, `locked by /etc/xdg/….locks`.
    public var description: String {
        switch self {
        case .registeredDefault: return "the program's default"
        case .site(let path): return SettingWords.siteFile(path)
        case .user: return "your file"
        case .project(let path): return SettingWords.projectFile(path)
        case .override: return "this run's override"
        case .locked(let lockFile, _): return SettingWords.lockedBy(lockFile)
        }
    }

    /// What a key reads from this source while its own stored value is ignored, in words:
    /// "the default", "the value in site file …" (diagnostics said "the default" even where a
    /// lock or a site file gave the value).
    ///
    /// ```swift
    /// PreferenceSource.registeredDefault.readInstead  // "the default"
    /// ```
    package var readInstead: String {
        switch self {
        case .registeredDefault: return "the default"
        case .site(let path): return "the value in \(SettingWords.siteFile(path))"
        case .user: return "its own value"
        case .project(let path): return "the value in \(SettingWords.projectFile(path))"
        case .override: return "this run's override"
        case .locked(let lockFile, _): return "the value \(SettingWords.lockedBy(lockFile))"
        }
    }

    /// A one-word name for listings and JSON: `default`, `site`, `user`, `override`, `locked`.
    ///
    /// ```swift
    /// PreferenceSource.site(path: "/etc/xdg/s.plist").kind  // "site"
    /// ```
    package var kind: String {
        switch self {
        case .registeredDefault: return "default"
        case .site: return "site"
        case .user: return "user"
        case .project: return "project"
        case .override: return "override"
        case .locked: return "locked"
        }
    }

    /// The file the value was read from, if any.
    ///
    /// ```swift
    /// prefs.source(of: PreferenceKeys.city).path  // "/etc/xdg/com.example.weather.plist"
    /// ```
    public var path: String? {
        switch self {
        case .registeredDefault, .override: return nil
        case .site(let path), .user(let path), .project(let path): return path
        case .locked(_, let valueFile): return valueFile
        }
    }
}
