import ArgumentParser
import Foundation
import PrefsEditor
import PrefsModel

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", _superCommandName: PrefsTUI.name,
        abstract: "Open the full-screen editor (the default command).")

    /// Whether the terminal's cursor shows on the selected setting.
    enum CursorVisibility: String, ExpressibleByArgument, CaseIterable {
        case visible, hidden
    }

    @Option(help: "Show the terminal cursor on the selected setting (visible), or only place it there for screen readers (hidden).")
    var cursor: CursorVisibility = .hidden
    @Flag(help: "Plain prompts instead of the full screen: a numbered list and questions that only append, for screen readers and TERM=dumb (also ACCESSIBLE=1).")
    var plain = false
    @Flag(help: "Leave the mouse to the terminal (its own text selection); M switches it in the editor.")
    var noMouse = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            if plain || PlainSession.isRequestedByEnvironment {
                // Watched: another program's change is said before the next question.
                let prefs = try options.open(watchForChanges: true)
                do throws(PreferencesEditorError) {
                    _ = try PlainSession.run(prefs, suiteName: options.suite ?? prefs.schema.suiteName)
                } catch { throw Self.failure(error) }
                prefs.reportStoreWarnings()
                return
            }
            let device: TerminalDevice
            do throws(PreferencesEditorError) { device = try TerminalDevice.standardStreams() } catch { throw Self.failure(error) }
            let prefs = try options.open(watchForChanges: true, reportsLockWaits: false)
            let outcome: EditorLoop.Outcome
            do throws(PreferencesEditorError) {
                // The editor lists the file's keys (an inferred schema, or a declared one with
                // the file's other keys), so it follows the keys other programs add and remove.
                outcome = try EditorLoop.run(prefs, suiteName: options.suite ?? prefs.schema.suiteName, device: device,
                                                monochrome: !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty,
                                                showsCursor: cursor == .visible, capturesMouse: !noMouse,
                                                keyListing: .followingStore())
            } catch .unknownTerminal(let term) {
                // No dead end: the plain mode needs no terminfo, and says why it is shown.
                do throws(PreferencesEditorError) {
                    _ = try PlainSession.run(prefs, suiteName: options.suite ?? prefs.schema.suiteName,
                                             note: PlainSession.unknownTerminalNote(term: term))
                } catch { throw Self.failure(error) }
                prefs.reportStoreWarnings()
                return
            } catch {
                throw Self.failure(error)
            }
            // A change still waiting for a lock when the editor closed is said first, whatever
            // ended it: a signal ending prefs-tui below must not take the news with it.
            let unsaved = outcome.unsaved.map { "\($0.keys.joined(separator: ", ")): \($0.reason)" }
            // The terminal is back as it was; a signal that stopped the editor now ends prefs-tui.
            if case .signal(let signal) = outcome.ending {
                if let unsaved { Diagnostics.print(unsaved) }
                SignalExit.end(by: signal)
            }
            if let unsaved { throw CommandFailure(unsaved, status: ExitStatus.temporaryFailure) }
        }
    }

    /// The editor's error as the commands report it: with what to use instead where the
    /// terminal is the problem, and the exit status scripts expect.
    static func failure(_ error: PreferencesEditorError) -> CommandFailure {
        let commands = "use the commands instead: prefs-tui list, get, set, reset, export, import, schema, watch (see prefs-tui --help)"
        switch error {
        case .noTerminal, .noControllingTerminal, .unknownTerminal, .terminalTooLimited:
            return CommandFailure("\(error); \(commands)", status: ExitStatus.usage)
        case .noSuchSetting:
            return CommandFailure("\(error)", status: ExitStatus.usage)
        case .alreadyOpen:
            return CommandFailure("\(error)", status: ExitStatus.software)
        case .systemCallFailed, .outputFailed:
            return CommandFailure("\(error)", status: ExitStatus.ioError)
        }
    }
}
