/// Which words of `prefs-tui set …` are options and which are values, decided before
/// ArgumentParser sees them.
///
/// The rule: before the key, words are parsed as for any command (`set --help`, `set --suite
/// other city Oslo`). After the key, only `set`'s own options (`--unset`, `--suite NAME`,
/// `--schema FILE`, also as `--suite=NAME`) are options, and only before the first value or
/// after the last one; every other word is a value, also one that starts with `-`: `set city -h`
/// stores "-h", `set decimalPlaces -1` stores -1, and `set favoriteCities Oslo --suite other
/// Bergen` stores four items in the current suite, while `set favoriteCities Oslo Bergen --suite
/// other` stores two in suite `other`. `--` ends the options: every word after it is a value
/// (`set note -- --unset` stores "--unset").
///
/// Options after the values are kept because scripts write them there (`set KEY VALUE --suite
/// NAME`); taking them as values would store them, in the wrong suite, without a word.
///
/// ArgumentParser alone looks for `-h`, `--help` and `--version` anywhere on the line, so
/// `set city -h` printed help and saved nothing, and it took `--suite` in the middle of a list as
/// the option. The words are rewritten into a form it cannot misread: the options, then `--`,
/// the key and the values.
enum SetArguments {
    /// Options of `set` that take a value.
    private static let optionsWithValue = ["--suite", "--schema", "--type"]
    /// Options of `set` that are recognised after the key.
    private static let flags = ["--unset", "--project"]

    /// Words before the key that ArgumentParser knows as options of `set`: its own, help and
    /// version, and the hidden ones of the completion scripts.
    private static let optionsBeforeKey = optionsWithValue + flags + ["-h", "--help", "--version"]
    private static let hiddenOptionPrefixes = ["--generate-", "--experimental-"]

    /// `set`, its options, then `--`, the key and the values; other commands' arguments unchanged.
    /// An option `set` does not have before the key is a usage error that says where a key
    /// starting with `-` goes: ArgumentParser took `set --suite sp -n 3` for option `-n` and
    /// key `3`, and said "missing value for 3".
    static func normalized(_ arguments: [String]) throws -> [String] {
        guard arguments.first == "set" else { return arguments }
        var options: [String] = []
        var index = 1
        // Before the key: options of any kind; ArgumentParser handles them (help, typos).
        var key: String?
        var optionsEnded = false
        while index < arguments.count, key == nil {
            let word = arguments[index]
            index += 1
            if word == "--" {
                optionsEnded = true
                guard index < arguments.count else { return arguments }
                key = arguments[index]
                index += 1
            } else if optionsWithValue.contains(word) {
                options.append(word)
                if index < arguments.count { options.append(arguments[index]); index += 1 }
            } else if word.hasPrefix("-") {
                let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
                guard optionsBeforeKey.contains(name) || hiddenOptionPrefixes.contains(where: word.hasPrefix) else {
                    let asKey = (["set", "--"] + arguments[(index - 1)...]).joined(separator: " ")
                    throw CommandFailure("unknown option \(word.quotedForMessage); a key starting with - goes after --: \(asKey)",
                                         status: ExitStatus.usage)
                }
                options.append(word)
            } else {
                key = word
            }
        }
        guard let key else { return arguments }
        // After the key: only set's own options, until the first value or `--`.
        while index < arguments.count, !optionsEnded {
            let word = arguments[index]
            if word == "--" {
                index += 1
                optionsEnded = true
                break
            }
            if isOption(word) {
                options.append(word)
                index += 1
            } else if optionsWithValue.contains(word), index + 1 < arguments.count {
                options += [word, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        var values = Array(arguments[index...])
        // After the values: set's own options, read from the end, unless `--` came first.
        if !optionsEnded {
            // `set favoriteCities Oslo --suite` with the name forgotten: storing "--suite" as an
            // item, in the current suite, would hide the mistake.
            if let last = values.last, optionsWithValue.contains(last) {
                throw CommandFailure("\(last) needs a value after it; to store \(last.quotedForMessage) as a value, put -- before the values: set \(key) -- …",
                                     status: ExitStatus.usage)
            }
            while let last = values.last, values.count > 1 {
                if isOption(last) {
                    options.append(values.removeLast())
                } else if values.count > 2, optionsWithValue.contains(values[values.count - 2]) {
                    options += values.suffix(2)
                    values.removeLast(2)
                } else {
                    break
                }
            }
        }
        // `set KEY -`: the value comes from standard input (a secret kept off the command
        // line). Only a bare `-`: after `--` it is the text "-" as any other value.
        if !optionsEnded, values == ["-"] { return ["set"] + options + [SetCommand.standardInputFlag, "--", key] }
        return ["set"] + options + ["--", key] + values
    }

    /// `--unset`, `--suite=NAME` or `--schema=FILE`: one of set's options as one word.
    private static func isOption(_ word: String) -> Bool {
        flags.contains(word) || optionsWithValue.contains(where: { word.hasPrefix($0 + "=") })
    }
}
