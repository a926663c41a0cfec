/// One setting's facts in words, decided once for every view: where its value comes from,
/// whether it is locked, why a stored value is ignored, its default and what is allowed. The
/// full screen's details pane and `i` box, the plain mode's question, `get --explain` and
/// `list`'s SOURCE column all take their words from here; they only lay them out.
///
/// ```swift
/// let facts = SettingFacts(PreferenceKeys.city, in: prefs.snapshot())
/// facts.sourceNote  // "site file /etc/xdg/com.example.weather.plist"
/// ```
package struct SettingFacts {
    package let key: AnyPreferenceKey
    /// The value in effect and the layer it comes from.
    package let resolution: PreferenceResolution
    /// The locks file that locks it, or nil.
    package let lockFile: String?
    /// Why its stored value is ignored, or nil.
    package let diagnostic: PreferenceDiagnostic?
    /// Whether the user's file sets nothing for it.
    package let isDefault: Bool
    /// Whether the site gives or locks any value, or this run overrides one: only then is a
    /// value's source news (the user's file and the default are where values usually come from).
    private let hasLayers: Bool

    /// Why it is not in use ("used only when Use a proxy is on"), or nil when it is.
    package let notInUseReason: String?

    /// The rule across settings its stored value breaks with another's, or nil.
    package let brokenRule: String?

    /// The value its file holds under its own name when that is of the key's old type and read
    /// converted (`true`, read as `imperial`), or nil: no problem, but news.
    package let convertedFrom: String?

    /// The rules across settings it takes part in, in words ("not above High"), whether or not
    /// they are broken now: part of what it allows.
    package let acrossSettings: [String]

    /// The facts of `key` in the settings as they stand; `notInUse`: why it is not in use, as
    /// the settings' conditions say (``PreferencesSnapshot/notInUse()``), or nil; `brokenRule`:
    /// the rule across settings the stored values break (``SettingsRules/brokenByKey(in:)``), or nil.
    /// (`borrowing`: an initialiser takes its arguments owned, and the snapshot, a large value,
    /// was copied and destroyed for every setting `list` worded.)
    package init(_ key: AnyPreferenceKey, in settings: borrowing PreferencesSnapshot, notInUse: String? = nil, brokenRule: String? = nil) {
        self.key = key
        notInUseReason = notInUse
        self.brokenRule = brokenRule
        // The user's value looked up once, and the value under the key's own name taken from it
        // unless a rename or a conversion may read another: `list` words every setting, and
        // each look-up of a name and judgement of a value was made three times.
        let user = settings.userValue(of: key)
        let own = key.renamedFrom.isEmpty && !key.hasConversion ? user : settings.storedValues[key.name]
        let resolution = settings.resolution(of: key, user: user)
        self.resolution = resolution
        // The lock is the resolution's first question: its answer is there already.
        if case .locked(let file, _) = resolution.source { lockFile = file } else { lockFile = nil }
        if case .user = resolution.source, key.renamedFrom.isEmpty && !key.hasConversion {
            // The user's value is in effect, so its judgement found nothing wrong with it.
            diagnostic = nil
        } else {
            diagnostic = key.judgedDiagnostic(ofOwnStored: own, source: resolution.source)
        }
        isDefault = user == nil
        hasLayers = !settings.site.folders.isEmpty || settings.site.project != nil || !settings.overrides.isEmpty
        if key.hasConversion, let own, diagnostic == nil, user != own {
            convertedFrom = key.shownSummary(of: own)
        } else {
            convertedFrom = nil
        }
        // Most schemas have no rule across settings: the closure below, which captures the
        // snapshot, was a copy of it for every setting `list` worded.
        acrossSettings = settings.schema.rules.isEmpty ? [] : settings.schema.rules.compactMap { rule in
            guard let (low, high) = rule.orderedPair else { return nil }
            func title(_ name: String) -> String { settings.schema.key(named: name).map { $0.title.isEmpty ? name : $0.title } ?? name }
            if key.name == low { return "not above \(title(high))" }
            if key.name == high { return "not below \(title(low))" }
            return nil
        }
    }

    /// The value in effect as a person reads it (``AnyPreferenceKey/displayText(of:isJudgedUsable:)``),
    /// not judged again: every layer gives only a value it judged usable (``SiteLayers/resolve(_:user:userPath:override:)``,
    /// a lock's too), and the default otherwise.
    package var valueDisplayText: String { key.displayText(of: resolution.stored, isJudgedUsable: true) }

    // MARK: Where the value comes from

    /// The layer in one word, as `list` and the JSON outputs say it: `default`, `site`, `user`,
    /// `override`, `locked`.
    package var sourceKind: String { resolution.source.kind }

    /// Where the value comes from, as `get --explain` says it first: the layer's own wording,
    /// or that nothing is set and no default was declared.
    package var origin: String {
        if resolution.source == .registeredDefault && !key.hasDefault { return "not set; \(SettingWords.noDefaultDeclared)" }
        return resolution.source.description
    }

    /// "converted from true": how the value in effect was read, where the file holds it in the
    /// key's old type.
    package var conversionNote: String? { convertedFrom.map { "converted from \($0)" } }

    /// Where the value comes from when that is news (a site's file, a lock, this run's override,
    /// the user's file read converted), with what it means for editing; nil for the user's
    /// file read as it is and the program's default.
    package var sourceNote: String? {
        if resolution.source.kind == "user", let conversionNote { return "\(origin), \(conversionNote)" }
        guard hasLayers else { return nil }
        switch resolution.source {
        case .registeredDefault, .user: return nil
        case .site: return origin
        case .project: return "\(origin), over your file"
        case .override: return "\(origin) (not saved)"
        case .locked(_, let valueFile):
            let value = valueFile.map { " (value from \($0.controlCharactersEscaped))" } ?? ""
            return "\(origin): read-only\(value)"
        }
    }

    /// Whether it is in use (see ``Preferences/isInUse(_:)``).
    package var isInUse: Bool { notInUseReason == nil }

    /// That it is not in use, and why: "not in use: used only when Use a proxy is on"; nil when it is.
    package var notInUse: String? { notInUseReason.map(Self.notInUse) }

    /// That a setting is not in use, and `reason`.
    package static func notInUse(_ reason: String) -> String { "not in use: \(reason)" }

    /// What is said when another program's change takes a setting out of use while its field
    /// is open (`typed`) or the plain mode asks about it.
    package static func noLongerInUseMessage(_ key: AnyPreferenceKey, reason: String, typed: Bool = true) -> String {
        "\(key.name) is no longer in use: \(reason)" + (typed ? "; your edit was not saved" : "")
    }

    /// What is said when a person tries to change it while it is not in use.
    package static func notInUseMessage(_ key: AnyPreferenceKey, reason: String) -> String {
        "\(key.name) is not in use: \(reason)"
    }

    /// The lock, in words ("locked by /etc/xdg/….locks"), or nil.
    package var lock: String? { lockFile.map(Self.lock) }

    /// A lock by `lockFile`, in words: also what the editor's messages say of a lock.
    package static func lock(_ lockFile: String) -> String { SettingWords.lockedBy(lockFile) }

    /// Whether the user's own file sets the value, in a word: "set", or "default".
    package var setOrDefault: String { isDefault ? "default" : "set" }

    // MARK: Problems, defaults and rules

    /// Why the stored value is ignored, with the value as stored (a secret's is not quoted:
    /// its diagnostic never holds it), or nil.
    package var problem: String? {
        if let diagnostic {
            return "\(SettingWords.storedIgnored(short: diagnostic.storedValue)): \(diagnostic.reason.controlCharactersEscaped)"
        }
        return brokenRule.map { "the stored values break a rule: \($0.controlCharactersEscaped)" }
    }

    /// What the setting reads without the user's file, for a key of another program's that
    /// declares no default: that the program that owns it decides.
    package var defaultText: String {
        key.hasDefault ? key.defaultDisplayText : "none declared (the program that owns it decides)"
    }

    /// The note on a key the file holds but the schema does not describe.
    package var notDescribedNote: String? { key.isDescribedBySchema ? nil : Self.notDescribedNote }

    /// Shown for a key that is in the file but not in the schema: it has no title, help or rule
    /// here, is edited by its stored type, and resetting all settings leaves it alone.
    package static let notDescribedNote = "Not described by the schema: edited as its stored type; reset all leaves it."

    /// What is allowed, as the screen shows it beside the value (the rule's own short form); nil
    /// for a key whose rule allows any value of its type.
    package var allowed: String? {
        let parts = (key.rule == .any ? [] : [key.rule.allowedText]) + acrossSettings
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// What is allowed, in words a screen reader reads well: "a whole number from 5 to 240 in
    /// steps of 5" rather than "5…240 in steps of 5", and the form a value of its type is
    /// written in where the rule allows any.
    package var allowedInWords: String {
        ([ruleInWords] + acrossSettings).joined(separator: "; ")
    }

    /// The setting's own rule in words.
    private var ruleInWords: String {
        let whole = key.type.unwrapped == .int || key.type.unwrapped == .array(.int)
        switch key.rule {
        case .range(let min, let max, let step):
            var text = whole ? "a whole number" : "a number"
            switch (min, max) {
            case let (min?, max?): text += " from \(min) to \(max)"
            case let (min?, nil): text += " of at least \(min)"
            case let (nil, max?): text += " of at most \(max)"
            case (nil, nil): break
            }
            if let step { text += " in steps of \(step)" }
            return text
        case .choices(let options): return "one of " + options.map(\.title).joined(separator: ", ")
        case .any:
            switch key.type.unwrapped {
            case .bool: return "on or off"
            case .int: return "a whole number"
            case .double: return "a number"
            case .string: return key.rule.allowedText
            // URLs, dates, data, lists and dictionaries: the form their parser takes.
            default: return key.textForm
            }
        default: return key.rule.allowedText
        }
    }
}
