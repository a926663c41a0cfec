/// Which layers may give a setting its value: any (`.project`, the default), or only the
/// person's own and the site's (`.user`), never a project file, as VS Code's `machine` scope.
/// A project a person cloned must not decide where their backups go or which token they send.
///
/// ```swift
/// PreferenceKey<String>("backupFolder", default: "~/Backups", scope: .user)
/// ```
///
/// In a schema file: `"scope": "user"`. Secrets are never read from a project file, whatever
/// their scope.
public enum PreferenceScope: String, Sendable, Hashable {
    /// Any layer, a project file too.
    case project
    /// The user's file, the site's files, this run's overrides and the default; never a project file.
    case user
}
