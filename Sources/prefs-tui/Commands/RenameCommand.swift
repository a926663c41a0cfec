import ArgumentParser
import PrefsModel

struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", _superCommandName: PrefsTUI.name,
        abstract: "Move a stored value to another key, in one write.",
        discussion: """
            The value stored under OLD is written under NEW and OLD removed, together or not at \
            all, decided on the file as it is at that moment (under the suite's lock): a rename \
            never overwrites a value already stored under NEW, and fails when nothing is stored \
            under OLD (exit 65). When the schema declares NEW, the value must be one NEW takes.
            """)

    @Argument(help: "The key whose value moves.", completion: Completions.keys) var old: String
    @Argument(help: "The key it moves to.") var new: String
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let prefs = try options.open()
            try prefs.rename(old, to: new)
            prefs.reportStoreWarnings()
        }
    }
}
