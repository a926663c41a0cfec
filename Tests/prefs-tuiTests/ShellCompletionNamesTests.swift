import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Names read from files and other programs' suites are data in every shell's completion: Tab
/// offers them as text, and nothing in them runs (issue 50, item 1).
@Suite("Shell completion of hostile names")
struct ShellCompletionNamesTests {
    /// A suite file whose name runs a command if expanded (in the shell's folder, the
    /// fixture's: a file name holds no slash), and a suite whose keys would. The marker is the
    /// file the command would make.
    private static func hostileNames(in cli: CommandLineFixture) throws -> (suiteFile: String, marker: String) {
        let marker = cli.directory.file("PWNED")
        let suiteFile = "a$(touch${IFS}PWNED).plist"
        #expect(FileManager.default.createFile(atPath: cli.directory.file(suiteFile), contents: Data()))
        try cli.helper("foundation-set-int", "com.hostile.keys", "$(touch \(marker)2)", "1")
        try cli.helper("foundation-set-int", "com.hostile.keys", "it's", "2")
        try cli.helper("foundation-set-int", "com.hostile.keys", "a:b", "3")
        return (suiteFile, marker)
    }

    @Test func bashOffersNamesThatWouldExpandAsTextAndRunsNothing() throws {
        let shell = try CompletionShell()
        let (_, marker) = try Self.hostileNames(in: shell.cli)

        let suites = try shell.complete("get --suite a")
        let keys = try shell.complete("get --suite com.hostile.keys ")

        #expect(suites == ["a$(touch${IFS}PWNED)"])
        #expect(Set(keys) == ["$(touch \(marker)2)", "it's", "a:b"])
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(!FileManager.default.fileExists(atPath: marker + "2"))
    }

    @Test func bashCompletionAsRegisteredQuotesTheNameItInserts() throws {
        let shell = try CompletionShell()
        let (_, marker) = try Self.hostileNames(in: shell.cli)

        // As `complete -p` registered it: `-o filenames` makes readline quote what it inserts.
        let registered = try shell.registration()

        #expect(registered.contains("-o filenames"))
        #expect(try shell.complete("get --suite com.hostile.keys it") == ["it's"])
        #expect(!FileManager.default.fileExists(atPath: marker + "2"))
    }

    @Test(.enabled(if: OutsideTool.zsh.isPresent || OutsideTool.isRequired, "zsh is missing (apt-get install zsh); .ci/run installs it"))
    func zshShowsTheNamesAndInsertsThemQuoted() async throws {
        let cli = CommandLineFixture()
        let (_, marker) = try Self.hostileNames(in: cli)

        try await Self.expectNamesOfferedAsText(in: try ShellTerminal.zsh(in: cli), marker: marker)
    }

    @Test(.enabled(if: OutsideTool.fish.isPresent || OutsideTool.isRequired, "fish is missing (apt-get install fish); .ci/run installs it"))
    func fishShowsTheNamesAndInsertsThemQuoted() async throws {
        let cli = CommandLineFixture()
        let (_, marker) = try Self.hostileNames(in: cli)

        try await Self.expectNamesOfferedAsText(in: try ShellTerminal.fish(in: cli), marker: marker)
    }

    /// Tab after `--suite a` inserts the hostile suite's name escaped, Tab after the hostile
    /// suite lists its keys as they are (a colon too), and no name ran its command.
    private static func expectNamesOfferedAsText(in terminal: ShellTerminal, marker: String) async throws {
        try terminal.session.type("prefs-tui get --suite a")
        try terminal.session.press("Tab")
        #expect(await terminal.session.waitFor(#"--suite a\$\(touch\$\{IFS\}"#, within: .seconds(30)), "\(terminal.session.screen())")

        try terminal.session.press("C-u")
        try terminal.session.type("prefs-tui get --suite com.hostile.keys ")
        try terminal.session.press("Tab")

        #expect(await terminal.session.waitFor("it's", within: .seconds(30)), "\(terminal.session.screen())")
        #expect(terminal.session.screen().contains("a:b"))
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(!FileManager.default.fileExists(atPath: marker + "2"))
    }
}

/// An interactive zsh or fish in tmux with prefs-tui's completion installed as the README
/// installs it, the built binary first on its PATH, and the fixture's folder as the config home.
struct ShellTerminal {
    let session: TmuxSession

    static func zsh(in cli: CommandLineFixture) throws -> ShellTerminal {
        let folder = cli.directory.path
        let functions = cli.directory.file("zfunc")
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try script(for: "zsh", cli: cli).write(toFile: functions + "/_prefs-tui", atomically: true, encoding: .utf8)
        let dotFolder = cli.directory.file("zdot")
        try FileManager.default.createDirectory(atPath: dotFolder, withIntermediateDirectories: true)
        try """
            cd \(folder)
            path=(\(binaryFolder) $path)
            fpath=(\(functions) $fpath)
            autoload -Uz compinit && compinit -u -d \(folder)/zcompdump
            PS1='$ '
            """.write(toFile: dotFolder + "/.zshrc", atomically: true, encoding: .utf8)
        let session = try TmuxSession(width: 120, height: 20, directory: cli.directory, environment: ["ZDOTDIR": dotFolder],
                                      program: ["zsh", "-i"])
        return try ShellTerminal(session: session, ready: "$ ")
    }

    static func fish(in cli: CommandLineFixture) throws -> ShellTerminal {
        // fish reads its own configuration from $XDG_CONFIG_HOME/fish, the fixture's folder.
        let completions = cli.directory.file("fish/completions")
        try FileManager.default.createDirectory(atPath: completions, withIntermediateDirectories: true)
        try script(for: "fish", cli: cli).write(toFile: completions + "/prefs-tui.fish", atomically: true, encoding: .utf8)
        try """
            cd \(cli.directory.path)
            set -gx PATH \(binaryFolder) $PATH
            set -g fish_greeting
            function fish_prompt; echo -n '$ '; end
            """.write(toFile: cli.directory.file("fish/config.fish"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(width: 120, height: 20, directory: cli.directory, program: ["fish", "-i"])
        return try ShellTerminal(session: session, ready: "$ ")
    }

    /// Waits for the shell's first prompt (compinit, or fish's first start, can take seconds on
    /// a loaded machine, and prefs-tui under a sanitizer starts slowly too).
    /// (capture-pane drops a line's trailing spaces: the prompt `$ ` reads `$`.)
    private init(session: TmuxSession, ready: String) throws {
        self.session = session
        let prompt = ready.trimmingCharacters(in: .whitespaces)
        func prompted() -> Bool { session.screen().split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == prompt } }
        let deadline = ContinuousClock.now + .seconds(30)
        while !prompted(), ContinuousClock.now < deadline { usleep(20_000) }
        try #require(prompted(), "the shell showed no prompt: \(session.screen())")
    }

    private static var binaryFolder: String { (ChildProcess.path(ofProduct: "prefs-tui") as NSString).deletingLastPathComponent }

    private static func script(for shell: String, cli: CommandLineFixture) throws -> String {
        let script = try cli.run("--generate-completion-script", shell)
        #expect(script.status == 0)
        return script.output
    }
}
