import ArgumentParser
import Foundation
import PrefsDemo
import PrefsEditor
import PrefsModel

/// `suites`: every suite this user's tools can find (suite files and installed schemas).
struct SuitesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suites", _superCommandName: PrefsTUI.name,
        abstract: "List the suites there are: suite files in $XDG_CONFIG_HOME and installed schemas.",
        discussion: """
            For each: the suite's name, its title, what describes it (an installed schema, the \
            built-in demo, or nothing: its schema is then inferred from its file) and how many \
            values its file stores.
            """)

    func run() throws {
        try reportingFailures {
            var table = TextTable(header: ["SUITE", "TITLE", "SCHEMA", "STORED"])
            for suite in KnownSuites.all() {
                let schema = suite.schemaPath.flatMap(SuiteSelection.installedSchemaOrWarning(at:))
                let isDemo = suite.name == WeatherSettings.suiteName && suite.schemaPath == nil
                let title = schema?.title ?? (isDemo ? WeatherSettings.schema.title : "")
                let describedBy = suite.schemaPath != nil ? (schema == nil ? "installed (cannot be read)" : "installed")
                    : isDemo ? "built-in" : "none"
                let stored = suite.filePath == nil ? 0
                    : SuiteStore(suiteName: suite.name, watchForChanges: false, options: Self.readOnce).storedValues().count
                table.addRow([suite.name, title, describedBy, String(stored)])
            }
            table.print()
        }
    }

    private static var readOnce: SuiteStore.Options {
        var options = SuiteStore.Options()
        options.keepsFileBytes = false
        return options
    }
}
