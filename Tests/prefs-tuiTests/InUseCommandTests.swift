import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Settings not in use in the commands (issue 42): `set` stores and says so, `list` and
/// `get --explain` say which are not in use and why, and a list whose settings are all in use
/// prints as it always did.
@Suite("Settings not in use, in the commands")
struct InUseCommandTests {
    private let schema = #"""
        {"title": "Net", "suite": "com.example.net", "sections": [{"name": "Network", "settings": [
          {"key": "useProxy", "type": "bool", "title": "Use a proxy", "default": false},
          {"key": "proxyHost", "type": "string", "title": "Proxy host", "default": "", "inUseWhen": {"useProxy": true}}]}]}
        """#

    private func fixture() throws -> CommandLineFixture {
        var cli = CommandLineFixture()
        cli.suite = "com.example.net"
        try #require(try cli.run("schema", "install", try cli.write(schema, to: "net.json")).status == 0)
        return cli
    }

    @Test func setStoresASettingNotInUseAndSaysWhy() throws {
        let cli = try fixture()

        let set = try cli.run("set", "--suite", cli.suite, "proxyHost", "proxy.example")

        #expect(set.status == 0, "\(set.error)")
        #expect(set.error.contains("note: proxyHost is not in use: used only when Use a proxy is on\n"), "\(set.error)")
        #expect(try cli.run("get", "--suite", cli.suite, "proxyHost").output == "proxy.example\n")
        let inUse = try cli.run("set", "--suite", cli.suite, "useProxy", "on")
        #expect(!inUse.error.contains("not in use"), "\(inUse.error)")
    }

    @Test func listSaysWhichAreNotInUseInTheTableAndInJSON() throws {
        let cli = try fixture()

        let table = try cli.run("list", "--suite", cli.suite)
        let json = try JSONValue(parsing: try cli.run("list", "--json", "--suite", cli.suite).output)

        #expect(table.lines.first?.contains("IN USE") == true, "\(table.output)")
        #expect(table.lines.contains { $0.hasPrefix("proxyHost") && $0.contains("no: used only when Use a proxy is on") }, "\(table.output)")
        guard case .array(let entries) = json else {
            Issue.record("not a list: \(json.text)")
            return
        }
        let inUse = entries.compactMap { entry -> (String, JSONValue?)? in
            guard case .object(let fields) = entry, case .string(let key)? = fields["key"] else { return nil }
            return (key, fields["inUse"])
        }
        #expect(inUse.map(\.0) == ["useProxy", "proxyHost"])
        #expect(inUse.map(\.1) == [.bool(true), .bool(false)])
    }

    @Test func getExplainSaysWhy() throws {
        let cli = try fixture()

        let explained = try cli.run("get", "--suite", cli.suite, "proxyHost", "--explain")

        #expect(explained.lines.dropFirst().first == "  not in use: used only when Use a proxy is on", "\(explained.output)")
    }

    /// The demo has one condition (feels-like is not shown in Kelvin). While every setting is
    /// in use, its table prints as it did before it had one; in Kelvin the column comes. The
    /// JSON has `inUse` on every row either way (issue 51), `inUseReason` only where it is false.
    @Test func aListWhoseSettingsAreAllInUsePrintsAsItDid() throws {
        let cli = CommandLineFixture()

        let table = try cli.run("list")
        let json = try cli.run("list", "--json")
        try #require(try cli.run("set", "temperatureNotation", "kelvin").status == 0)
        let kelvin = try cli.run("list")
        let kelvinJSON = try cli.run("list", "--json")

        #expect(table.lines.first?.split(separator: " ").joined(separator: " ") == "KEY SECTION TYPE VALUE SOURCE DEFAULT MODIFIED DIAGNOSTIC",
                "\(table.output)")
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]] ?? []
        #expect(!rows.isEmpty && rows.allSatisfy { $0["inUse"] as? Bool == true && $0["inUseReason"] == nil }, "\(json.output)")
        #expect(kelvin.lines.first?.contains("MODIFIED  IN USE") == true, "\(kelvin.output)")
        #expect(kelvin.lines.contains { $0.hasPrefix("showFeelsLike") && $0.hasSuffix("no: used only when Temperature is Celsius or Fahrenheit") },
                "\(kelvin.output)")
        #expect(kelvinJSON.output.components(separatedBy: "\"inUse\" : ").count == 12)     // every entry, once
        #expect(kelvinJSON.output.components(separatedBy: "\"inUseReason\" : ").count == 2, "\(kelvinJSON.output)")
    }
}
