/// What the settings' conditions and rules across settings say of every setting at once, judged
/// on one snapshot: why each setting out of use is, and the rule each stored pair breaks. A list
/// judges them once for all its rows; one setting's facts judge them for it alone.
///
/// ```swift
/// let now = prefs.snapshot()
/// let judged = now.judgeSettings()
/// now.facts(of: PreferenceKeys.proxyHost, judged: judged).notInUse  // "not in use: used only when Use a proxy is on"
/// ```
package struct SettingsJudgement: Sendable, Equatable {
    /// Why each setting not in use is not, by name.
    package var notInUse: [String: String] = [:]
    /// The rule across settings each setting of a broken pair breaks, by name.
    package var brokenRules: [String: String] = [:]

    package init(notInUse: [String: String] = [:], brokenRules: [String: String] = [:]) {
        self.notInUse = notInUse
        self.brokenRules = brokenRules
    }
}

extension PreferencesSnapshot {
    /// Every setting's conditions and rules across settings, judged once on these values.
    package func judgeSettings() -> SettingsJudgement {
        SettingsJudgement(notInUse: notInUseReasons(), brokenRules: schema.rules.isEmpty ? [:] : SettingsRules.brokenByKey(in: self))
    }

    /// The setting's facts: its value and where it comes from, its lock, why a stored value is
    /// ignored, whether it is in use and the rule it breaks. Every surface (`get`, `list`, the
    /// editor, the plain mode) takes them from here. `judged`: the whole list's judgement, made
    /// once; without it, this setting's own is made.
    package func facts(of key: AnyPreferenceKey, judged: SettingsJudgement? = nil) -> SettingFacts {
        // Statements, not `??`: its right side is a closure, which copied the whole snapshot
        // for every setting a list worded, judged or not.
        let notInUse: String?, brokenRule: String?
        if let judged {
            notInUse = judged.notInUse.isEmpty ? nil : judged.notInUse[key.name]
            brokenRule = judged.brokenRules.isEmpty ? nil : judged.brokenRules[key.name]
        } else {
            notInUse = notInUseReason(of: key)
            brokenRule = schema.rules.isEmpty ? nil : SettingsRules.brokenByKey(in: self)[key.name]
        }
        return SettingFacts(key, in: self, notInUse: notInUse, brokenRule: brokenRule)
    }
}
