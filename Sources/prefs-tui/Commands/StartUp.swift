import ArgumentParser

/// A quicker start for script commands (`prefs-tui get city` in a loop).
///
/// Parsing through the root command makes ArgumentParser first try two extra parsers, to see
/// whether `--generate-completion-script` was asked for: each failing attempt builds and throws
/// away errors, a fifth of `get`'s instructions. When the words after the command name cannot
/// be such a request, or ask for help, the named command is parsed on its own. ArgumentParser
/// skips that check for a root command with a super-command name, which each subcommand
/// declares (`_superCommandName: PrefsTUI.name`, also why its messages still say `prefs-tui get`).
enum StartUp {
    /// Words that need the whole command tree: completion, help, version, help dumps.
    /// An array, not a set: six comparisons cost less than hashing them into a set at start-up.
    private static let needsRoot: [String] = [
        "-h", "--help", "--version", "--generate-completion-script", "---completion", "--experimental-dump-help",
    ]

    static func fastCommand(_ arguments: [String]) throws -> ParsableCommand? {
        guard let name = arguments.first,
              let command = PrefsTUI.configuration.subcommands.first(where: { $0.configuration.commandName == name }),
              // Words after `--` are values (`set city -- -h`), never requests for help.
              !arguments.prefix(while: { $0 != "--" }).contains(where: { needsRoot.contains($0) || $0.hasPrefix("--generate-completion-script=") })
        else { return nil }
        return try command.parseAsRoot(Array(arguments.dropFirst()))
    }
}
