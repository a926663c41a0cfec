import Foundation

/// A value computed from settings plus fixed inputs, recomputed when a setting it read
/// changes, and observable like a key. Its inputs need no list: each evaluation notes the
/// settings the closure reads (a setting read on one branch only counts while that branch is
/// taken), as Swift's Observation tracks a view's reads.
///
/// ```swift
/// // With `static let metric = PreferenceKey<Bool>("metric", default: true)` declared in PreferenceKeys:
/// let wind = DerivedValue(name: "wind", title: "Wind") { prefs in
///     prefs[.metric] ? "5.0 m/s" : "11.2 mph"
/// }
/// prefs[wind]  // "5.0 m/s"
/// ```
public struct DerivedValue<Output: Sendable & Equatable>: Sendable {
    /// A stable identifier.
    public let name: String
    /// A title for a live preview.
    public let title: String
    /// Settings named as inputs by hand (``init(name:title:inputs:changesAt:compute:)``): a
    /// change of any of them recomputes it, as a change of any setting it read does. Empty for
    /// a value declared without a list, whose inputs are the settings it reads.
    public let inputs: [AnyPreferenceKey]
    private let compute: @Sendable (PreferencesSnapshot) -> Output
    /// The next moment the value changes by itself (it reads the clock), or nil for never.
    let nextChange: @Sendable (PreferencesSnapshot) -> Date?

    /// Declares a derived value. `compute` reads settings from the snapshot it is given, the
    /// settings as they stand (each read is noted: those are its inputs); fixed inputs are
    /// captured by the closure. A value that reads the clock says when it next changes with
    /// `changesAt`, so a display can wake up at that moment instead of polling.
    ///
    /// ```swift
    /// DerivedValue(name: "doubled", title: "Doubled") { $0[.refreshInterval] * 2 }
    /// ```
    public init(name: String, title: String, changesAt: @escaping @Sendable (PreferencesSnapshot) -> Date? = { _ in nil },
                compute: @escaping @Sendable (PreferencesSnapshot) -> Output) {
        self.init(name: name, title: title, inputs: [], changesAt: changesAt, compute: compute)
    }

    /// Declares a derived value with inputs named by hand, besides the settings it reads (the
    /// form before reads were tracked; the list is no longer needed).
    ///
    /// ```swift
    /// DerivedValue(name: "doubled", title: "Doubled", inputs: [PreferenceKeys.refreshInterval]) { $0[.refreshInterval] * 2 }
    /// ```
    public init(name: String, title: String, inputs: [AnyPreferenceKey],
                changesAt: @escaping @Sendable (PreferencesSnapshot) -> Date? = { _ in nil },
                compute: @escaping @Sendable (PreferencesSnapshot) -> Output) {
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
    public func value(in preferences: Preferences) -> Output { preferences[self] }

    /// The value on settings as they stood at one moment.
    ///
    /// ```swift
    /// derived.value(in: prefs.snapshot())
    /// ```
    package func value(in snapshot: PreferencesSnapshot) -> Output {
        DerivedEvaluation.computing(name) { compute(snapshot) }
    }

    /// The current value and the names of the settings it depends on now: those it read, and
    /// those named as inputs.
    package func valueAndInputs(in snapshot: PreferencesSnapshot) -> (value: Output, inputs: Set<String>) {
        let (value, read) = ReadTracking.reads { self.value(in: snapshot) }
        return (value, read.union(inputs.map(\.name)))
    }
}

/// Text a live preview can show: `String`, or `String?` for a value that is sometimes hidden.
///
/// ```swift
/// let feelsLike: DerivedValue<String?> = DerivedValue(name: "feelsLike", title: "Feels like") { prefs in prefs[.showFeelsLike] ? "19 °C" : nil }
/// ```
public protocol LivePreviewText: Sendable, Equatable {
    /// The text shown, or nil for nothing now.
    ///
    /// ```swift
    /// "19 °C".previewText  // "19 °C"
    /// ```
    var previewText: String? { get }
}

extension String: LivePreviewText {
    /// The text itself.
    ///
    /// ```swift
    /// "5.0 m/s".previewText  // "5.0 m/s"
    /// ```
    public var previewText: String? { self }
}

extension Optional: LivePreviewText where Wrapped == String {
    /// The text, or nil for nothing shown now.
    ///
    /// ```swift
    /// Optional<String>.none.previewText  // nil
    /// ```
    public var previewText: String? { self }
}

/// A derived value a schema lists in its live preview: a ``DerivedValue`` whose output is text
/// (``LivePreviewText``), or an ``AnyDerivedValue``. A schema takes them as they are declared:
/// `derivedValues: [wind, feelsLike]`, with no wrapper at the call site.
///
/// ```swift
/// PreferenceSchema(title: "Weather", suiteName: "com.example.weather", keys: keys, derivedValues: [wind, feelsLike])
/// ```
public protocol LivePreviewValue: Sendable {
    /// The value as the live preview lists it.
    ///
    /// ```swift
    /// wind.previewed.title  // "Wind"
    /// ```
    var previewed: AnyDerivedValue { get }
}

extension DerivedValue: LivePreviewValue where Output: LivePreviewText {
    /// This value as the live preview lists it.
    ///
    /// ```swift
    /// wind.previewed.text(in: prefs)  // "5.0 m/s"
    /// ```
    public var previewed: AnyDerivedValue { AnyDerivedValue(self) }
}

/// A derived value whose output is text (nil: nothing to show now), as a live preview lists it.
///
/// ```swift
/// for derived in schema.derivedValues { print(derived.title, derived.text(in: prefs) ?? "–") }
/// ```
public struct AnyDerivedValue: Sendable, LivePreviewValue {
    /// A stable identifier.
    public let name: String
    /// A title for a live preview.
    public let title: String
    /// The settings named as its inputs by hand (see ``DerivedValue/inputs``).
    public let inputs: [AnyPreferenceKey]
    private let render: @Sendable (PreferencesSnapshot) -> (text: String?, inputs: Set<String>)
    private let changesAt: @Sendable (PreferencesSnapshot) -> Date?

    /// Wraps a derived value whose output is text, or optional text.
    ///
    /// ```swift
    /// AnyDerivedValue(temperature)
    /// ```
    public init<Output: LivePreviewText>(_ derived: DerivedValue<Output>) {
        name = derived.name
        title = derived.title
        inputs = derived.inputs
        render = { prefs in
            let (value, inputs) = derived.valueAndInputs(in: prefs)
            return (value.previewText, inputs)
        }
        changesAt = derived.nextChange
    }

    /// Itself.
    ///
    /// ```swift
    /// AnyDerivedValue(wind).previewed.name  // "wind"
    /// ```
    public var previewed: AnyDerivedValue { self }

    /// The current text, or nil when the value is hidden now.
    ///
    /// ```swift
    /// derived.text(in: prefs)  // "21.5 °C"
    /// ```
    public func text(in preferences: Preferences) -> String? {
        let (text, inputs) = render(preferences.snapshot())
        preferences.observedReads(inputs)
        return text
    }

    /// The text on settings as they stood at one moment.
    ///
    /// ```swift
    /// derived.text(in: prefs.snapshot())  // "21.5 °C"
    /// ```
    package func text(in snapshot: PreferencesSnapshot) -> String? { render(snapshot).text }

    /// The current text and the names of the settings it depends on now (those it read).
    package func textAndInputs(in snapshot: PreferencesSnapshot) -> (text: String?, inputs: Set<String>) { render(snapshot) }

    /// The next moment the text changes with no setting changing (it reads the clock), or nil.
    ///
    /// ```swift
    /// nextRefresh.nextChange(in: prefs)  // the start of the next minute
    /// ```
    public func nextChange(in preferences: Preferences) -> Date? { changesAt(preferences.snapshot()) }

    /// The next change by itself, on settings as they stood at one moment.
    ///
    /// ```swift
    /// nextRefresh.nextChange(in: prefs.snapshot())
    /// ```
    package func nextChange(in snapshot: PreferencesSnapshot) -> Date? { changesAt(snapshot) }
}

extension Preferences {
    /// The current value of a derived value.
    ///
    /// ```swift
    /// prefs[wind]  // "5.0 m/s"
    /// ```
    public subscript<Output>(derived: DerivedValue<Output>) -> Output {
        // Computed on the settings as they stand, as every judgement is; Swift's Observation
        // then follows the settings it read, here, on the live instance.
        let (value, inputs) = derived.valueAndInputs(in: snapshot())
        observedReads(inputs)
        return value
    }

    /// Calls `handler` with the old and new output whenever a change of a setting it depends on
    /// changes it: the settings it read at its last evaluation, and any named as its inputs.
    ///
    /// ```swift
    /// let token = prefs.observe(temperature) { old, new in print(old, "→", new) }
    /// ```
    public func observe<Output>(_ derived: DerivedValue<Output>,
                                _ handler: @escaping @Sendable (_ old: Output, _ new: Output) -> Void) -> ObservationToken {
        let first = derived.valueAndInputs(in: snapshot())
        let last = Locked(first)
        return addObserver { [weak self] changes in
            guard let self else { return }
            let inputs = last.withLock { $0.inputs }
            guard changes.contains(where: { inputs.contains($0.key) }) else { return }
            let now = derived.valueAndInputs(in: self.snapshot())
            let old = last.withLock { last in
                defer { last = now }
                return last.value
            }
            if old != now.value { handler(old, now.value) }
        }
    }
}
