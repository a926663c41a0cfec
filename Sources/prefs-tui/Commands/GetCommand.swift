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
        try Self.printValue(of: key, json: json, in: options.selection)
    }

    /// The work of `get`, apart from its parsing: `StartUp` calls it directly for the plain forms.
    static func printValue(of keyName: String, json: Bool, in selection: SuiteSelection) throws {
        try reportingFailures {
            let prefs = try selection.open()
            let key = try prefs.schema.requireKey(named: keyName)
            if let diagnostic = prefs.diagnostic(for: key) { Diagnostics.print("warning: \(diagnostic)") }
            Output.print(json ? prefs.json(of: key).text : prefs.text(of: key))
        }
    }
}
