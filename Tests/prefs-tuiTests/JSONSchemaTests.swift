import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// `prefs-tui schema --format json-schema` (issue 31): a JSON Schema 2020-12 of what `export`
/// writes, checked by a validator that is not ours (Python's `jsonschema`): exports validate,
/// and a value `set` refuses fails validation too, case by case.
@Suite("JSON Schema of exports", OutsideTool.jsonschema.trait)
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

    /// An int grid beyond 2^53 (issue 38, item 6): its JSON Schema drew `multipleOf 2`, the
    /// opposite grid, so even the default failed validation.
    @Test func anIntGridBeyondTwoToThe53ValidatesAsSetChecks() throws {
        let cli = CommandLineFixture()
        let schemaFile = try cli.write(#"""
            {"suite": "com.example.big", "sections": [{"name": "Big", "settings": [
              {"key": "id", "type": "int", "default": 9007199254740993,
               "rule": {"min": 9007199254740993, "max": 9007199254741001, "step": 2}}]}]}
            """#, to: "big.json")

        let verdict = try verdicts(schema: try jsonSchema(cli, "--schema", schemaFile),
                                   documents: [#"{"id": 9007199254740993}"#, #"{"id": 9007199254740999}"#,
                                               #"{"id": 9007199254740994}"#, #"{"id": 9007199254740992}"#], in: cli)

        #expect(verdict[0] == nil && verdict[1] == nil, "\(verdict)")
        #expect(verdict[2] != nil && verdict[3] != nil, "\(verdict)")
    }

    /// A pattern as ICU reads it (issue 38, item 4): each is either said in JSON Schema's
    /// regular expressions with the same meaning (what `set` takes validates, what it refuses
    /// does not), or left out with a `$comment` naming what could not be said. Never verbatim:
    /// node could not compile `(?i)` or `\x{41}`, and Python's `check_schema` refused five.
    @Test func icuPatternsAreTranslatedOrLeftOutNamingWhy() throws {
        let translated: [(pattern: String, taken: String, refused: String)] = [
            (#"\Qa.b\E"#, "a.b", "axb"),
            (#"\Aab\z"#, "ab", "abc"),
            (#"\h+x"#, "\u{3000}\tx", "x"),
            (#"\x{41}b"#, "Ab", "ab"),
            (#"\d{2}"#, "\u{664}\u{665}", "ab"),               // Arabic-Indic digits: ICU's \d is Unicode's
            (#"\w+"#, "ærø_1", "a-b"),
            (#"a.c"#, "abc", "a\u{85}c"),                        // ICU's . stops at U+0085
            (#"ab$"#, "ab", "abc"),
            (#"[^\d]x"#, "ax", "5x"),
            (#"a{2,3}"#, "aaa", "aaaa"),
            (#"\d{4}-\d{2}"#, "2026-11", "2026/11"),                 // a hyphen outside a class: \- is an error in u mode
        ]
        let leftOut: [(pattern: String, construct: String)] = [
            (#"(?i)abc"#, #"the flags "(?i""#),
            (#"[[:alpha:]]+"#, #"the POSIX class "[:""#),
            (#"a*+b"#, #"the possessive quantifier "*+""#),
            (#"(?>ab)c"#, #"the atomic group "(?>""#),
            (#"\p{Lu}+"#, #""\p""#),
        ]
        let all = translated.map(\.pattern) + leftOut.map(\.pattern)
        let settings = all.enumerated().map { index, pattern in
            let rule = String(decoding: try! JSONSerialization.data(withJSONObject: ["pattern": pattern]), as: UTF8.self)
            return #"{"key": "p\#(index)", "type": "string", "rule": \#(rule)}"#
        }
        let cli = CommandLineFixture()
        let schemaFile = try cli.write(#"{"title": "Patterns", "suite": "com.example.patterns", "sections": [{"name": "P", "settings": ["#
            + settings.joined(separator: ",") + "]}]}", to: "patterns.json")
        let jsonSchemaText = try jsonSchema(cli, "--schema", schemaFile)
        let properties = try #require((try JSONSerialization.jsonObject(with: Data(jsonSchemaText.utf8)) as? [String: Any])?["properties"] as? [String: [String: Any]])

        var documents: [String] = []
        for (index, sample) in translated.enumerated() {
            let taken = try cli.run("set", "p\(index)", sample.taken, "--schema", schemaFile)
            let refused = try cli.run("set", "p\(index)", sample.refused, "--schema", schemaFile)
            #expect(taken.status == 0, "set takes \(sample.taken.debugDescription) for /\(sample.pattern)/: \(taken.error)")
            #expect(refused.status != 0, "set refuses \(sample.refused.debugDescription) for /\(sample.pattern)/")
            for text in [sample.refused, sample.taken] {
                documents.append(String(decoding: try JSONSerialization.data(withJSONObject: ["p\(index)": text]), as: UTF8.self))
            }
        }
        let verdict = try verdicts(schema: jsonSchemaText, documents: documents, in: cli)

        for (index, sample) in translated.enumerated() {
            #expect(verdict[2 * index] != nil, "/\(sample.pattern)/: \(sample.refused.debugDescription) passed validation, though set refuses it")
            #expect(verdict[2 * index + 1] == nil, "/\(sample.pattern)/: \(sample.taken.debugDescription) failed: \(verdict[2 * index + 1] ?? "")")
        }
        for (offset, sample) in leftOut.enumerated() {
            let property = properties["p\(translated.count + offset)"] ?? [:]
            #expect(property["pattern"] == nil && property["allOf"] == nil, "/\(sample.pattern)/ was written")
            let comment = property["$comment"] as? String ?? ""
            #expect(comment.contains("The pattern /\(sample.pattern)/ is left out: it uses \(sample.construct)"), "\(comment)")
        }
    }

    /// The same schema's patterns, compiled by an ECMA-262 engine (node's `RegExp` with the
    /// `u` flag, as ajv compiles them).
    @Test(OutsideTool.node.trait) func everyPatternWrittenCompilesInAnECMAScriptEngine() throws {
        let cli = CommandLineFixture()
        let patterns = [#"\Qa.b\E"#, #"\Aab\z"#, #"\h+"#, #"\x{41}"#, #"\d\w\s\D\W\S\H"#, #"a.c$"#, #"[\d\w-]"#, #"[]a]"#, #"[a-c]{2,}"#, #"[A-Z]{2}-[0-9]+"#, #"[\w-]+"#]
        let settings = patterns.enumerated().map { index, pattern in
            let rule = String(decoding: try! JSONSerialization.data(withJSONObject: ["pattern": pattern]), as: UTF8.self)
            return #"{"key": "p\#(index)", "type": "string", "rule": \#(rule)}"#
        }
        let schemaFile = try cli.write(#"{"suite": "com.example.patterns", "sections": [{"name": "P", "settings": ["#
            + settings.joined(separator: ",") + "]}]}", to: "patterns.json")
        let written = try cli.write(try jsonSchema(cli, "--schema", schemaFile), to: "patterns.schema.json")
        let script = """
            const schema = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));
            let count = 0;
            (function visit(node) {
              if (node && typeof node === 'object') {
                if (typeof node.pattern === 'string') { new RegExp(node.pattern, 'u'); count++; }
                Object.values(node).forEach(visit);
              }
            })(schema);
            console.log(count);
            """
        let result = try ChildProcess.run(executablePath: "/usr/bin/env", arguments: ["node", "-e", script, written], configHome: cli.directory.path)

        #expect(result.status == 0, "\(result.error)")
        #expect(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= patterns.count, "\(result.output)")
    }

    /// Conditions and rules across settings (issue 42): a schema file's condition is an
    /// `if`/`else` that only annotates, a rule is said in the schema's `$comment`, and an
    /// export holding a setting not in use still validates (its value is kept, and valid).
    @Test func rulesAreSaidInACommentAndAnExportWithASettingNotInUseValidates() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.example.net"
        let schemaFile = try cli.write(#"""
            {"title": "Net", "suite": "com.example.net", "rules": [{"ordered": ["low", "high"]}], "sections": [{"name": "Net", "settings": [
              {"key": "useProxy", "type": "bool", "default": false},
              {"key": "proxyHost", "type": "string", "default": "", "rule": {"maxLength": 64}, "inUseWhen": {"useProxy": true}},
              {"key": "low", "type": "int", "default": 5}, {"key": "high", "type": "int", "default": 25}]}]}
            """#, to: "net.json")
        try #require(try cli.run("set", "proxyHost", "proxy.example", "--schema", schemaFile).status == 0)
        let export = try cli.run("export", "--schema", schemaFile)
        let schema = try jsonSchema(cli, "--schema", schemaFile)
        let tooLong = String(repeating: "x", count: 65)

        let verdict = try verdicts(schema: schema, documents: [export.output, #"{"proxyHost": "\#(tooLong)"}"#,
                                                               #"{"useProxy": true, "proxyHost": "\#(tooLong)"}"#], in: cli)

        #expect(verdict.first == .some(nil), "\(export.output)")
        #expect(verdict.dropFirst().allSatisfy { $0 != nil })     // the rule holds in use and not in use
        guard case .object(let document) = try JSONValue(parsing: schema) else {
            Issue.record("not an object: \(schema)")
            return
        }
        #expect(document["$comment"] == .string("Not stated as a schema (JSON Schema cannot compare two values, nor run the program's code): "
            + "low must not be above high."))
        #expect(document["allOf"] == .array([.object([
            "if": .object(["properties": .object(["useProxy": .object(["const": .bool(true)])]), "required": .array([.string("useProxy")])]),
            "else": .object(["properties": .object(["proxyHost": .object([
                "description": .string("Not in use: proxyHost is in use only when useProxy is true. Its value is kept."),
            ])])]),
        ])]))
    }

    /// Each condition's `if` holds for an export exactly when `prefs-tui` reads the setting as
    /// in use from that export: values listed, a default among them or not, an input without a
    /// default, `null` for an optional input, several entries, and a condition on a setting
    /// that has one itself. Checked by Python's validator.
    @Test func eachConditionsIfHoldsExactlyWhenTheSettingIsInUse() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.example.proxy"
        let schemaFile = try cli.write(#"""
            {"title": "Proxy", "suite": "com.example.proxy", "sections": [{"name": "Proxy", "settings": [
              {"key": "mode", "type": "string", "default": "manual", "rule": {"choices": ["off", "manual", "auto"]}},
              {"key": "useProxy", "type": "bool", "default": false},
              {"key": "proxyHost", "type": "string", "default": "", "inUseWhen": {"useProxy": true}},
              {"key": "proxyPort", "type": "int", "default": 8080, "inUseWhen": {"useProxy": true, "mode": ["manual", "auto"]}},
              {"key": "authenticate", "type": "bool", "default": true, "inUseWhen": {"useProxy": true}},
              {"key": "user", "type": "string", "default": "", "inUseWhen": {"authenticate": true}},
              {"key": "pacFile", "type": "string", "default": "", "inUseWhen": {"mode": "auto"}},
              {"key": "flag", "type": "bool"}, {"key": "quiet", "type": "string", "default": "", "inUseWhen": {"flag": false}},
              {"key": "label", "type": "string?", "default": null}, {"key": "prefix", "type": "string", "default": "", "inUseWhen": {"label": null}}]}]}
            """#, to: "proxy.json")
        let documents = [#"{}"#, #"{"useProxy": true}"#, #"{"useProxy": true, "mode": "off"}"#, #"{"mode": "auto"}"#,
                         #"{"authenticate": true}"#, #"{"useProxy": true, "authenticate": false}"#,
                         #"{"useProxy": true, "mode": "auto", "authenticate": true, "flag": true, "label": "x"}"#]
        // "flag" has no default (it reads false unset); "label" is unset by default, which
        // `null` in a condition names.
        let keys = ["proxyHost", "proxyPort", "authenticate", "user", "pacFile", "quiet", "prefix"]
        let schema = try jsonSchema(cli, "--schema", schemaFile)

        let matched = try conditionVerdicts(schema: schema, documents: documents, in: cli)
        let inUse = try documents.map { document in try inUseAfterImport(document, schemaFile: schemaFile, keys: keys) }

        #expect(matched == inUse)
        #expect(try verdicts(schema: schema, documents: documents, in: cli).allSatisfy { $0 == nil })
    }

    /// For each document, whether each `if` of the schema's `allOf` holds, by setting.
    private func conditionVerdicts(schema: String, documents: [String], in cli: CommandLineFixture) throws -> [[String: Bool]] {
        let schemaFile = try cli.write(schema, to: "conditions.schema.json")
        let documentsFile = try cli.write("[" + documents.joined(separator: ",") + "]", to: "conditions.documents.json")
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            for document in json.load(open(sys.argv[2])):
                verdicts = {}
                for clause in schema["allOf"]:
                    key = next(iter(clause["else"]["properties"]))
                    verdicts[key] = jsonschema.Draft202012Validator(clause["if"]).is_valid(document)
                print(json.dumps(verdicts))
            """
        let result = try ChildProcess.run(executablePath: "/usr/bin/env", arguments: ["python3", "-c", script, schemaFile, documentsFile],
                                          configHome: cli.directory.path)
        try #require(result.status == 0, "the validator failed: \(result.error)")
        return try result.lines.map { line in try inUseFlags(JSONValue(parsing: line)) }
    }

    /// What `list --json` says of each key after the document is imported into a suite of its own.
    private func inUseAfterImport(_ document: String, schemaFile: String, keys: [String]) throws -> [String: Bool] {
        var cli = CommandLineFixture()
        cli.suite = "com.example.proxy"
        let imported = try cli.run("import", try cli.write(document, to: "values.json"), "--schema", schemaFile)
        try #require(imported.status == 0, "\(imported.error)")
        guard case .array(let entries) = try JSONValue(parsing: try cli.run("list", "--json", "--schema", schemaFile).output) else { return [:] }
        var flags: [String: Bool] = [:]
        // A list whose settings are all in use leaves the field out.
        for case .object(let fields) in entries {
            guard case .string(let key)? = fields["key"], keys.contains(key) else { continue }
            if case .bool(let inUse)? = fields["inUse"] { flags[key] = inUse } else { flags[key] = fields["inUse"] == nil ? true : nil }
        }
        return flags
    }

    private func inUseFlags(_ json: JSONValue) -> [String: Bool] {
        guard case .object(let fields) = json else { return [:] }
        return fields.compactMapValues { value in if case .bool(let flag) = value { flag } else { nil } }
    }
}
