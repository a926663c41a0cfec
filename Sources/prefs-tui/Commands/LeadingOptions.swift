/// `--suite` and `--schema` given before the command, as people type them after `git -C DIR
/// log` or `gsettings --schemadir DIR get`: `prefs-tui --suite S --schema F list` is read as
/// `prefs-tui list --suite S --schema F`. Any other option before the command is the editor's
/// (`prefs-tui --plain`), so the line is left as it is, and a usage error shows the order
/// that works (``suggestion(for:)``).
enum LeadingOptions {
    /// The options every command takes, and so may come first.
    private static let shared: Set<String> = ["--suite", "--schema"]

    /// The arguments with leading `--suite`/`--schema` options moved after the command that
    /// follows them; unchanged when no command follows them.
    static func moved(_ arguments: [String]) -> [String] {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if shared.contains(word), index + 1 < arguments.count {
                index += 2
            } else if let name = word.split(separator: "=", maxSplits: 1).first, word.contains("="), shared.contains(String(name)) {
                index += 1
            } else {
                break
            }
        }
        guard index > 0, index < arguments.count, commandNames.contains(arguments[index]) else { return arguments }
        return [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
    }

    /// The command line in the order that works, when a command name comes after options:
    /// `prefs-tui list --suite S --json` for `prefs-tui --suite S --json list`. Nil otherwise.
    static func suggestion(for arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(where: commandNames.contains), index > 0,
              arguments[..<index].first?.hasPrefix("-") == true, !arguments[..<index].contains("--") else { return nil }
        let reordered = [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
        return ([PrefsTUI.name] + reordered.map(\.shellQuotedIfNeeded)).joined(separator: " ")
    }

    private static var commandNames: Set<String> {
        Set(PrefsTUI.configuration.subcommands.compactMap { $0.configuration.commandName })
    }
}
