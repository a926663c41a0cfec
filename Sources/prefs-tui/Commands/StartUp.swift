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
        if let get = plainGet(arguments) { return get }
        guard let name = arguments.first,
              let command = PrefsTUI.configuration.subcommands.first(where: { $0.configuration.commandName == name }),
              // Words after `--` are values (`set city -- -h`), never requests for help.
              !arguments.prefix(while: { $0 != "--" }).contains(where: { needsRoot.contains($0) || $0.hasPrefix("--generate-completion-script=") })
        else { return nil }
        return try command.parseAsRoot(Array(arguments.dropFirst()))
    }

    /// `get KEY`, with `--json`, `--suite NAME` and `--schema FILE` in any order after it: the
    /// form scripts run in loops, built without ArgumentParser's parse, which inspects the
    /// command's properties at run time and costs a third of such a `get`'s instructions. The
    /// command is the same `GetCommand` (same `run`, same messages); any other shape (help, a
    /// word starting with `-` where a name belongs, `--`, `--suite=NAME`, a missing or repeated
    /// option) returns nil and goes through ArgumentParser, which also gives the usage errors.
    static func plainGet(_ arguments: [String]) -> GetCommand? {
        guard arguments.count >= 2, arguments[0] == "get", !arguments[1].hasPrefix("-") else { return nil }
        var json: Bool?
        var suite: String?, schema: String?
        var index = 2
        while index < arguments.count {
            let word = arguments[index]
            if word == "--json", json == nil {
                json = true
                index += 1
                continue
            }
            guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else { return nil }
            switch word {
            case "--suite" where suite == nil: suite = arguments[index + 1]
            case "--schema" where schema == nil: schema = arguments[index + 1]
            default: return nil
            }
            index += 2
        }
        // Every property is set: a property wrapper that was never parsed or assigned traps
        // when it is read.
        var options = SuiteOptions()
        options.suite = suite
        options.schema = schema
        var command = GetCommand()
        command.key = arguments[1]
        command.json = json ?? false
        command.options = options
        return command
    }
}
