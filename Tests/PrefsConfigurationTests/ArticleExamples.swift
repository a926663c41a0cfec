// The PrefsConfiguration article's code blocks, line for line (imports aside), so that they
// compile; `ReadmeExampleTests` checks that every block still appears here.
import Configuration
import PrefsConfiguration
import PrefsModel

/// What the article's service updates.
final class Exporter: @unchecked Sendable {
    var quality = 85
}

/// Compiled, not run: it reads the user's real suite.
func articleReadingThroughConfigReader() -> (Int, String) {
let quality = PreferenceKey<Int>("quality", default: 85, rule: .range(1...100), title: "Quality")
let format = PreferenceKey<String>("format", default: "jpeg", rule: .choices([("jpeg", "JPEG"), ("png", "PNG")]))
let schema = PreferenceSchema(title: "Photo exporter", suiteName: "com.example.exporter", keys: [quality, format])
let prefs = Preferences(schema)
let config = ConfigReader(providers: [EnvironmentVariablesProvider(), PreferencesProvider(prefs)])
let chosenQuality = config.int(forKey: "quality", default: 85)     // QUALITY=70 in the environment wins
let chosenFormat = config.string(forKey: "format", default: "jpeg")
return (chosenQuality, chosenFormat)
}

/// Compiled, not run: it watches until cancelled.
func articleFollowingChanges(_ config: ConfigReader, exporter: Exporter) async throws {
try await config.watchInt(forKey: "quality", default: 85) { updates in
    for await quality in updates {
        exporter.quality = quality
    }
}
}
