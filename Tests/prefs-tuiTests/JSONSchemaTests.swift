import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// `prefs-tui schema --format json-schema` (issue 31): a JSON Schema 2020-12 of what `export`
/// writes, checked by a validator that is not ours (Python's `jsonschema`): exports validate,
/// and a value `set` refuses fails validation too, case by case.
@Suite("JSON Schema of exports")
struct JSONSchemaTests {
    /// The validator's verdict on each document: nil when valid, else its first error.
    private func verdicts(schema: String, documents: [String], in cli: CommandLineFixture) throws -> [String?] {
        let schemaFile = try cli.write(schema, to: "schema.json")
        let documentsFile = try cli.write("[" + documents.joined(separator: ",") + "]", to: "documents.json")
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for document in json.load(open(sys.argv[2])):
                errors = list(validator.iter_errors(document))
                print(json.dumps(errors[0].message if errors else None))
            """
        let result = try ChildProcess.run(executablePath: "/usr/bin/env", arguments: ["python3", "-c", script, schemaFile, documentsFile],
                                          configHome: cli.directory.path)
        try #require(result.status == 0, "the validator failed: \(result.error)")
        return result.output.split(separator: "\n").map { line in line == "null" ? nil : String(line) }
    }

    private func jsonSchema(_ cli: CommandLineFixture, _ extra: String...) throws -> String {
        let result = try cli.run(["schema", "--format", "json-schema"] + extra)
        try #require(result.status == 0, "\(result.error)")
        return result.output
    }

    @Test func theDemosExportWithEveryKindOfValueValidates() throws {
        let cli = CommandLineFixture()
        for arguments in [["city", "Bergen"], ["refreshInterval", "30"], ["temperatureNotation", "kelvin"],
                          ["favoriteCities", "Oslo", "Tromsø"], ["lastRefresh", "2026-11-21T09:30:00Z"],
                          ["dataSource", "https://example.org/forecast"], ["showFeelsLike", "off"], ["decimalPlaces", "2"]] {
            let set = try cli.run(["set"] + arguments)
            try #require(set.status == 0, "\(set.error)")
        }
        let export = try cli.run("export", "--json-schema", "weather.schema.json")

        let verdict = try verdicts(schema: try jsonSchema(cli), documents: [export.output], in: cli)

        #expect(export.output.hasPrefix("{\n  \"$schema\" : \"weather.schema.json\",\n"), "\(export.output)")
        #expect(verdict == [nil])
        #expect(try cli.run("import", try cli.write(export.output, to: "backup.json")).status == 0)   // $schema is no setting
    }

    @Test func aSchemaFileWithEveryKindOfRuleGivesASchemaItsExportsValidateAgainst() throws {
        let cli = CommandLineFixture()
        let schemaFile = try cli.write(SchemaSamples.everyKind, to: "kinds.json")
        let suite = ["--schema", schemaFile]
        for arguments in [["interval", "20"], ["ratio", "0.75"], ["level", "2"], ["ports", "80", "443"], ["city", "Bergen"],
                          ["notation", "fahrenheit"], ["enabled", "off"], ["home", "https://example.org"],
                          ["lastRun", "2026-11-21 09:30"]] {
            let set = try cli.run(["set"] + arguments + suite)
            try #require(set.status == 0, "\(arguments): \(set.error)")
        }
        let export = try cli.run(["export"] + suite)

        #expect(try verdicts(schema: try jsonSchema(cli, "--schema", schemaFile), documents: [export.output], in: cli) == [nil])
    }

    /// Each value `set` refuses (out of range, off the step, not a choice, of the wrong type, not
    /// matching the pattern), and one it takes beside it: the validator agrees on both.
    @Test func aValueSetRefusesFailsValidationAndItsNeighbourPasses() throws {
        let cli = CommandLineFixture()
        let schemaFile = try cli.write(#"""
            {"title": "Grids", "suite": "com.example.grids", "sections": [{"name": "Grids", "settings": [
              {"key": "interval", "type": "int", "default": 15, "rule": {"min": 5, "max": 240, "step": 5}},
              {"key": "odd", "type": "int", "default": 1, "rule": {"min": 1, "max": 99, "step": 2}},
              {"key": "fine", "type": "double", "default": 0.5, "rule": {"min": 0, "max": 1, "step": 0.05}},
              {"key": "ratio", "type": "double", "default": 0.5, "rule": {"min": 0, "max": 1, "step": 0.25}},
              {"key": "units", "type": "string", "default": "metric", "rule": {"choices": ["metric", "imperial"]}},
              {"key": "level", "type": "int", "default": 1, "rule": {"choices": [1, 2, 3]}},
              {"key": "name", "type": "string", "default": "a", "rule": {"nonEmpty": true, "maxLength": 8, "pattern": "[a-z]+"}},
              {"key": "ports", "type": "[int]", "default": [], "rule": {"each": {"min": 1, "max": 65535}}},
              {"key": "on", "type": "bool", "default": true},
              {"key": "count", "type": "int", "default": 0},
              {"key": "when", "type": "date", "default": "2026-01-01T00:00:00Z"},
              {"key": "blob", "type": "data", "default": ""},
              {"key": "code", "type": "string", "default": "AA00", "rule": {"pattern": "[A-Z]{2}[0-9]{2}"}}
            ]}]}
            """#, to: "grids.json")
        let cases: [(key: String, refused: (text: String, json: String), taken: (text: String, json: String))] = [
            ("interval", ("250", "250"), ("240", "240")),              // out of range
            ("interval", ("7", "7"), ("10", "10")),                    // off the step
            ("odd", ("4", "4"), ("5", "5")),                           // off a grid that starts at 1
            ("fine", ("0.17", "0.17"), ("0.15", "0.15")),              // off a decimal step
            ("ratio", ("0.3", "0.3"), ("0.75", "0.75")),
            ("units", ("kelvin", #""kelvin""#), ("imperial", #""imperial""#)),   // not a choice
            ("level", ("4", "4"), ("3", "3")),
            ("interval", ("soon", #""soon""#), ("20", "20")),          // of the wrong type
            ("on", ("maybe", #""maybe""#), ("false", "false")),
            ("name", ("Bergen", #""Bergen""#), ("bergen", #""bergen""#)),         // not matching the pattern
            ("name", ("abcdefghi", #""abcdefghi""#), ("abcdefgh", #""abcdefgh""#)),   // too long
            ("name", (" ", #"" ""#), ("b", #""b""#)),                  // blank
            ("ports", ("70000", "[70000]"), ("443", "[443]")),         // an item out of range
            ("count", ("9223372036854775808", "9223372036854775808"), ("9223372036854775807", "9223372036854775807")),
            ("when", ("2026-13-01", #""2026-13-01""#), ("2026-12-01", #""2026-12-01""#)),
            ("blob", ("aGVsbG8", #""aGVsbG8""#), ("aGVsbG8=", #""aGVsbG8=""#)),      // base64 cut short
            ("code", ("AB12\u{2028}", #""AB12\u2028""#), ("AB12", #""AB12""#)),     // a line separator after a match
        ]
        var documents: [String] = []
        for (key, refused, taken) in cases {
            let refusedBySet = try cli.run("set", key, refused.text, "--schema", schemaFile)
            let takenBySet = try cli.run("set", key, taken.text, "--schema", schemaFile)
            #expect(refusedBySet.status != 0, "set \(key) \(refused.text) was taken")
            #expect(takenBySet.status == 0, "set \(key) \(taken.text): \(takenBySet.error)")
            documents += ["{\"\(key)\": \(refused.json)}", "{\"\(key)\": \(taken.json)}"]
        }

        let verdict = try verdicts(schema: try jsonSchema(cli, "--schema", schemaFile), documents: documents, in: cli)

        for (index, (key, refused, taken)) in cases.enumerated() {
            #expect(verdict[2 * index] != nil, "\(key) \(refused.json) passed validation, though set refuses it")
            #expect(verdict[2 * index + 1] == nil, "\(key) \(taken.json) failed validation: \(verdict[2 * index + 1] ?? "")")
        }
    }
}
