import Foundation
import PrefsModel
import PrefsTestSupport

/// Runs the built `prefs-tui` against a suite in its own temporary XDG_CONFIG_HOME.
struct CommandLineFixture {
    let directory = TemporaryDirectory()
    var suite = "com.example.weather"

    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> ChildProcess.Result {
        try run(arguments, environment: environment)
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess.Result {
        try ChildProcess.run(product: "prefs-tui", arguments: arguments, configHome: directory.path, environment: environment)
    }

    func start(_ arguments: String...) throws -> ChildProcess {
        let child = ChildProcess(product: "prefs-tui", arguments: arguments, configHome: directory.path)
        try child.start()
        return child
    }

    @discardableResult
    func helper(_ arguments: String...) throws -> ChildProcess.Result {
        try ChildProcess.run(product: "prefs-test-helper", arguments: arguments, configHome: directory.path)
    }

    var plistPath: String { directory.file("\(suite).plist") }

    /// What is stored in the suite file now, read as a fresh process would.
    var stored: [String: PlistValue] {
        SuiteStore(suiteName: suite, directory: directory.path, watchForChanges: false).storedValues()
    }

    var plistBytes: Data? { FileManager.default.contents(atPath: plistPath) }

    func write(_ text: String, to name: String) throws -> String {
        let path = directory.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

extension ChildProcess.Result {
    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLastIfEmpty() }
    var trimmedOutput: String { output.trimmingCharacters(in: .newlines) }
}

extension Array where Element == String {
    func dropLastIfEmpty() -> [String] { last == "" ? Array(dropLast()) : self }
}

extension CommandLineFixture {
    /// Runs the built `prefs-tui` from bash with `redirections` applied to it (`>/dev/full`,
    /// `>&-`), so a test sees what a user's shell would make of a full disk or a closed stream.
    /// `exec` makes the status prefs-tui's own.
    @discardableResult
    func runInShell(_ redirections: String, _ arguments: String...) throws -> ChildProcess.Result {
        try runInShell(redirections, arguments)
    }

    @discardableResult
    func runInShell(_ redirections: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess.Result {
        try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", #"exec "$0" "$@" "# + redirections, Self.binary] + arguments,
                             configHome: directory.path, environment: environment)
    }

    /// Runs `prefs-tui ARGUMENTS | head -c 1` in bash, `head` ending the pipe after one byte;
    /// with `ignoringSIGPIPE`, prefs-tui starts with SIGPIPE ignored (as under some
    /// supervisors), so it sees EPIPE instead of the signal. The result's status is prefs-tui's.
    func runIntoClosedPipe(ignoringSIGPIPE: Bool, _ arguments: String...) throws -> ChildProcess.Result {
        let script = (ignoringSIGPIPE ? "trap '' PIPE; " : "") + #""$0" "$@" | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}"#
        return try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", script, Self.binary] + arguments,
                                    configHome: directory.path)
    }

    static var binary: String { ChildProcess.path(ofProduct: "prefs-tui") }
}
