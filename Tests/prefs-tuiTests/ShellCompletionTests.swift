import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

@Suite("Shell completion, run in bash")
struct ShellCompletionTests {
    @Test func keysOfTheDemoAreCompletedForGetSetResetAndWatch() throws {
        let shell = try CompletionShell()
        for command in ["get", "set", "reset", "watch"] {
            #expect(try shell.complete("\(command) ci") == ["city"], "\(command)")
        }
        #expect(try shell.complete("get refresh") == ["refreshInterval"])
    }

    @Test func keysComeFromTheSchemaOrSuiteOnTheLine() throws {
        let shell = try CompletionShell()
        let schema = try shell.cli.write(#"{"suite": "org.example.editor", "sections": [{"name": "Text", "settings": [{"key": "tabWidth", "type": "int", "default": 4}, {"key": "theme", "type": "string", "default": "light", "rule": {"choices": ["light", "dark"]}}]}]}"#, to: "editor.json")
        try shell.cli.helper("foundation-write-every-type", "com.acme.backup")

        #expect(try shell.complete("get --schema \(schema) t") == ["tabWidth", "theme"])
        #expect(try shell.complete("set --schema \(schema) theme ") == ["light", "dark"])
        #expect(try shell.complete("get --suite com.acme.backup re") == ["retryCount"])
    }

    @Test func valuesOfChoiceAndBooleanSettingsAfterSetKey() throws {
        let shell = try CompletionShell()
        #expect(try shell.complete("set temperatureNotation ") == ["celsius", "fahrenheit", "kelvin"])
        #expect(try shell.complete("set temperatureNotation f") == ["fahrenheit"])
        #expect(try shell.complete("set showFeelsLike ") == ["true", "false"])
        #expect(try shell.complete("set city ") == [])
    }

    @Test func suiteNamesFromTheConfigFolderAndFilesForFileArguments() throws {
        let shell = try CompletionShell()
        try shell.cli.run("set", "city", "Bergen")
        try shell.cli.helper("foundation-set-int", "com.acme.backup", "count", "1")
        _ = try shell.cli.write("{}", to: "backup.json")
        _ = try shell.cli.write("", to: "notes.txt")
        let folder = shell.cli.directory.path

        #expect(try shell.complete("list --suite com.") == ["com.acme.backup", "com.example.weather"])
        #expect(try shell.complete("get --schema \(folder)/") == ["\(folder)/backup.json"])
        #expect(Set(try shell.complete("import \(folder)/")).isSuperset(of: ["\(folder)/backup.json", "\(folder)/notes.txt"]))
        #expect(Set(try shell.complete("export --output \(folder)/n")) == ["\(folder)/notes.txt"])
        #expect(try shell.complete("reset --section U") == ["Units", "Updates"])
    }

    @Test func commandNamesAreCompleted() throws {
        #expect(try CompletionShell().complete("re") == ["reset", "rename", "render"])
    }
}

/// The bash completion script that `prefs-tui --generate-completion-script bash` prints,
/// loaded into bash and called as bash calls it on Tab: with COMP_WORDS, COMP_CWORD, COMP_LINE
/// and COMP_POINT set for a command line whose cursor is at its end.
struct CompletionShell {
    let cli = CommandLineFixture()
    private let driver: String
    private let scriptPath: String

    init() throws {
        let script = try cli.run("--generate-completion-script", "bash")
        #expect(script.status == 0)
        let scriptPath = try cli.write(script.output, to: "prefs-tui.bash")
        self.scriptPath = scriptPath
        // In the fixture's folder, where a name that ran would leave its file; the function
        // called is the one `complete -p` says bash calls.
        driver = try cli.write("""
            cd '\(cli.directory.path)'
            source '\(scriptPath)'
            COMP_LINE="$1"
            COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMPREPLY=()
            function=$(complete -p prefs-tui | sed -E 's/.* -F ([^ ]+) .*/\\1/')
            "$function" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """, to: "complete.sh")
    }

    /// How the script registers the completion: `complete -p prefs-tui` after sourcing it.
    func registration() throws -> String {
        let bash = ChildProcess(executablePath: "/bin/bash", arguments: ["-c", "source \"$1\" && complete -p prefs-tui", "bash", scriptPath],
                                configHome: cli.directory.path)
        try bash.start()
        let result = bash.finish()
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    /// The candidates bash offers for `prefs-tui LINE`.
    func complete(_ line: String) throws -> [String] {
        let binary = ChildProcess.path(ofProduct: "prefs-tui")
        let bash = ChildProcess(executablePath: "/bin/bash", arguments: [driver, "\(binary) \(line)"], configHome: cli.directory.path)
        try bash.start()
        let result = bash.finish()
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }
}
