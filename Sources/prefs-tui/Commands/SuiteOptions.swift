import ArgumentParser
import Foundation
import PrefsModel

/// `--suite` and `--schema`, accepted after every command's name.
struct SuiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The defaults suite to use: $XDG_CONFIG_HOME/<suite>.plist.",
        discussion: "Default: the schema's suite (com.example.weather for the built-in demo).",
        valueName: "name"), completion: Completions.suites)
    var suite: String?

    @Option(name: .long, help: ArgumentHelp(
        "A schema file (JSON, as `prefs-tui schema` prints) describing the settings.",
        discussion: "Default: the built-in weather demo.", valueName: "file"), completion: .file(extensions: ["json"]))
    var schema: String?

    /// The suite and schema the options name, for the work itself (which needs no parser).
    var selection: SuiteSelection { SuiteSelection(suite: suite, schema: schema) }

    func declaredSchema() throws -> PreferenceSchema? { try selection.declaredSchema() }

    func open(watchForChanges: Bool = false, reportsLockWaits: Bool = true, readsOnce: Bool = false,
              mustExist: Bool = false) throws -> Preferences {
        try selection.open(watchForChanges: watchForChanges, reportsLockWaits: reportsLockWaits, readsOnce: readsOnce,
                           mustExist: mustExist)
    }

    func schemaWithoutDiagnostics() throws -> PreferenceSchema { try selection.schemaWithoutDiagnostics() }
}

extension Preferences {
    /// Prints warnings a write left (such as where an unreadable file was preserved).
    func reportStoreWarnings() {
        for warning in store.takeWarnings() { Diagnostics.print("warning: \(warning)") }
    }
}
