import ArgumentParser
import Foundation
import PrefsEditor
import PrefsModel

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", _superCommandName: PrefsTUI.name,
        abstract: "Open the full-screen editor (the default command).")

    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                throw Self.failure(.noTerminal(stream: isatty(STDIN_FILENO) == 1 ? "output" : "input"))
            }
            let prefs = try options.open(watchForChanges: true, reportsLockWaits: false)
            do {
                try EditorSession.run(prefs, suiteName: options.suite ?? prefs.schema.suiteName)
            } catch let error as PreferencesEditorError {
                throw Self.failure(error)
            }
        }
    }

    /// The editor's error as the commands report it: with what to use instead where the
    /// terminal is the problem, and the exit status scripts expect.
    static func failure(_ error: PreferencesEditorError) -> CommandFailure {
        let commands = "use the commands instead: prefs-tui list, get, set, reset, export, import, schema, watch (see prefs-tui --help)"
        switch error {
        case .noTerminal, .unknownTerminal, .terminalTooLimited:
            return CommandFailure("\(error); \(commands)", status: ExitStatus.usage)
        case .alreadyOpen:
            return CommandFailure("\(error)", status: ExitStatus.software)
        case .systemCallFailed:
            return CommandFailure("\(error)", status: ExitStatus.ioError)
        }
    }
}
