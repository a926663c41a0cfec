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
        XDGBaseDirectory.config.path(environment: environment)
    }

    /// The folder Foundation uses for suites, reading only the two variables it depends on.
    ///
    /// Why: `ProcessInfo.processInfo.environment` copies every variable into a dictionary,
    /// about 0.4 M instructions, a noticeable part of a one-shot `prefs-tui get`.
    static func defaultDirectoryOfThisProcess() -> String {
        XDGBaseDirectory.config.path { name in getenv(name).map { String(cString: $0) } }
    }

    /// The plist's file name for a suite.
    ///
    /// ```swift
    /// SuiteLocation.fileName(for: "com.example.weather")  // "com.example.weather.plist"
    /// ```
    public static func fileName(for suiteName: String) -> String { suiteName + ".plist" }

    /// The longest suite name, in UTF-8 bytes, that every file of the suite can be named after.
    /// Why not 255 (`NAME_MAX` on Linux file systems): the suite's files add to the name
    /// (`.plist.lock`, the temporary `.plist.tmp-<pid>-<random>`), the longest being the
    /// preserved copy of an unreadable file, `<suite>.plist.corrupt-<yyyyMMddTHHmmssZ>-<counter>`,
    /// so room is kept for that suffix with a five-digit counter.
    public static let maximumSuiteNameBytes = nameMax - max(".plist.corrupt-yyyyMMddTHHmmssZ-99999".utf8.count,
                                                             ".plist".utf8.count + TemporaryFileName.maximumSuffixBytes)

    /// `NAME_MAX`: the longest file name, in bytes, on Linux file systems.
    static let nameMax = 255

    /// Whether a suite name can be a file name; ``problem(withSuiteName:)`` says why not.
    ///
    /// ```swift
    /// SuiteLocation.isValidSuiteName("../etc")  // false
    /// ```
    package static func isValidSuiteName(_ name: String) -> Bool {
        problem(withSuiteName: name) == nil
    }

    /// Why a suite name cannot be used as a file name in the config folder, or nil when it can.
    /// Refused: an empty name, `.` and `..`, a `/` (it would leave the folder), control
    /// characters (they make file names that shells and file managers show garbled or split
    /// across lines), and names too long for the file system with the suite's suffixes.
    ///
    /// ```swift
    /// SuiteLocation.problem(withSuiteName: "a/b")  // "it contains \"/\"; a suite name is a file name"
    /// ```
    package static func problem(withSuiteName name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name == "." || name == ".." { return "\"\(name)\" is a folder, not a file name" }
        if name.contains("/") { return "it contains \"/\"; a suite name is a file name" }
        if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            return "it contains the control character U+\(hex(control.value)); control characters are not allowed"
        }
        return lengthProblem(withSuiteName: name)
    }

    /// Why a suite name is too long for the suite's files, or nil. A library store checks only
    /// this (its callers may choose other names deliberately); the commands check everything.
    static func lengthProblem(withSuiteName name: String) -> String? {
        let bytes = name.utf8.count
        guard bytes > maximumSuiteNameBytes else { return nil }
        return """
            it is too long for a file name: \(bytes) bytes (UTF-8), at most \(maximumSuiteNameBytes) allowed \
            (file names hold \(nameMax) bytes, and the suite's files add up to \(nameMax - maximumSuiteNameBytes) to it)
            """
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
