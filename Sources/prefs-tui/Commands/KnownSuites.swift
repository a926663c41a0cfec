import Foundation
import PrefsDemo
import PrefsModel

/// The suites this user's tools can find: the suite files in `$XDG_CONFIG_HOME`, the installed
/// schemas, and the built-in demo. What `suites` lists, `--suite` completes, and a misspelled
/// name is compared with.
enum KnownSuites {
    /// One suite found.
    struct Suite: Equatable {
        var name: String
        /// The installed schema's file, if there is one.
        var schemaPath: String?
        /// The user's suite file, if there is one.
        var filePath: String?
    }

    /// Every suite found, sorted by name.
    static func all() -> [Suite] {
        var found: [String: Suite] = [:]
        let folder = SuiteLocation.defaultDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".plist") {
            let suite = String(name.dropLast(".plist".count))
            guard SuiteLocation.isValidSuiteName(suite) else { continue }
            found[suite, default: Suite(name: suite)].filePath = (folder as NSString).appendingPathComponent(name)
        }
        for entry in InstalledSchemas.all() {
            found[entry.suiteName, default: Suite(name: entry.suiteName)].schemaPath = entry.path
        }
        if found[WeatherSettings.suiteName] == nil { found[WeatherSettings.suiteName] = Suite(name: WeatherSettings.suiteName) }
        return found.values.sorted { $0.name < $1.name }
    }

    static func names() -> [String] { all().map(\.name) }
}
