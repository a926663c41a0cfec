import PrefsTestSupport

/// The package's test helper (`prefs-test-helper`) and `prefs-tui`, as real processes in one
/// temporary config folder.
struct Programs {
    let configHome: String

    func helper(_ arguments: String...) -> ChildProcess {
        ChildProcess(product: "prefs-test-helper", arguments: arguments, configHome: configHome)
    }

    func prefsTUI(_ arguments: [String], environment: [String: String] = [:]) -> ChildProcess {
        ChildProcess(product: "prefs-tui", arguments: arguments, configHome: configHome, environment: environment)
    }

    /// `prefs-tui` with arguments as raw bytes (any but NUL), as a shell could pass them.
    func prefsTUI(rawArguments: [[UInt8]]) -> ChildProcess {
        ChildProcess(product: "prefs-tui", rawArguments: rawArguments, configHome: configHome)
    }

    @discardableResult
    func runPrefsTUI(_ arguments: String...) throws -> ChildProcess.Result {
        let child = prefsTUI(arguments)
        try child.start()
        return child.finish()
    }
}
