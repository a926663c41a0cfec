import ArgumentParser
import Foundation
import PrefsModel

@main
struct PrefsTUI: ParsableCommand {
    static let name = "prefs-tui"

    static let configuration = CommandConfiguration(
        commandName: name,
        abstract: "Edit typed settings stored in a Foundation defaults suite.",
        discussion: """
            Without a command, opens the full-screen editor on the built-in weather demo \
            (suite com.example.weather). Every command takes --suite NAME (another program's \
            suite: $XDG_CONFIG_HOME/NAME.plist) and --schema FILE (a schema file describing its \
            settings; an installed schema is found by the suite's name, see `prefs-tui schema \
            install`). A suite without a schema is shown as its file holds it: the schema is \
            inferred from the stored values (see `prefs-tui schema --suite NAME`). A secret \
            setting's value is shown only where it is asked for by name: `get KEY` prints it and \
            `export --include-secrets` writes it; `list`, `get --explain`, `watch`, `export` and \
            the editor say only whether it is set. Exit codes: \
            0 success, 64 usage, 65 bad data, 66 missing input file or a suite that is nowhere, 74 I/O failure (also output \
            that cannot be written), 75 suite locked by another process for too long (try again \
            later), 77 a setting the site has locked ($XDG_CONFIG_DIRS/NAME.locks); a reader that stops reading (`| head -1`) ends the program quietly, as \
            SIGPIPE ends any filter (status 141).
            """,
        version: "0.1.0",
        subcommands: [
            EditCommand.self, ListCommand.self, GetCommand.self, SetCommand.self, ResetCommand.self,
            RenameCommand.self, MigrateCommand.self, ExportCommand.self, ImportCommand.self, SchemaCommand.self, SuitesCommand.self, WatchCommand.self,
            RenderCommand.self, TrustCommand.self, UntrustCommand.self,
        ],
        defaultSubcommand: EditCommand.self)

    /// ArgumentParser's own `main` prints usage errors as three lines starting `Error:`; the
    /// README promises one line starting `prefs-tui:`, with exit status 64.
    static func main() {
        StandardStreams.reserveClosedDescriptors()
        do {
            let arguments = try SetArguments.normalized(LeadingOptions.moved(ArgumentText.checkedArguments()))
            try UsageErrors.checkCommandName(arguments)
            if let get = StartUp.plainGet(arguments) {
                try GetCommand.printValue(of: get.key, json: get.json, in: get.selection)
            } else if let render = StartUp.plainRender(arguments) {
                try RenderCommand.printFrame(of: render.selection, width: render.width, height: render.height, keys: render.keys)
            } else {
                var command = try StartUp.fastCommand(arguments) ?? parseAsRoot(arguments)
                try command.run()
            }
        } catch let failure as CommandFailure {
            Diagnostics.print(failure.message)
            Foundation.exit(failure.status)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // Help, the version, completion scripts and completions: printed here, not by
                // ArgumentParser's `print`, so a failed write is reported like any output's.
                let text = fullMessage(for: error)
                if !text.isEmpty { Output.print(text) }
                Foundation.exit(0)
            }
            guard code == .validationFailure else { exit(withError: error) }
            // Options before the command that were not moved (the editor's, or a typo): the
            // line in the order that works.
            let order = (try? ArgumentText.checkedArguments()).flatMap(LeadingOptions.suggestion(for:))
            Diagnostics.print(UsageErrors.oneLine(message(for: error)) + (order.map { "; options go after the command: \($0)" } ?? ""))
            Foundation.exit(code.rawValue)
        }
    }
}
