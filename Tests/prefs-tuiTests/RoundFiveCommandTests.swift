import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Round 5 of hostile input (issue 38), as the commands meet it: what a JSON Schema export
/// validates must import, and an export never loses a value to its own reference.
@Suite("Round 5 of hostile input: commands")
struct RoundFiveCommandTests {
    private let counter = #"""
        {"title": "Counter", "suite": "com.example.counter", "sections": [{"name": "Counter", "settings": [
          {"key": "count", "type": "int", "default": 0, "rule": {"min": 0, "max": 1000}}]}]}
        """#

    @Test(arguments: ["1.0", "1e2", "2.5E1"])
    func aWholeNumberWrittenWithAFractionOrExponentImports(number: String) throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(counter, to: "counter.json")
        let backup = try cli.write(#"{"count": \#(number)}"#, to: "backup.json")

        let result = try cli.run("import", backup, "--schema", schema)

        #expect(result.status == 0, "\(result.error)")
        let expected = Int(Double(number)!)
        #expect(SuiteStore(suiteName: "com.example.counter", directory: cli.directory.path, watchForChanges: false)
            .storedValue(forKey: "count") == .int(expected))
    }

    @Test func aFractionIsStillRefusedNamingTheKey() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(counter, to: "counter.json")
        let backup = try cli.write(#"{"count": 1.5}"#, to: "backup.json")

        let result = try cli.run("import", backup, "--schema", schema)

        #expect(result.status == 65)
        #expect(result.error.contains(#"count: "1.5" is not allowed; allowed: a whole number"#), "\(result.error)")
    }

    @Test func anExportNamingItsJSONSchemaRefusesToReplaceAStoredDollarSchema() throws {
        let cli = CommandLineFixture()
        // Another program's value, stored under the name no schema may declare.
        try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false)
            .commit(["$schema": .string("a value of another program")])

        let export = try cli.run("export", "--json-schema", "weather.schema.json")
        let plain = try cli.run("export")

        #expect(export.status == 65)
        #expect(export.error == #"prefs-tui: --json-schema: the suite stores a value named "$schema", which the reference would replace in the export; export without --json-schema"# + "\n",
                "\(export.error)")
        #expect(export.output.isEmpty)
        #expect(plain.status == 0)
        #expect(plain.output.contains(#""$schema" : "a value of another program""#), "\(plain.output)")
    }

    /// An int rule beyond 2^53 is exact (issue 38, item 6): held as doubles, …992 passed a
    /// minimum of …993 and …994 a step of 2 from it, and the message showed float notation.
    @Test func anIntRuleBeyondTwoToThe53IsExact() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(#"""
            {"suite": "com.example.big", "sections": [{"name": "Big", "settings": [
              {"key": "id", "type": "int", "default": 9007199254740993,
               "rule": {"min": 9007199254740993, "max": 9007199254741001, "step": 2}}]}]}
            """#, to: "big.json")

        let below = try cli.run("set", "id", "9007199254740992", "--schema", schema)
        let offStep = try cli.run("set", "id", "9007199254740994", "--schema", schema)
        let onStep = try cli.run("set", "id", "9007199254740995", "--schema", schema)
        let stepped = try cli.run("render", "--schema", schema, "--keys", "right", "--width", "100", "--height", "20")

        #expect(below.status == 65)
        #expect(below.error == #"prefs-tui: id: "9007199254740992" is not allowed; allowed: 9007199254740993…9007199254741001 in steps of 2"# + "\n",
                "\(below.error)")
        #expect(offStep.status == 65, "\(offStep.error)")
        #expect(onStep.status == 0, "\(onStep.error)")
        #expect(stepped.output.contains("9007199254740997"), "\(stepped.output)")
    }
}
