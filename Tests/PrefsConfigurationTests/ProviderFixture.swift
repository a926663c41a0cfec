import Configuration
import Foundation
import PrefsConfiguration
import PrefsModel
import PrefsTestSupport

/// A suite on disk with a schema in code and the same schema as a file (for `prefs-tui
/// --schema`), and a provider over it.
struct ProviderFixture {
    enum Units: String, PreferenceChoice {
        case metric, imperial
        var title: String { rawValue.capitalized }
    }

    static let city = PreferenceKey<String>("city", default: "Oslo", title: "City")
    static let interval = PreferenceKey<Int>("refreshInterval", default: 15, rule: .range(5...240, step: 5))
    static let units = PreferenceKey<Units>("units", default: .metric)
    static let token = PreferenceKey<String>("apiToken", default: "", isSecret: true)
    static let timeout = PreferenceKey<Double>("http.timeout", default: 2.5)
    static let lastRun = PreferenceKey<Date?>("lastRun")
    static let tags = PreferenceKey<[String: Int]>("tags", default: [:])
    static let schema = PreferenceSchema(title: "Provider test", suiteName: "com.example.provider",
                                         keys: [city, interval, units, token, timeout, lastRun, tags])

    let folder: TemporaryDirectory
    let prefs: Preferences
    let provider: PreferencesProvider
    let diagnostics = Collected<PreferenceDiagnostic>()
    let problems = Collected<String>()

    init(folder: TemporaryDirectory = TemporaryDirectory(), siteFolders: [String] = []) {
        self.folder = folder
        prefs = Preferences(suiteName: Self.schema.suiteName, schema: Self.schema, directory: folder.path, siteFolders: siteFolders)
        let (diagnostics, problems) = (self.diagnostics, self.problems)
        provider = PreferencesProvider(prefs, onDiagnostic: { diagnostics.append($0) }, onProblem: { problems.append($0) })
    }

    /// `prefs-tui ARGUMENTS --suite … --schema …` in another process, on the same folder.
    @discardableResult
    func prefsTUI(_ arguments: String...) throws -> ChildProcess.Result {
        let schemaFile = folder.file("schema.json")
        if !FileManager.default.fileExists(atPath: schemaFile) {
            try Data(Self.schema.jsonValue.prettyText.utf8).write(to: URL(fileURLWithPath: schemaFile))
        }
        return try ChildProcess.run(executablePath: ChildProcess.productsDirectory + "/prefs-tui",
                                    arguments: arguments + ["--suite", Self.schema.suiteName, "--schema", schemaFile],
                                    configHome: folder.path)
    }
}

/// Items collected from any thread.
final class Collected<Element: Sendable>: Sendable {
    private let items = Locked<[Element]>([])
    func append(_ item: Element) { items.withLock { $0.append(item) } }
    var all: [Element] { items.withLock { $0 } }
}
