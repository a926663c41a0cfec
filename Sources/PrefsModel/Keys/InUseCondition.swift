/// When a setting is in use: a check on the other settings' values, declared with the key
/// (`inUseWhen:` in Swift, `"inUseWhen"` in a schema file). A setting not in use keeps its value
/// and reads it as always; views show it dimmed, with the reason, and do not ask about it.
package struct InUseCondition: Sendable {
    /// One setting and the values under which the condition allows the key (a schema file's
    /// `{"useProxy": true}` or `{"temperatureNotation": ["fahrenheit", "kelvin"]}`).
    package struct Requirement: Sendable, Equatable {
        package let key: String
        /// The values as the file holds them (JSON, read as the setting reads JSON).
        package let values: [JSONValue]

        /// The values as the setting stores them; nil for one it refuses.
        package func storedValues(of key: AnyPreferenceKey) -> [PlistValue?]? {
            var stored: [PlistValue?] = []
            for value in values {
                // `null` is a value of an optional setting (unset): stored as nil, not refused.
                do { stored.append(try key.storedValue(json: value)) } catch { return nil }
            }
            return stored
        }
    }

    /// The check, on the settings as they stand.
    package let holds: @Sendable (PreferencesSnapshot) -> Bool
    /// What a schema file wrote: every entry must hold. Nil for a condition written in Swift,
    /// whose inputs are found by tracking its reads, as a derived value's are.
    package let requirements: [Requirement]?

    /// A condition written in Swift.
    package init(_ holds: @escaping @Sendable (PreferencesSnapshot) -> Bool) {
        self.holds = holds
        requirements = nil
    }

    /// A schema file's condition: each named setting has one of its values.
    package init(requirements: [Requirement]) {
        self.requirements = requirements
        holds = { prefs in
            requirements.allSatisfy { requirement in
                guard let key = prefs.schema.declaredKey(named: requirement.key) else { return false }
                ReadTracking.note(key.name)
                let now = key.text(of: prefs.resolution(of: key).stored)
                return (requirement.storedValues(of: key) ?? []).contains { key.text(of: $0) == now }
            }
        }
    }
}
