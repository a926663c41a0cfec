import ArgumentParser
import Foundation
import PrefsModel

/// One-line usage errors: an unknown command with the nearest names, and ArgumentParser's
/// messages in the program's own style.
enum UsageErrors {
    /// The first argument, when it is not an option, must name a command: the default command
    /// (the editor) takes no words, so `prefs-tui lst` is a typo, not the editor. So must the
    /// word after `help`: ArgumentParser answers `help lst` with the top-level help and status
    /// 0, which hides the typo.
    static func checkCommandName(_ arguments: [String]) throws {
        guard var first = arguments.first, !first.hasPrefix("-") else { return }
        if first == "help", arguments.count > 1, !arguments[1].hasPrefix("-") { first = arguments[1] }
        var names: [String] = []
        for command in PrefsTUI.configuration.subcommands {
            if let name = command.configuration.commandName { names.append(name) }
        }
        names.append("help")
        guard !names.contains(first) else { return }
        let ranked = EditDistance.ranked(first, among: names)
        let nearest = ranked.filter { $0.distance == ranked.first?.distance }.map(\.name)
        let hint = nearest.isEmpty
            ? "; commands: \(names.filter { $0 != "help" }.joined(separator: ", "))"
            : "; did you mean \(nearest.prefix(3).joined(separator: ", "))?"
        throw CommandFailure("unknown command \(first.quotedForMessage)\(hint)", status: ExitStatus.usage)
    }

    /// ArgumentParser's message (`Unknown option '--foo'. Did you mean '--json'?`) as one line
    /// in the style of the program's other errors (`unknown option "--foo"; did you mean --json?`:
    /// input in double quotes, suggestions bare, as for unknown keys and commands).
    static func oneLine(_ message: String) -> String {
        var line = message.replacingOccurrences(of: #"\. Did you mean '([^']*)'\?"#, with: "; did you mean $1?", options: .regularExpression)
        line = line.replacingOccurrences(of: ". Please provide", with: "; allowed:")
        // Quoted input is escaped before the message is cut to its first line: ArgumentParser
        // quotes a value as given, and a line break in it (`--format $'x\ny'`) cut the value off.
        line = quotedInputEscaped(line)
        line = line.split(separator: "\n").first.map(String.init) ?? line
        if let first = line.first, first.isUppercase, !line.dropFirst().prefix(1).allSatisfy(\.isUppercase) {
            line = first.lowercased() + line.dropFirst()
        }
        if line.hasSuffix(".") { line.removeLast() }
        return line
    }

    /// Every `'text'` as `"text"` with its control characters escaped.
    private static func quotedInputEscaped(_ message: String) -> String {
        var result = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "'"), let close = rest[rest.index(after: open)...].firstIndex(of: "'") {
            result += rest[..<open]
            result += String(rest[rest.index(after: open)..<close]).quotedForMessage
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
