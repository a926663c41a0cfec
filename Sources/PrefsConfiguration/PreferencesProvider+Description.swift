import Configuration
import PrefsModel

/// What a provider and its snapshots show of themselves when printed, logged or dumped: each
/// setting with its value in effect, a secret only said to be set (as the access log and every
/// other surface of the provider redact it). Without these, `dump(provider)` walked into the
/// store and printed a secret in clear.
enum ProviderDescription {
    /// `name=value` for each setting of the schema, secrets redacted.
    static func values(of prefs: PreferencesSnapshot) -> String {
        prefs.schema.keys.map { key in
            let stored = prefs.resolution(of: key).stored
            let shown = key.isSecret ? SecretValues.state(isSet: stored != nil) : key.text(of: stored).controlCharactersEscaped
            return "\(key.name)=\(shown)"
        }.joined(separator: ", ")
    }

    /// The mirror `dump()` walks: the name and the redacted values, nothing of the store.
    static func mirror(of subject: Any, name: String, prefs: PreferencesSnapshot) -> Mirror {
        Mirror(subject, children: ["providerName": name, "values": values(of: prefs)], displayStyle: .class)
    }
}

extension PreferencesProvider: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The provider's name and how many settings it answers.
    ///
    /// ```swift
    /// print(provider)  // PreferencesProvider[com.example.exporter: 4 settings]
    /// ```
    public var description: String { "\(providerName.dropLast()): \(preferences.schema.keys.count) settings]" }

    /// The provider with every setting's value in effect; a secret is only said to be set.
    ///
    /// ```swift
    /// debugPrint(provider)  // PreferencesProvider[com.example.exporter: port=8080, token=(secret, set)]
    /// ```
    public var debugDescription: String { "\(providerName.dropLast()): \(ProviderDescription.values(of: preferences.snapshot()))]" }

    /// What `dump(provider)` shows: the name and the values, secrets redacted.
    ///
    /// ```swift
    /// dump(provider)
    /// ```
    public var customMirror: Mirror { ProviderDescription.mirror(of: self, name: providerName, prefs: preferences.snapshot()) }
}

extension ProviderSnapshot: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    var description: String { "\(providerName.dropLast()): \(prefs.schema.keys.count) settings]" }
    var debugDescription: String { "\(providerName.dropLast()): \(ProviderDescription.values(of: prefs))]" }
    var customMirror: Mirror { ProviderDescription.mirror(of: self, name: providerName, prefs: prefs) }
}
