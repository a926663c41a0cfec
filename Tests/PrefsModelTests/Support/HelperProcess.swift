import PrefsTestSupport

/// `prefs-test-helper`, the second process of the multi-process tests.
enum HelperProcess {
    static func make(_ arguments: [String], configHome: String) -> ChildProcess {
        ChildProcess(product: "prefs-test-helper", arguments: arguments, configHome: configHome)
    }

    static func run(_ arguments: [String], configHome: String) throws -> ChildProcess.Result {
        try ChildProcess.run(product: "prefs-test-helper", arguments: arguments, configHome: configHome)
    }
}
