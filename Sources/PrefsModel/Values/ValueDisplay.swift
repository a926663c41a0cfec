// How a value reads to a person: the editor's rows, details pane and messages and the `list`
// table show values through these, so an empty text and an unset optional never look alike.

extension AnyPreferenceKey {
    /// The value in effect for `stored` as a person reads it: `(unset)` only for an optional
    /// without a value, `""` for empty text (an empty cell would read as nothing at all), and
    /// otherwise the text form with control characters escaped.
    ///
    /// ```swift
    /// PreferenceKeys.lastRefresh.displayText(of: nil)     // "(unset)"
    /// PreferenceKeys.city.displayText(of: .string(""))    // "\"\""
    /// ```
    /// `isJudgedUsable`: `stored` was already found of the type and allowed, and is not judged again.
    package func displayText(of stored: PlistValue?, isJudgedUsable: Bool = false) -> String {
        // A secret is worded as set or not set, never shown (``SecretValues``): this is the
        // text of lists, details, messages and undo labels.
        if isSecret { return SecretValues.state(isSet: stored != nil) }
        // Only an optional's value can be null: asking every key built its value's JSON (a
        // list's whole array) to compare it with null, a tenth of `list`.
        if type.isOptional, json(of: stored) == .null { return Self.unsetText }
        return Self.displayText(forText: codec.text(stored, isJudgedUsable: isJudgedUsable && stored != nil))
    }

    /// The default as ``displayText(of:)`` shows values.
    ///
    /// ```swift
    /// PreferenceKeys.lastRefresh.defaultDisplayText  // "(unset)"
    /// ```
    package var defaultDisplayText: String {
        if isSecret { return SecretValues.hidden }
        // As for a value: only an optional's default can be null.
        return type.isOptional && defaultJSON == .null ? Self.unsetText : Self.displayText(forText: defaultText)
    }

    /// What an optional without a value shows.
    package static let unsetText = "(unset)"

    /// What empty text shows.
    package static let emptyText = "\"\""

    /// A value's text form as shown: `""` when empty, control characters escaped.
    package static func displayText(forText text: String) -> String {
        text.isEmpty ? emptyText : text.controlCharactersEscaped
    }
}

extension Preferences {
    /// The key's value in effect as a person reads it (see ``AnyPreferenceKey/displayText(of:)``).
    ///
    /// ```swift
    /// prefs.displayText(of: PreferenceKeys.city)  // "Oslo"
    /// ```
    package func displayText(of key: AnyPreferenceKey) -> String {
        key.displayText(of: effectiveStored(key))
    }
}
