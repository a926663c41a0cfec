import ArgumentParser
import Foundation
import PrefsModel

/// What the shell completes, computed by `prefs-tui ---completion …` when the user presses Tab.
/// Each function gets the words on the command line, so keys come from the schema and suite
/// named there (`--schema`, `--suite`), as the command itself would open them.
enum Completions {
    /// Setting keys, for get, set, reset and watch.
    static let keys = CompletionKind.custom { words, _, prefix in
        matching(prefix, schema(for: words)?.keys.map(\.name) ?? [])
    }

    /// Section names, for reset --section. Not the section of keys no schema describes: its
    /// name has spaces, and `reset KEY` is the way to remove such keys.
    static let sections = CompletionKind.custom { words, _, prefix in
        let names = schema(for: words)?.sections.map(\.name).filter { $0 != PreferenceSchema.otherKeysSection } ?? []
        return matching(prefix, names)
    }

    /// Values after `set KEY`: the choices of a choice setting, true and false for a boolean.
    static let values = CompletionKind.custom { words, _, prefix in
        guard let name = firstArgument(after: "set", in: words), let key = schema(for: words)?.key(named: name) else { return [] }
        if let choices = key.rule.choices { return matching(prefix, choices.map(\.value)) }
        if key.type.unwrapped == .bool { return matching(prefix, ["true", "false"]) }
        return []
    }

    /// Suite names: the property lists in the config folder.
    /// The suites there are: suite files, installed schemas and the demo (``KnownSuites``).
    static let suites = CompletionKind.custom { _, _, prefix in
        matching(prefix, KnownSuites.names())
    }

    /// The first word after the command that is neither an option nor an option's value.
    private static func firstArgument(after command: String, in words: [String]) -> String? {
        guard var index = words.firstIndex(of: command).map({ $0 + 1 }) else { return nil }
        while index < words.count - 1 {
            let word = words[index]
            if ["--suite", "--schema"].contains(word) {
                index += 2
            } else if word.hasPrefix("-") {
                index += 1
            } else {
                return word
            }
        }
        return nil
    }

    /// The candidates that start with `prefix`, each as the requesting shell must receive it
    /// (``ShellCandidate``): names come from files and other programs' suites, so they are data.
    private static func matching(_ prefix: String, _ candidates: [String]) -> [String] {
        let shell = CompletionShell.requesting
        return candidates.filter { $0.hasPrefix(prefix) }.compactMap { ShellCandidate.word($0, for: shell) }
    }

    /// The schema the command on the line would use, or nil when it cannot be read: completion
    /// must never print errors into the user's shell.
    private static func schema(for words: [String]) -> PreferenceSchema? {
        var arguments: [String] = []
        for (index, word) in words.enumerated() where ["--suite", "--schema"].contains(word) && index + 1 < words.count {
            arguments += [word, words[index + 1]]
        }
        guard let options = try? SuiteOptions.parse(arguments) else { return nil }
        return try? options.schemaWithoutDiagnostics()
    }
}
