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

    /// A `get` given in a plain form: its key, `--json`, and the suite and schema named.
    struct PlainGet: Equatable {
        var key: String
        var json: Bool
        var selection: SuiteSelection
    }

    /// `get KEY`, with `--json`, `--suite NAME` and `--schema FILE` in any order after it: the
    /// form scripts run in loops, read without ArgumentParser, whose parse inspects the command's
    /// properties at run time and cost a third of such a `get`'s instructions. It runs the same
    /// work as the parsed command (``GetCommand/printValue(of:json:in:)``); any other shape
    /// (help, a word starting with `-` where a name belongs, `--`, `--suite=NAME`, a missing or
    /// repeated option) is nil and goes through ArgumentParser, which also gives usage errors.
    static func plainGet(_ arguments: [String]) -> PlainGet? {
        guard arguments.count >= 2, arguments[0] == "get", !arguments[1].hasPrefix("-") else { return nil }
        var get = PlainGet(key: arguments[1], json: false, selection: SuiteSelection())
        var index = 2
        while index < arguments.count {
            let word = arguments[index]
            if word == "--json", !get.json {
                get.json = true
                index += 1
                continue
            }
            guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else { return nil }
            switch word {
            case "--suite" where get.selection.suite == nil: get.selection.suite = arguments[index + 1]
            case "--schema" where get.selection.schema == nil: get.selection.schema = arguments[index + 1]
            default: return nil
            }
            index += 2
        }
        return get
    }
}
