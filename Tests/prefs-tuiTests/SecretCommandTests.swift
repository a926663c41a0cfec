import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Secret settings in the commands (issue 40): a secret's value is shown only where a script
/// asks for it by name (`get KEY`, `export --include-secrets`). Each surface runs with a
/// distinct marker stored, and the marker is searched for in what it printed.
@Suite("Secret settings in the commands")
struct SecretCommandTests {
    static let marker = "MARKER-7f3a9c"
    private let schema = #"""
        {"title": "Service", "suite": "com.example.service", "sections": [{"name": "Service", "settings": [
          {"key": "token", "type": "string", "title": "API token", "default": "", "secret": true, "rule": {"maxLength": 24}},
          {"key": "city", "type": "string", "title": "City", "default": "Oslo"}]}]}
        """#

    /// A fixture with the schema installed and the marker stored as the secret.
    private func fixture() throws -> CommandLineFixture {
        var cli = CommandLineFixture()
        cli.suite = "com.example.service"
        try #require(try cli.run("schema", "install", try cli.write(schema, to: "service.json")).status == 0)
        try #require(try cli.run("set", "--suite", cli.suite, "token", Self.marker).status == 0)
        return cli
    }

    private func expectNoMarker(_ result: ChildProcess.Result, _ surface: String) {
        #expect(!result.output.contains(Self.marker), "\(surface) printed the secret: \(result.output)")
        #expect(!result.error.contains(Self.marker), "\(surface) printed the secret on stderr: \(result.error)")
    }

    @Test func listGetExplainAndExportShowWhetherItIsSetNeverTheValue() throws {
        let cli = try fixture()
        let surfaces: [(String, [String])] = [
            ("list", ["list"]), ("list --json", ["list", "--json"]), ("get --explain", ["get", "token", "--explain"]),
            ("get --explain --json", ["get", "token", "--explain", "--json"]), ("export", ["export"]),
            ("export --effective", ["export", "--effective"]), ("export --format plist", ["export", "--format", "plist"]),
        ]
        for (surface, arguments) in surfaces {
            let result = try cli.run(arguments + ["--suite", cli.suite])
            #expect(result.status == 0, "\(surface): \(result.error)")
            expectNoMarker(result, surface)
        }

        let list = try cli.run("list", "--suite", cli.suite)
        let json = try JSONValue(parsing: try cli.run("list", "--json", "--suite", cli.suite).output)
        let explained = try cli.run("get", "token", "--explain", "--suite", cli.suite)

        #expect(list.lines.contains { $0.hasPrefix("token") && $0.contains("(secret, set)") }, "\(list.output)")
        guard case .array(let entries) = json, case .object(let token)? = entries.first(where: { $0.field("key") == .string("token") }) else {
            Issue.record("no token in \(json)")
            return
        }
        #expect(token["secret"] == .bool(true))
        #expect(token["value"] == nil)
        #expect(explained.lines.first == "token = (secret, set)  (your file)", "\(explained.output)")
    }

    @Test func getByNamePrintsTheValue() throws {
        let cli = try fixture()

        #expect(try cli.run("get", "token", "--suite", cli.suite).output == Self.marker + "\n")
    }

    @Test func aRefusedSecretIsNeverQuoted() throws {
        let cli = try fixture()
        let tooLong = Self.marker + String(repeating: "x", count: 30)

        let set = try cli.run("set", "--suite", cli.suite, "token", tooLong)
        let imported = try cli.run("import", "--suite", cli.suite, try cli.write(#"{"token": "\#(tooLong)"}"#, to: "bad.json"))

        #expect(set.status == 65)
        #expect(set.error == "prefs-tui: token: the value is not allowed; allowed: text of at most 24 characters\n", "\(set.error)")
        #expect(imported.status == 65)
        expectNoMarker(set, "set")
        expectNoMarker(imported, "import")
    }

    @Test func watchSaysASecretChangedWithoutItsValues() async throws {
        let cli = try fixture()
        let watch = try cli.start("watch", "--suite", cli.suite)
        defer { watch.stop() }
        #expect(await eventually { watch.errorSoFar.contains("watching") })

        try cli.run("set", "--suite", cli.suite, "token", Self.marker + "2")

        #expect(await eventually { watch.outputSoFar.contains("token: (secret, set) → (secret, set)") }, "\(watch.outputSoFar)")
        #expect(!watch.outputSoFar.contains(Self.marker))
    }

    /// A secret left under its old name (the renamed setting refuses it: too long) is as
    /// secret as under its new one: `export` left it out only under the new name, and `watch`
    /// printed its values.
    @Test func aSecretStoredUnderItsOldNameIsNeverExportedOrWatchedInClear() async throws {
        var cli = CommandLineFixture()
        cli.suite = "com.example.renamed"
        let schema = #"""
            {"title": "Renamed", "suite": "com.example.renamed", "sections": [{"name": "S", "settings": [
              {"key": "token", "type": "string", "default": "", "title": "Token", "secret": true, "renamedFrom": ["apiToken"],
               "rule": {"maxLength": 4}}]}]}
            """#
        try #require(try cli.run("set", "--suite", cli.suite, "--type", "string", "apiToken", Self.marker).status == 0)
        try #require(try cli.run("schema", "install", try cli.write(schema, to: "renamed.json")).status == 0)
        let watch = try cli.start("watch", "--suite", cli.suite)
        defer { watch.stop() }
        #expect(await eventually { watch.errorSoFar.contains("watching") })

        let export = try cli.run("export", "--suite", cli.suite)
        // Another program that still writes the old name.
        try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false)
            .commit(["apiToken": .string(Self.marker + "2")])

        #expect(export.status == 0, "\(export.error)")
        expectNoMarker(export, "export")
        #expect(export.error.contains("secret settings left out: apiToken"), "\(export.error)")
        #expect(await eventually { watch.outputSoFar.contains("apiToken: (secret, set) → (secret, set)") }, "\(watch.outputSoFar)")
        #expect(!watch.outputSoFar.contains(Self.marker))
        #expect(try cli.run("export", "--include-secrets", "--suite", cli.suite).output.contains(Self.marker + "2"))
    }

    @Test func anExportWithSecretsIsAPrivateFileAndAnExportWithoutKeepsThemOnImport() throws {
        let cli = try fixture()
        let withSecrets = cli.directory.file("with-secrets.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: withSecrets))
        chmod(withSecrets, 0o644)
        let without = cli.directory.file("without.json")

        let exported = try cli.run("export", "--include-secrets", "--output", withSecrets, "--suite", cli.suite)
        let plain = try cli.run("export", "--output", without, "--suite", cli.suite)
        try #require(try cli.run("set", "--suite", cli.suite, "city", "Bergen").status == 0)
        let imported = try cli.run("import", without, "--suite", cli.suite)

        var info = stat()
        #expect(exported.status == 0, "\(exported.error)")
        #expect(stat(withSecrets, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(try String(contentsOfFile: withSecrets, encoding: .utf8).contains(Self.marker))
        #expect(plain.error.contains("secret settings left out: token"), "\(plain.error)")
        #expect(!(try String(contentsOfFile: without, encoding: .utf8)).contains(Self.marker))
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try cli.run("get", "token", "--suite", cli.suite).output == Self.marker + "\n")
    }

    @Test func theHelpStatesTheRule() throws {
        let help = try CommandLineFixture().run("help")
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")

        #expect(text.contains("A secret setting's value is shown only where it is asked for by name: `get KEY` prints it"), "\(help.output)")
    }
}
