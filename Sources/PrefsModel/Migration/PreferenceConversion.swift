/// How a setting whose type changed takes a value stored by an earlier version: a function from
/// the old kind of value to the new one (nil: no conversion for that value, which then stays
/// where it is and is reported).
///
/// ```swift
/// PreferenceKey<Units>("units", default: .metric, migrating: .from(Bool.self) { $0 ? .imperial : .metric })
/// ```
public struct PreferenceConversion<Value: PreferenceValue>: Sendable {
    let convert: @Sendable (PlistValue) -> Value?

    /// Converts values stored as `Old` (decoded as a key of that type would read them).
    ///
    /// ```swift
    /// .from(Bool.self) { $0 ? .imperial : .metric }
    /// ```
    public static func from<Old: PreferenceValue>(_: Old.Type, _ convert: @escaping @Sendable (Old) -> Value?) -> PreferenceConversion {
        PreferenceConversion { stored in Old(storedValue: stored).flatMap(convert) }
    }

    /// A table from old stored values to new ones, as schema files write it
    /// (`"convert": [{"from": true, "to": "imperial"}]`).
    static func table(_ pairs: [(from: PlistValue, to: Value)]) -> PreferenceConversion {
        PreferenceConversion { stored in pairs.first { $0.from == stored }?.to }
    }

    /// The type-erased form a key keeps: an old stored value to the new stored value.
    var stored: @Sendable (PlistValue) -> PlistValue? {
        let convert = self.convert
        return { old in convert(old)?.storedValue }
    }
}
