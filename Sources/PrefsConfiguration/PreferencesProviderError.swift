import Configuration

/// Why ``PreferencesProvider`` could not give a setting's value as the type asked for. The
/// reader reports it instead of a wrong value.
///
/// ```swift
/// do { _ = try provider.value(forKey: ["city"], type: .int) } catch let error as PreferencesProviderError { print(error) }
/// ```
public enum PreferencesProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The setting holds another type than the one asked for (`city` is text, asked as a number).
    case typeMismatch(key: String, settingType: String, requested: ConfigType, allowed: ConfigType)
    /// The setting's type has no swift-configuration counterpart (a dictionary, a custom type).
    case unsupportedType(key: String, settingType: String)

    /// The error in words, naming the setting and what it can be read as.
    ///
    /// ```swift
    /// "\(error)"  // "city is a setting of type string, read through swift-configuration as string, not int"
    /// ```
    public var description: String {
        switch self {
        case .typeMismatch(let key, let settingType, let requested, let allowed):
            "\(key) is a setting of type \(settingType), read through swift-configuration as \(allowed.rawValue), "
                + "not \(requested.rawValue)"
        case .unsupportedType(let key, let settingType):
            "\(key) is a setting of type \(settingType), which swift-configuration cannot hold "
                + "(it holds bool, int, double, string, bytes and arrays of them)"
        }
    }
}
