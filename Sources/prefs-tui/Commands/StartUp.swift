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
        guard arguments.count >= 2, arguments[0] == "get", !arguments[1].hasPrefix("-"),
              let words = PlainWords(arguments.dropFirst(2), flags: ["--json"], options: ["--suite", "--schema"])
        else { return nil }
        return PlainGet(key: arguments[1], json: words.flags.contains("--json"),
                        selection: SuiteSelection(suite: words.values["--suite"], schema: words.values["--schema"]))
    }

    /// A `render` given in a plain form: the frame's size, the keys, the suite and schema.
    struct PlainRender: Equatable {
        var width = RenderCommand.defaultWidth
        var height = RenderCommand.defaultHeight
        var keys = ""
        var selection = SuiteSelection()
    }

    /// `render` with any of `--width N`, `--height N`, `--keys WORDS`, `--suite NAME` and
    /// `--schema FILE`, in any order, read without ArgumentParser for the same reason as
    /// ``plainGet(_:)``: its parse was 41% of the instructions of a 100-setting frame (the Swift
    /// runtime looking up each option type's conformances in the static binary). It runs the
    /// same work as the parsed command (``RenderCommand/printFrame(of:width:height:keys:)``).
    /// A size that is no number within the command's range is nil, so ArgumentParser explains
    /// it; so is every shape ``plainGet(_:)`` leaves to it.
    static func plainRender(_ arguments: [String]) -> PlainRender? {
        guard arguments.first == "render",
              let words = PlainWords(arguments.dropFirst(), flags: [],
                                     options: ["--width", "--height", "--keys", "--suite", "--schema"])
        else { return nil }
        var render = PlainRender(keys: words.values["--keys"] ?? "",
                                 selection: SuiteSelection(suite: words.values["--suite"], schema: words.values["--schema"]))
        for (option, size) in [("--width", \PlainRender.width), ("--height", \PlainRender.height)] {
            guard let text = words.values[option] else { continue }
            guard let number = Int(text), RenderCommand.sizes.contains(number) else { return nil }
            render[keyPath: size] = number
        }
        return render
    }

    /// Words after a command's name that are only the flags and options given, each at most
    /// once, every option followed by a value that does not start with `-`; nil for anything
    /// else (help, `--`, `--name=value`, another word), which ArgumentParser then reads.
    struct PlainWords {
        var flags: Set<String> = []
        var values: [String: String] = [:]

        init?(_ words: ArraySlice<String>, flags allowedFlags: [String], options: [String]) {
            var index = words.startIndex
            while index < words.endIndex {
                let word = words[index]
                if allowedFlags.contains(word) {
                    guard flags.insert(word).inserted else { return nil }
                    index += 1
                    continue
                }
                guard options.contains(word), values[word] == nil, index + 1 < words.endIndex,
                      !words[index + 1].hasPrefix("-") else { return nil }
                values[word] = words[index + 1]
                index += 2
            }
        }
    }
}
