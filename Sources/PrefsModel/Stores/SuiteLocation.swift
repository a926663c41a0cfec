import Foundation

/// Where Foundation's `UserDefaults(suiteName:)` keeps a suite on Linux, so that both read and
/// write the same file: `$XDG_CONFIG_HOME/<suite>.plist`, or `$HOME/.config/<suite>.plist` when
/// the variable is unset, empty or relative (the XDG rule Foundation follows).
///
/// ```swift
/// SuiteLocation.defaultDirectory()        // "/home/ada/.config"
/// SuiteLocation.fileName(for: "com.example.weather")  // "com.example.weather.plist"
/// ```
public enum SuiteLocation: Sendable {
    /// The folder Foundation uses for suites in this process's environment.
    ///
    /// ```swift
    /// SuiteLocation.defaultDirectory(environment: ["XDG_CONFIG_HOME": "/tmp/x"])  // "/tmp/x"
    /// ```
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let configured = environment["XDG_CONFIG_HOME"], configured.hasPrefix("/") {
            return configured
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".config")
    }

    /// The plist's file name for a suite.
    ///
    /// ```swift
    /// SuiteLocation.fileName(for: "com.example.weather")  // "com.example.weather.plist"
    /// ```
    public static func fileName(for suiteName: String) -> String { suiteName + ".plist" }

    /// Whether a suite name can be a file name: not empty, no `/`, not `.` or `..`.
    ///
    /// ```swift
    /// SuiteLocation.isValidSuiteName("../etc")  // false
    /// ```
    public static func isValidSuiteName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".." && !name.contains("\0")
    }
}
