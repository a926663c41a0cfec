import Configuration

/// How swift-configuration's keys name a suite's settings: a key's components joined with dots.
///
/// `ConfigKey("refreshInterval")` reads the setting `refreshInterval`; `ConfigKey("http.timeout")`
/// (components `http`, `timeout`) reads the setting `http.timeout`, the name such a setting has
/// in the suite's file. A key's context is not part of the name. Names are matched exactly, case
/// included: a suite's keys are case-sensitive, as `UserDefaults`' are.
enum ConfigKeyNames {
    /// The setting's name for a key.
    static func settingName(for key: AbsoluteConfigKey) -> String {
        key.components.joined(separator: ".")
    }
}
