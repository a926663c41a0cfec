import Foundation

/// A value computed from one or more settings plus fixed inputs, recomputed when an input
/// changes and observable like a key.
///
/// ```swift
/// // With `static let metric = PreferenceKey<Bool>("metric", default: true)` declared in PreferenceKeys:
/// let wind = DerivedValue(name: "wind", title: "Wind", inputs: [PreferenceKeys.metric]) { prefs in
///     prefs[.metric] ? "5.0 m/s" : "11.2 mph"
/// }
/// prefs[wind]  // "5.0 m/s"
/// ```
public struct DerivedValue<Output: Sendable & Equatable>: Sendable {
    /// A stable identifier.
    public let name: String
    /// A title for a live preview.
    public let title: String
    /// The settings it depends on: a change of any of them recomputes it.
    public let inputs: [AnyPreferenceKey]
    private let compute: @Sendable (Preferences) -> Output
    /// The next moment the value changes by itself (it reads the clock), or nil for never.
    let nextChange: @Sendable (Preferences) -> Date?

    /// Declares a derived value. `compute` reads its inputs through the given preferences; fixed
    /// inputs are captured by the closure. A value that reads the clock says when it next
    /// changes with `changesAt`, so a display can wake up at that moment instead of polling.
    ///
    /// ```swift
    /// DerivedValue(name: "doubled", title: "Doubled", inputs: [PreferenceKeys.refreshInterval]) { $0[.refreshInterval] * 2 }
    /// ```
    public init(name: String, title: String, inputs: [AnyPreferenceKey],
                changesAt: @escaping @Sendable (Preferences) -> Date? = { _ in nil },
                compute: @escaping @Sendable (Preferences) -> Output) {
        self.name = name
        self.title = title
        self.inputs = inputs
        self.nextChange = changesAt
        self.compute = compute
    }

    /// The current value.
    ///
    /// ```swift
    /// derived.value(in: prefs)
    /// ```
    public func value(in preferences: Preferences) -> Output { compute(preferences) }
}

/// A derived value whose output is text (nil: nothing to show now), as a live preview lists it.
///
/// ```swift
/// for derived in schema.derivedValues { print(derived.title, derived.text(in: prefs) ?? "–") }
/// ```
public struct AnyDerivedValue: Sendable {
    /// A stable identifier.
    public let name: String
    /// A title for a live preview.
    public let title: String
    /// The settings it depends on.
    public let inputs: [AnyPreferenceKey]
    private let render: @Sendable (Preferences) -> String?
    private let changesAt: @Sendable (Preferences) -> Date?

    /// Wraps a derived value whose output is optional text.
    ///
    /// ```swift
    /// AnyDerivedValue(temperature)
    /// ```
    public init(_ derived: DerivedValue<String?>) {
        name = derived.name
        title = derived.title
        inputs = derived.inputs
        render = { derived.value(in: $0) }
        changesAt = derived.nextChange
    }

    /// Wraps a derived value whose output is text.
    ///
    /// ```swift
    /// AnyDerivedValue(wind)
    /// ```
    public init(_ derived: DerivedValue<String>) {
        name = derived.name
        title = derived.title
        inputs = derived.inputs
        render = { derived.value(in: $0) }
        changesAt = derived.nextChange
    }

    /// The current text, or nil when the value is hidden now.
    ///
    /// ```swift
    /// derived.text(in: prefs)  // "21.5 °C"
    /// ```
    public func text(in preferences: Preferences) -> String? { render(preferences) }

    /// The next moment the text changes with no setting changing (it reads the clock), or nil.
    ///
    /// ```swift
    /// nextRefresh.nextChange(in: prefs)  // the start of the next minute
    /// ```
    public func nextChange(in preferences: Preferences) -> Date? { changesAt(preferences) }
}

extension Preferences {
    /// The current value of a derived value.
    ///
    /// ```swift
    /// prefs[wind]  // "5.0 m/s"
    /// ```
    public subscript<Output>(derived: DerivedValue<Output>) -> Output {
        derived.value(in: self)
    }

    /// Calls `handler` with the old and new output whenever a change of an input changes it.
    ///
    /// ```swift
    /// let token = prefs.observe(temperature) { old, new in print(old, "→", new) }
    /// ```
    public func observe<Output>(_ derived: DerivedValue<Output>,
                                _ handler: @escaping @Sendable (_ old: Output, _ new: Output) -> Void) -> ObservationToken {
        let last = Locked(derived.value(in: self))
        let names = Set(derived.inputs.map(\.name))
        return addObserver { [weak self] changes in
            guard let self, changes.contains(where: { names.contains($0.key) }) else { return }
            let new = derived.value(in: self)
            let old = last.withLock { last in
                defer { last = new }
                return last
            }
            if old != new { handler(old, new) }
        }
    }
}
