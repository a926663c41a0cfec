import ArgumentParser
import PrefsModel

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", _superCommandName: PrefsTUI.name,
        abstract: "Check a value against the setting's rule and save it.",
        discussion: """
            Lists take several values (`set favoriteCities Oslo Bergen`) or one JSON array. \
            Optional settings accept --unset. Nothing is written when the value is invalid. \
            After the key, only --unset, --suite and --schema are options, and only before the \
            first value or after the last; every other word is a value, also one starting with - \
            (`set city -h` stores "-h"), and so is an option between values (`set favoriteCities \
            Oslo --suite x Bergen` stores four items). `--` ends the options: every word after it \
            is a value (`set note -- --unset` stores "--unset").
            """)

    @Argument(help: "The setting's key.", completion: Completions.keys) var key: String
    @Argument(help: ArgumentHelp(
        "The value (several for a list). Words starting with - are values too.", valueName: "values"),
        completion: Completions.values)
    var values: [String] = []
    @Flag(help: "Remove the value of an optional setting.") var unset = false
    @OptionGroup var options: SuiteOptions

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
                    throw CommandFailure("\(key.name) takes one value, got \(values.count): \(values.map(\.quotedForMessage).joined(separator: ", "))",
                                         status: ExitStatus.usage)
                }
                // As the editor commits: the default itself is not stored, so `list` shows the
                // setting unmodified and `set KEY "$(get KEY)"` changes nothing.
                try prefs.writeEdits([key.name: key.storedValue(parsing: values)])
            }
            prefs.reportStoreWarnings()
        }
    }
}
