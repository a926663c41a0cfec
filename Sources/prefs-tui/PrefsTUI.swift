import ArgumentParser
import PrefsModel

@main
struct PrefsTUI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefs-tui",
        abstract: "Edit typed settings stored in a Foundation defaults suite.",
        discussion: """
            Without a command, opens the full-screen editor on the built-in weather demo \
            (suite com.example.weather). --suite and --schema open any program's settings.
            """,
        version: "0.1.0",
        subcommands: [
            EditCommand.self, ListCommand.self, GetCommand.self, SetCommand.self, ResetCommand.self,
            ExportCommand.self, ImportCommand.self, SchemaCommand.self, WatchCommand.self, RenderCommand.self,
        ],
        defaultSubcommand: EditCommand.self)
}
