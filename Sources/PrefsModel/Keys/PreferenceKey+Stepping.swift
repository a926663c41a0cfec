// Stepping numbers and cycling choices for the type-erased key (``AnyPreferenceKey/stepped(from:by:)``,
// ``AnyPreferenceKey/cycled(from:by:)``): built once per key from its value type and rule.

extension PreferenceKey {
    /// Stepping for number keys without choices: on the rule's grid, from the value in effect.
    /// An unset optional number starts at the bottom of its range (or 0).
    static func stepper(rule: PreferenceRule<Value>,
                        decode: @escaping @Sendable (PlistValue?) -> Value) -> (@Sendable (PlistValue?, Int) -> PlistValue?)? {
        let type = Value.preferenceType.unwrapped
        guard rule.description.choices == nil, type == .int || type == .double else { return nil }
        let grid = NumberGrid(rule.description)
        return { stored, steps in
            let next: PlistValue
            switch decode(stored).storedValue {
            case .int(let current)?: next = .int(grid.stepped(current, by: steps))
            case .double(let current)?: next = .double(grid.stepped(current, by: steps))
            case nil:
                let start = grid.stepped(grid.lower ?? 0, by: 0)
                next = type == .int ? .int(grid.stepped(Int(exactly: start.rounded()) ?? 0, by: 0)) : .double(start)
            default: return nil
            }
            guard let value = Value(storedValue: next), refusal(of: value, rule: rule) == nil else { return nil }
            return value.storedValue
        }
    }

    /// Cycling for choice keys: the option `steps` places on from the current one, wrapping
    /// around; from a value that is no option, forward starts at the first, backward at the last.
    static func cycler(rule: PreferenceRule<Value>,
                       decode: @escaping @Sendable (PlistValue?) -> Value) -> (@Sendable (PlistValue?, Int) -> PlistValue?)? {
        guard let options = rule.description.choices, !options.isEmpty else { return nil }
        return { stored, steps in
            let count = options.count
            let next: Int
            if let current = options.firstIndex(where: { $0.value == decode(stored).formatted }) {
                next = ((current + steps % count) + count) % count
            } else {
                next = steps > 0 ? (steps - 1) % count : ((steps % count) + count) % count
            }
            return try? checked(Value(parsing: options[next].value), rule: rule)
        }
    }
}
