// The README's code blocks, line for line (imports aside), so that they compile in CI.
// `ReadmeExampleTests` checks that every README block still appears here; change both together.
import Foundation
import PrefsEditor
import PrefsModel
import Testing
@testable import settings_host

// MARK: README, "Declaring settings"

enum TemperatureNotation: String, PreferenceChoice {
    case celsius, fahrenheit, kelvin
    var title: String { rawValue.capitalized }
}

extension PreferenceKeys {
    static let temperatureNotation = PreferenceKey<TemperatureNotation>(
        "temperatureNotation", default: .celsius, title: "Temperature", section: "Units")
    static let refreshInterval = PreferenceKey<Int>(
        "refreshInterval", default: 15, rule: .range(5...240, step: 5),
        title: "Refresh every", help: "Minutes between forecast updates.", section: "Updates", unit: "min")
    static let city = PreferenceKey<String>(
        "city", default: "Oslo", rule: .text(nonEmpty: true, maxLength: 64), title: "City", section: "Location")
    static let lastRefresh = PreferenceKey<Date?>("lastRefresh", title: "Last refresh", section: "Display")
}

/// Compiled, not run: it writes the real suite of the user running the tests.
func readmeDeclaringSettings() throws -> ObservationToken {
let schema = PreferenceSchema(title: "Weather", suiteName: "com.example.weather",
                              keys: [.temperatureNotation, .refreshInterval, .city, .lastRefresh])
let prefs = Preferences(schema)   // the suite the schema names

prefs[.temperatureNotation] = .fahrenheit     // checked, then on disk when this returns
prefs[.refreshInterval] += 5
try prefs.set(500, for: .refreshInterval)     // throws: refreshInterval: "500" is not allowed; allowed: 5…240 in steps of 5
prefs[.lastRefresh] = nil                     // removes the stored value
print(prefs.isDefault(PreferenceKeys.city))   // true: nothing stored, the default is read
try prefs.reset(section: "Units")             // also reset(_:…), resetAll()

let token = prefs.observe(.temperatureNotation) { change in
    print(change.oldValue, "→", change.newValue)   // also for changes made by other processes
}
return token
}

// MARK: README, "Embedding the editor"

/// Compiled, not run: it needs a terminal.
func readmeEmbedding(_ prefs: Preferences) throws {
let summary = try PreferencesEditor(prefs, title: "Backup settings").run()
for change in summary.changes {   // in the order of their first change; undone ones are left out
    print(change.key, change.before?.summary ?? "(default)", "->", change.after?.summary ?? "(default)")
}
}

// MARK: README, "Embedding the editor", the harness (run: the example host's own settings)

@Test func readmeHarnessExampleRunsOnTheExampleHostsSettings() throws {
let prefs = Preferences(store: InMemoryStore(), schema: BackupSettings.schema)
let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 100, height: 30)
editor.press(.down, .down, .right)       // Copies kept 7 → 8; also .enter, .space, .control("u"), .character("q") …
#expect(editor.screen.contains("8 days"))   // the host's derived value, "History kept"
#expect(editor.summary.changes == [.init(key: "keepCopies", before: nil, after: .int(8))])
}

// MARK: README, "Renaming and retiring settings", ordered steps (run on a folder of its own)

@Test func readmeMigrationStepsExampleMovesSecondsToMinutes() throws {
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-steps-\(UUID().uuidString)").path
defer { try? FileManager.default.removeItem(atPath: directory) }
try SuiteStore(suiteName: "com.example.weather", directory: directory, watchForChanges: false).commit(["refreshSeconds": .int(1200)])
let schema = PreferenceSchema(title: "Weather", suiteName: "com.example.weather",
                              keys: [.refreshInterval, .city], migrationSteps: [
    MigrationStep(to: 2) { suite in   // version 1 stored seconds as "refreshSeconds"
        if case .int(let seconds)? = suite["refreshSeconds"] {
            try suite.set(seconds / 60, for: .refreshInterval)
            suite["refreshSeconds"] = nil
        }
    },
])
// The README's line opens the suite in the user's home; the test runs on its own folder.
let inTheUsersHome = { () -> Preferences in
let prefs = Preferences(schema)   // the suite the schema names
return prefs
}
_ = inTheUsersHome
let prefs = Preferences(suiteName: "com.example.weather", schema: schema, directory: directory, siteFolders: [])
try prefs.migrate()   // at start, so that reads see the steps' results
#expect(prefs[.refreshInterval] == 20)
#expect(prefs.store.storedValue(forKey: PreferenceSchema.versionKey) == .int(2))
}

// MARK: README, "Schema files", and SchemaFiles.md, installing a program's schema

/// Compiled, not run: it installs into the user's own folder.
func readmeInstallingTheSchema() throws {
try BackupSettings.schema.install()      // the user's; a package installs schema.jsonText in /usr/share/prefs-tui/schemas
}

/// Compiled, not run, as above.
func schemaFilesInstallingTheSchema() throws {
try BackupSettings.schema.install()                     // this user's: ~/.local/share/prefs-tui/schemas/com.example.backup.json
print(try BackupSettings.schema.jsonText)                 // the file's text, for a package's installer
}

// MARK: GettingStarted.md, "Paths and their rules"

extension PreferenceKeys {
    static let backupFolder = PreferenceKey<FileSystemPath>(
        "backupFolder", default: "~/Backups", rule: .folder, title: "Backup folder", section: "Backup")
    static let archive = PreferenceKey<FileSystemPath>(
        "archive", default: "/srv/archive", rule: .existingFolder, title: "Archive", section: "Backup")
    static let logFile = PreferenceKey<FileSystemPath>(
        "logFile", default: "/var/log/backup.log", rule: .absolutePath, title: "Log file", section: "Backup")
}

@Test func gettingStartedPathsExampleExpandsTheHomeAndKeepsTheTildeInTheSchema() throws {
let backups = PreferenceSchema(title: "Backup", suiteName: "com.example.backup",
                               keys: [.backupFolder, .archive, .logFile])
let backupPrefs = Preferences(store: InMemoryStore(), schema: backups)
print(backupPrefs[.backupFolder].string)          // /home/ada/Backups: ~ is this user's home
try backupPrefs.set(FileSystemPath("~/Mirror"), for: .backupFolder)
let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
#expect(backupPrefs[.backupFolder].string == home + "/Mirror")
#expect(try backups.jsonText.contains(#""default" : "~/Backups""#))
}
