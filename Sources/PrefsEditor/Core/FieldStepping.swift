import PrefsModel

/// Stepping a number and cycling a choice, in one place: the door to the library's typed
/// operations, which snap to the rule's grid and format with the step's decimals. The editor
/// does no arithmetic of its own.
enum FieldStepping {
    /// The stored value `steps` steps of the rule away from `stored`, held in the range.
    static func stepped(_ key: AnyPreferenceKey, from stored: PlistValue?, by steps: Int) -> PlistValue? {
        key.stepped(from: stored, by: steps)
    }

    /// The choice `steps` places away from the stored one, wrapping around.
    static func cycled(_ key: AnyPreferenceKey, from stored: PlistValue?, by steps: Int) -> PlistValue? {
        key.cycled(from: stored, by: steps)
    }
}
