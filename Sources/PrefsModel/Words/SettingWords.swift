/// The words for the facts about a setting that more than one surface says (the commands, the
/// full screen, the plain mode, errors, migrations' reports): each is worded here and only
/// here, so two surfaces can never say one fact two ways. Paths and values are escaped.
///
/// ```swift
/// SettingWords.lockedBy("/etc/xdg/com.example.weather.locks")  // "locked by /etc/xdg/com.example.weather.locks"
/// ```
package enum SettingWords {
    /// A lock: "locked by /etc/xdg/….locks".
    package static func lockedBy(_ lockFile: String) -> String { "locked by \(lockFile.controlCharactersEscaped)" }

    /// A site's file: "site file /etc/xdg/….plist".
    package static func siteFile(_ path: String) -> String { "site file \(path.controlCharactersEscaped)" }

    /// A project's file: "project file /home/ada/src/site/.backup-tool.json".
    package static func projectFile(_ path: String) -> String { "project file \(path.controlCharactersEscaped)" }

    /// Why a project file's value for a secret is not read.
    package static let secretNotFromProject = "a secret is never read from a project file"

    /// Why a project file's value for a setting of the user's scope is not read.
    package static let userScopeNotFromProject = "the setting has scope user: only your own file sets it, never a project file"

    /// The command that trusts a project file.
    package static func trustCommand(_ path: String) -> String { "prefs-tui trust \(path.shellQuotedIfNeeded)" }

    /// A stored value a setting does not take: "stored value "soon" ignored" (`value` as shown,
    /// already quoted; nil for the plain mode's "stored value ignored").
    package static func storedIgnored(_ value: String? = nil) -> String {
        let shown = value.map { "\($0.controlCharactersEscaped) " } ?? ""
        return "stored value \(shown)ignored"
    }

    /// The same, short, where the setting is already named (the details pane, the plain mode's
    /// question): "stored "soon" ignored".
    package static func storedIgnored(short value: String) -> String { "stored \(value.controlCharactersEscaped) ignored" }

    /// A count of such values: "1 stored value ignored", "3 stored values ignored".
    package static func storedIgnored(count: Int) -> String {
        let plural = count == 1 ? "" : "s"
        return "\(count) stored value\(plural) ignored"
    }

    /// A stored pair against a rule across settings.
    package static let breaksARule = "breaks a rule"

    /// A key of another program's that nobody declared a default for.
    package static let noDefaultDeclared = "no default declared"

    /// A key with no value in a layer, or of another program's with no default: "(not set)".
    package static let notSet = "(not set)"

    /// A list with no items, as every view shows it: "(empty)".
    package static let emptyList = "(empty)"

    /// A value another program wrote while this one was looking.
    package static let changedByAnotherProgram = "changed by another program"
}
