import PrefsModel

/// What a setting's row says at a glance about where its value comes from, decided once for
/// the full screen's mark column and the plain mode's words: a locked setting is not the
/// person's own edit even when their file still holds a value, and a site's value is neither
/// the default nor theirs.
enum SettingMark: Equatable, Sendable {
    /// The stored value failed its type or rule: it reads the default (`!`).
    case problem
    /// A site's locks file fixes it (`⊘`, ASCII `#`): it cannot be changed here.
    case locked
    /// The person's own value, in their file (`●`, ASCII `*`).
    case changed
    /// A value an administrator's site file gives (`○`, ASCII `o`).
    case site
    /// The program's default: no mark.
    case none

    /// The mark of a setting, from what is known of it.
    static func of(hasProblem: Bool, isLocked: Bool, hasUserValue: Bool, source: PreferenceSource) -> SettingMark {
        if hasProblem { return .problem }
        if isLocked { return .locked }
        if hasUserValue { return .changed }
        if case .site = source { return .site }
        return .none
    }

    /// The mark column's character.
    func glyph(ascii: Bool) -> String? {
        switch self {
        case .problem: "!"
        case .locked: ascii ? "#" : "⊘"
        case .changed: ascii ? "*" : "●"
        case .site: ascii ? "o" : "○"
        case .none: nil
        }
    }

    /// The plain mode's words after a setting's value in its list, or nil.
    var words: String? {
        switch self {
        case .problem: "(\(SettingWords.storedIgnored()))"
        case .locked: "(locked)"
        case .changed: "(changed)"
        case .site: "(from the site)"
        case .none: nil
        }
    }
}

extension EditorState {
    /// The setting's mark, as the list shows it: a stored value ignored, or a stored pair that
    /// breaks a rule across settings, is a problem.
    func mark(of key: AnyPreferenceKey) -> SettingMark {
        .of(hasProblem: settings.diagnostic(for: key) != nil || judged.brokenRules[key.name] != nil, isLocked: settings.lockFile(of: key) != nil,
            hasUserValue: !settings.isDefault(key), source: settings.resolution(of: key).source)
    }
}
