import ArgumentParser
import PrefsModel

struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", _superCommandName: PrefsTUI.name,
        abstract: "Print one setting's value, in the form `set` accepts.",
        discussion: """
            Enums print their raw value, numbers as numbers, booleans as true/false, dates in \
            ISO 8601 (UTC), URLs whole, lists and dictionaries as JSON; an unset optional prints \
            an empty line. So `prefs-tui set KEY "$(prefs-tui get KEY)"` changes nothing.
            """)

    @Argument(help: "The setting's key.", completion: Completions.keys) var key: String
    @Flag(help: "Print the value as JSON.") var json = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let prefs = try options.open()
            let key = try prefs.schema.requireKey(named: key)
            if let diagnostic = prefs.diagnostic(for: key) { Diagnostics.print("warning: \(diagnostic)") }
            Output.print(json ? prefs.json(of: key).text : prefs.text(of: key))
        }
    }
}
