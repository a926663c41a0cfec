import ArgumentParser
import PrefsModel

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", _superCommandName: PrefsTUI.name,
        abstract: "Check a value against the setting's rule and save it.",
        discussion: """
            Lists take several values (`set favoriteCities Oslo Bergen`) or one JSON array. \
            Optional settings accept --unset. Nothing is written when the value is invalid. \
            `--` ends the options: `set note -- --draft` stores "--draft".
            """)

    @Argument(help: "The setting's key.", completion: Completions.keys) var key: String
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "The value (several for a list). After --, words starting with - are values too.", valueName: "values"),
        completion: Completions.values)
    var arguments: [String] = []
    @Flag(help: "Remove the value of an optional setting.") var unset = false
    @OptionGroup var options: SuiteOptions

    /// The values, without the `--` that ends the options: with `.allUnrecognized`, ArgumentParser
    /// passes it on as a value, and `set note -- --draft` means the value `--draft`.
    private var values: [String] {
        arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
    }

    func validate() throws {
        if unset && !values.isEmpty { throw ValidationError("give a value or --unset, not both") }
        if !unset && values.isEmpty { throw ValidationError("missing value for \(key); give a value, or --unset for an optional setting") }
    }

    func run() throws {
        try reportingFailures {
            let prefs = try options.open()
            let key = try prefs.schema.requireKey(named: key)
            if unset {
                guard key.type.isOptional else {
                    throw CommandFailure("\(key.name) is not optional and cannot be unset; use `prefs-tui reset \(key.name)` for its default", status: ExitStatus.usage)
                }
                try prefs.write([key.name: nil])
            } else {
                if !key.type.isList && values.count > 1 {
                    throw CommandFailure("\(key.name) takes one value, got \(values.count): \(values.joined(separator: " "))", status: ExitStatus.usage)
                }
                try prefs.set(text: values, for: key)
            }
            prefs.reportStoreWarnings()
        }
    }
}
