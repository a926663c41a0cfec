import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// A host's condition declared as data, installed with `install()`, as `prefs-tui --suite`
/// shows it (issue 51): not in use in `list --json`, the editor and the plain mode; and the
/// options given before the command.
@Suite("A host's installed conditions in prefs-tui")
struct InstalledConditionTests {
    static let useProxy = PreferenceKey<Bool>("useProxy", default: false, title: "Use a proxy", section: "Network")
    static let proxyHost = PreferenceKey<String>("proxyHost", default: "", title: "Proxy host", section: "Network",
                                                 inUseWhen: .when(useProxy))
    static let schema = PreferenceSchema(title: "Backup", suiteName: "org.example.backup", keys: [useProxy, proxyHost])

    /// The fixture with the host's schema installed as the host installs it.
    private func installed() throws -> (CommandLineFixture, [String: String]) {
        let cli = CommandLineFixture()
        let environment = ["XDG_DATA_HOME": cli.directory.file("data")]
        _ = try Self.schema.install(environment: environment)
        return (cli, environment)
    }

    @Test func listJSONSaysTheProxyHostIsNotInUseAndEveryRowSaysInUse() throws {
        let (cli, environment) = try installed()

        let result = try cli.run(["list", "--json", "--suite", "org.example.backup"], environment: environment)

        #expect(result.status == 0, "\(result.error)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        let host = try #require(rows.first { $0["key"] as? String == "proxyHost" })
        #expect(host["inUse"] as? Bool == false)
        #expect(host["inUseReason"] as? String == "used only when Use a proxy is on")
        let proxy = try #require(rows.first { $0["key"] as? String == "useProxy" })
        #expect(proxy["inUse"] as? Bool == true)
        #expect(proxy["inUseReason"] == nil)
    }

    @Test func theEditorAndThePlainModeShowItNotInUse() throws {
        let (cli, environment) = try installed()

        let render = try cli.run(["render", "--suite", "org.example.backup", "--keys", "down"], environment: environment)
        let plain = try cli.runInShell("< <(printf 'l\\nq\\n')", ["--plain", "--suite", "org.example.backup"], environment: environment)

        #expect(render.status == 0, "\(render.error)")
        #expect(render.output.contains("not in use: used only when Use a proxy is on"), "\(render.output)")
        #expect(plain.output.contains("Proxy host: \"\" (not in use: used only when Use a proxy is on)"), "\(plain.output)")
    }

    @Test func theJSONSchemaOfTheInstalledSchemaHasTheIf() throws {
        let (cli, environment) = try installed()

        let result = try cli.run(["schema", "--format", "json-schema", "--suite", "org.example.backup"], environment: environment)

        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains(#""if""#) && result.output.contains("useProxy"), "\(result.output)")
    }

    @Test(arguments: [["list"], ["get", "proxyHost"], ["export"], ["list", "--json"]])
    func optionsBeforeTheCommandWorkAsAfterIt(arguments: [String]) throws {
        let (cli, environment) = try installed()
        let tail = Array(arguments.dropFirst())

        let before = try cli.run(["--suite", "org.example.backup", arguments[0]] + tail, environment: environment)
        let after = try cli.run([arguments[0]] + tail + ["--suite", "org.example.backup"], environment: environment)

        #expect(before.status == 0, "\(before.error)")
        #expect(before.output == after.output)
        #expect(before.error == after.error)
    }

    @Test func anOptionBeforeTheCommandThatCannotMoveShowsTheOrderThatWorks() throws {
        let cli = CommandLineFixture()

        let result = try cli.run("--suite", "com.example.weather", "--json", "list")

        #expect(result.status == 64)
        #expect(result.error.contains("options go after the command: prefs-tui list --suite com.example.weather --json"), "\(result.error)")
    }
}
