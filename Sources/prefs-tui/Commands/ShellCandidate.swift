import ArgumentParser
import PrefsFormats

/// A completion candidate as a shell's completion script must receive it, so that a name read
/// from a file or another program's suite (a key, a suite) is offered as text and never run.
///
/// Why bash needs quoting: the script swift-argument-parser generates passes our lines to
/// `compgen -W`, which expands each word (parameter expansion, command substitution). A suite
/// file named `a$(touch${IFS}X).plist` would run `touch` on Tab. A word in single quotes comes
/// out of that expansion as itself; the script's `complete -o filenames` then quotes it again as
/// readline inserts it, so the line the person gets holds the name, escaped.
/// zsh's `_describe` reads `value:description`, so a colon in a name is escaped for it; zsh's
/// `compadd` and fish quote the inserted word themselves and expand nothing.
/// A name holding a line break or another control character cannot be one line of the answer,
/// nor shown in a terminal: it is left out (type it quoted by hand).
enum ShellCandidate {
    static func word(_ name: String, for shell: CompletionShell?) -> String? {
        guard !name.isEmpty, !name.unicodeScalars.contains(where: isControl) else { return nil }
        switch shell {
        case .bash?:
            return "'" + name.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        case .zsh?:
            return name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
        default:
            return name
        }
    }

    /// C0, DEL and C1 controls, and the bidirectional overrides and isolates, which reorder what
    /// the terminal shows.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isControlCharacter || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
