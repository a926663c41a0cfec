import ArgumentParser
import Foundation
import PrefsModel

/// `--suite` and `--schema`, accepted after every command's name.
struct SuiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The defaults suite to use: $XDG_CONFIG_HOME/<suite>.plist.",
        discussion: "Default: the schema's suite (com.example.weather for the built-in demo).",
        valueName: "name"))
    var suite: String?

    @Option(name: .long, help: ArgumentHelp(
        "A schema file (JSON, as `prefs-tui schema` prints) describing the settings.",
        discussion: "Default: the built-in weather demo.", valueName: "file"))
    var schema: String?

    /// The schema: the file given with `--schema`, or the demo.
    func loadSchema() throws -> PreferenceSchema {
        guard let path = schema else { return WeatherSettings.schema }
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure("cannot read schema \(path): no such file", status: ExitStatus.noInput)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read schema \(path): permission denied or not a file", status: ExitStatus.noInput)
        }
        do {
            return try PreferenceSchema(jsonText: String(decoding: data, as: UTF8.self))
        } catch let error as PreferenceError {
            throw CommandFailure("schema \(path): \(error)", status: ExitStatus.dataError)
        }
    }

    /// Opens the suite with the schema. A suite file that cannot be read is reported on standard
    /// error; reads then show defaults, and the file is left alone until a write preserves it.
    func open(watchForChanges: Bool = false) throws -> Preferences {
        let schema = try loadSchema()
        let suiteName = suite ?? schema.suiteName
        if let problem = SuiteLocation.problem(withSuiteName: suiteName) {
            // debugDescription quotes the name and escapes control characters, so the message
            // stays on one line and shows what was actually given.
            throw CommandFailure("invalid suite name \(suiteName.debugDescription): \(problem)", status: ExitStatus.usage)
        }
        // Under a file-size limit (`ulimit -f`), writing past it sends SIGXFSZ, which by default
        // kills the program half-way through a write. Ignored, the write fails with EFBIG
        // instead, and the store reports it naming the path, with the old suite untouched.
        signal(SIGXFSZ, SIG_IGN)
        let store = SuiteStore(suiteName: suiteName, watchForChanges: watchForChanges)
        if let problem = store.loadProblem { Diagnostics.print("warning: \(problem)") }
        return Preferences(store: store, schema: schema)
    }
}

extension Preferences {
    /// Prints warnings a write left (such as where an unreadable file was preserved).
    func reportStoreWarnings() {
        for warning in store.takeWarnings() { Diagnostics.print("warning: \(warning)") }
    }
}
