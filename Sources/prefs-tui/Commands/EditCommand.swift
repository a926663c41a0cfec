import ArgumentParser
import Foundation
import PrefsModel

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", _superCommandName: PrefsTUI.name,
        abstract: "Open the full-screen editor (the default command).")

    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                throw CommandFailure("""
                    the editor needs a terminal, and standard \(isatty(STDIN_FILENO) == 1 ? "output" : "input") is not one; \
                    use the commands instead: prefs-tui list, get, set, reset, export, import, schema, watch (see prefs-tui --help)
                    """, status: ExitStatus.usage)
            }
            let prefs = try options.open(watchForChanges: true, reportsLockWaits: false)
            try EditorSession.run(prefs, suiteName: options.suite ?? prefs.schema.suiteName)
        }
    }
}
