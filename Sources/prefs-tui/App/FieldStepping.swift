import PrefsModel

/// Stepping a number and cycling a choice, in one place: the door to the library's typed
/// operations (`AnyPreferenceKey.stepped`/`cycled`, which snap to the rule's grid). Until those
/// exist, these do it from the rule and return values checked by the key's own parser.
enum FieldStepping {
    /// The stored value `steps` steps of the rule away from `stored`, held in the range.
    static func stepped(_ key: AnyPreferenceKey, from stored: PlistValue?, by steps: Int) -> PlistValue? {
        var minimum: Double?, maximum: Double?, size = 1.0
        if case .range(let low, let high, let step) = key.rule {
            minimum = low
            maximum = high
            if let step { size = step }
        }
        var next: Double
        guard case .stepper(let current, _, _) = EditorField(key, stored: stored) else { return nil }
        if let current {
            next = current + Double(steps) * size
            if let minimum { next = max(minimum, next) }
            if let maximum { next = min(maximum, next) }
        } else {
            next = minimum ?? 0   // an unset optional number starts from the bottom of its range
        }
        let json: JSONValue = key.type.unwrapped == .int ? .int(Int(next.rounded())) : .double(next)
        return try? key.storedValue(json: json)
    }

    /// The choice `steps` places away from the stored one, wrapping around.
    static func cycled(_ key: AnyPreferenceKey, from stored: PlistValue?, by steps: Int) -> PlistValue? {
        guard case .choice(let index, let options) = EditorField(key, stored: stored), !options.isEmpty else { return nil }
        let next = (((index ?? 0) + steps) % options.count + options.count) % options.count
        return try? key.storedValue(parsing: [options[next].value])
    }
}
