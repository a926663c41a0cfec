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
    @Flag(help: "Edit the project's file (the schema's projectFile, found from the working folder upward) instead of yours; the title names it.")
    var project = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            // Through the editor's one front door, as any host opens it: the file's keys are
            // listed as other programs add and remove them (an inferred schema, or a declared
            // one with the file's other keys).
            let editorOptions = PreferencesEditor.Options(
                terminal: .standardStreams, otherKeys: true, showsCursor: cursor == .visible,
                mode: plain ? .plain : .automatic, capturesMouse: !noMouse,
                // A signal that ended the editor ends prefs-tui by its default action, as it
                // would a program that handles none (the Swift runtime's own SIGQUIT handler,
                // which the library would hand it to, does not end it); a change still waiting
                // for a lock is said first, or the signal would take the news with it.
                onSignal: { summary in
                    if let unsaved = summary.unsaved { Diagnostics.print(Self.text(of: unsaved)) }
                    if case .signal(let signal) = summary.ending { SignalExit.end(by: signal) }
                })
            // The plain mode only appends, so a wait for another process's lock can be said on
            // standard error; on the full screen a line there would garble it (the status line
            // names the holder instead).
            let opened = try options.open(watchForChanges: true, reportsLockWaits: editorOptions.asksPlainQuestions, mustExist: !project)
            let projectWrites = project ? try ProjectWrites(for: opened) : nil
            let prefs = projectWrites?.prefs ?? opened
            // The layer it writes, in the title: the project's file is not the person's own.
            let title = projectWrites.map { "\(opened.schema.title): \(SettingWords.projectFile($0.path))" }
            defer { try? projectWrites?.trustWhatWasWritten() }
            let summary: PreferencesEditor.Summary
            do throws(PreferencesEditorError) {
                summary = try PreferencesEditor(prefs, title: title, options: editorOptions).run()
            } catch .readerLeft {
                ReaderLeft.end()
            } catch {
                throw Self.failure(error)
            }
            prefs.reportStoreWarnings()
            if let unsaved = summary.unsaved { throw CommandFailure(Self.text(of: unsaved), status: ExitStatus.temporaryFailure) }
        }
    }

    private static func text(of unsaved: PreferencesEditor.UnsavedChange) -> String {
        "\(unsaved.keys.joined(separator: ", ")): \(unsaved.reason)"
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
        case .systemCallFailed, .outputFailed, .readerLeft:
            return CommandFailure("\(error)", status: ExitStatus.ioError)
        }
    }
}
