import Foundation

/// A property wrapper over one key, for app code:
///
/// ```swift
/// struct ForecastView {
///     @Preference(.city, in: prefs) var city
///     func rename() { city = "Bergen" }   // checked and saved at once
/// }
/// ```
///
/// Without `in:`, the wrapper uses ``Preferences/standard``.
@propertyWrapper
public struct Preference<Value: PreferenceValue>: Sendable {
    /// The key this property reads and writes.
    public let key: PreferenceKey<Value>
    /// Where the value lives.
    public let preferences: Preferences

    /// Binds a property to a key.
    ///
    /// ```swift
    /// @Preference(.refreshInterval, in: prefs) var refreshInterval
    /// ```
    public init(_ key: PreferenceKey<Value>, in preferences: Preferences = .standard) {
        self.key = key
        self.preferences = preferences
    }

    /// The key's value; setting it writes through like the subscript.
    public var wrappedValue: Value {
        get { preferences[key] }
        nonmutating set { preferences[key] = newValue }
    }

    /// The wrapper itself, for `$city.key` and observation.
    public var projectedValue: Preference<Value> { self }

    /// Observes the key's changes.
    ///
    /// ```swift
    /// let token = $city.observe { change in print(change.newValue) }
    /// ```
    public func observe(_ handler: @escaping @Sendable (PreferenceChange<Value>) -> Void) -> ObservationToken {
        preferences.observe(key, handler)
    }
}

extension Preferences {
    /// The process's default settings: a suite named after the program (as
    /// `UserDefaults.standard` uses the program's identity), with an empty schema.
    ///
    /// ```swift
    /// Preferences.standard[.city]
    /// ```
    public static let standard = Preferences(
        suiteName: ProcessInfo.processInfo.processName,
        schema: PreferenceSchema(title: ProcessInfo.processInfo.processName,
                                 suiteName: ProcessInfo.processInfo.processName, keys: []))
}
