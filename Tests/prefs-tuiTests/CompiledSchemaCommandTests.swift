import Foundation
@testable import PrefsModel
import PrefsTestSupport
import Testing

/// `get` and `set` on an installed schema read its compiled form, key by key (issue 55): they
/// answer as the whole schema does, and a damaged or stale form is said and stepped around.
@Suite("Commands on an installed schema's compiled form")
struct CompiledSchemaCommandTests {
    static let suite = "org.example.c"
    static let schemaText = SchemaSamples.dependingOnEachOther
    /// A suite file as a person's might be: a value under an old name, one to convert, a pair
    /// that breaks the rule, a secret, a key no schema declares.
    static let stored = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>town</key><string>Bergen</string><key>units</key><true/><key>low</key><integer>5</integer>
        <key>high</key><integer>3</integer><key>token</key><string>hunter2</string><key>extra</key><string>x</string>
        <key>prefs.schemaVersion</key><integer>2</integer>
        </dict></plist>
        """
    static let site = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>speed</key><integer>4</integer></dict></plist>
        """

    /// Two fixtures with the same files: one with the schema installed (and compiled), one that
    /// names the schema file with `--schema` (the whole JSON, read as always).
    private struct Pair {
        let installed = CommandLineFixture()
        let given = CommandLineFixture()
        let schemaFile: String

        init() throws {
            schemaFile = try given.write(CompiledSchemaCommandTests.schemaText, to: "c.json")
            for cli in [installed, given] {
                try FileManager.default.createDirectory(atPath: cli.directory.file("site"), withIntermediateDirectories: true)
                _ = try cli.write(CompiledSchemaCommandTests.stored, to: "\(CompiledSchemaCommandTests.suite).plist")
                _ = try cli.write(CompiledSchemaCommandTests.site, to: "site/\(CompiledSchemaCommandTests.suite).plist")
                _ = try cli.write("high\n", to: "site/\(CompiledSchemaCommandTests.suite).locks")
            }
            let install = try installed.run("schema", "install", try installed.write(CompiledSchemaCommandTests.schemaText, to: "c.json"))
            guard install.status == 0 else { throw CommandFailed(message: install.error) }
        }

        func compare(_ arguments: [String]) throws -> (installed: ChildProcess.Result, given: ChildProcess.Result) {
            let site = ["XDG_CONFIG_DIRS": installed.directory.file("site")]
            let one = try installed.run(arguments + ["--suite", CompiledSchemaCommandTests.suite], environment: site)
            let other = try given.run(arguments + ["--suite", CompiledSchemaCommandTests.suite, "--schema", schemaFile],
                                      environment: ["XDG_CONFIG_DIRS": given.directory.file("site")])
            // The two fixtures' folders differ; what is in them must not.
            func same(_ result: ChildProcess.Result, _ cli: CommandLineFixture) -> ChildProcess.Result {
                var result = result
                result.output = result.output.replacingOccurrences(of: cli.directory.path, with: "FOLDER")
                result.error = result.error.replacingOccurrences(of: cli.directory.path, with: "FOLDER")
                return result
            }
            return (same(one, installed), same(other, given))
        }

        var compiledPath: String { installed.directory.file("data/prefs-tui/schemas/\(CompiledSchemaCommandTests.suite).compiled") }
    }

    struct CommandFailed: Error { let message: String }

    @Test func everyGetAnswersAsTheWholeSchemaDoes() throws {
        let pair = try Pair()
        #expect(FileManager.default.fileExists(atPath: pair.compiledPath))
        let names = ["city", "town", "units", "speed", "low", "high", "token", "extra", "gone", "nosuch"]

        for name in names {
            for form in [["get", name], ["get", name, "--json"], ["get", "--explain", name], ["get", "--explain", "--json", name]] {
                let (installed, given) = try pair.compare(form)
                #expect(installed.status == given.status, "\(form)")
                #expect(installed.output == given.output, "\(form)")
                #expect(installed.error == given.error, "\(form)")
            }
        }
        // Each reading took the compiled form: no note said it could not.
        #expect(try pair.compare(["get", "city"]).installed.error.isEmpty)
    }

    @Test func everySetWritesWhatTheWholeSchemaWrites() throws {
        let sets = [["set", "city", "Tromsø"], ["set", "units", "imperial"], ["set", "low", "9"], ["set", "high", "1"],
                    ["set", "speed", "7"], ["set", "town", "x"], ["set", "gone", "1"], ["set", "units", "kelvin"],
                    ["set", "extra", "y"], ["set", "nosuch", "1"]]
        for arguments in sets {
            let pair = try Pair()

            let (installed, given) = try pair.compare(arguments)

            #expect(installed.status == given.status, "\(arguments)")
            #expect(installed.output == given.output, "\(arguments)")
            #expect(installed.error == given.error, "\(arguments)")
            #expect(pair.installed.stored == pair.given.stored, "\(arguments)")
        }
    }

    /// A suite that stores more values than the form is worth looking up one by one is read
    /// with the whole schema; its writes still carry out the migration of a value under an old name.
    @Test func aSuiteStoringManyValuesIsWrittenAsWithTheWholeSchema() throws {
        let settings = (0..<300).map { #"{"key": "s\#($0)", "type": "int", "default": 0}"# }
            + [#"{"key": "renamed", "type": "int", "default": 0, "renamedFrom": ["old"]}"#]
        let schema = #"{"suite": "org.example.many", "sections": [{"name": "S", "settings": ["# + settings.joined(separator: ",") + "]}]}"
        let values = (0..<300).map { "<key>s\($0)</key><integer>\($0)</integer>" }.joined() + "<key>old</key><integer>7</integer>"
        let plist = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + values + "</dict></plist>"
        var stored: [[String: PlistValue]] = []
        for installs in [true, false] {
            let cli = CommandLineFixture()
            _ = try cli.write(plist, to: "org.example.many.plist")
            let file = try cli.write(schema, to: "many.json")
            var arguments = ["set", "s1", "5", "--suite", "org.example.many"]
            if installs { #expect(try cli.run("schema", "install", file).status == 0) } else { arguments += ["--schema", file] }

            let result = try cli.run(arguments)

            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.isEmpty, "\(result.error)")
            var suite = cli
            suite.suite = "org.example.many"
            stored.append(suite.stored)
        }
        #expect(stored[0] == stored[1])
        #expect(stored[0]["renamed"] == .int(7) && stored[0]["old"] == nil)
    }

    /// Where the form's whole starts (the header's field at 112): the parts end there.
    private static func wholeOffset(_ bytes: Data) -> Int {
        (0..<8).reduce(0) { $0 | Int(bytes[bytes.startIndex + 112 + $1]) << (8 * $1) }
    }

    @Test func aDamagedFormIsSaidAndTheJSONAnswers() throws {
        let pair = try Pair()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: pair.compiledPath))
        // In the last part, the last setting's (token's).
        bytes[Self.wholeOffset(bytes) - 10] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: pair.compiledPath))

        let (installed, given) = try pair.compare(["get", "token"])

        #expect(installed.output == given.output)
        #expect(installed.output == "hunter2\n")
        let again = try pair.compare(["get", "token"]).installed
        #expect(installed.error.contains("note: the compiled schema FOLDER/data/prefs-tui/schemas/\(Self.suite).compiled: "), "\(installed.error)")
        #expect(installed.error.contains("is damaged (its checksum differs); read "), "\(installed.error)")
        // Made anew from the JSON by that reading: the next one has nothing to say.
        #expect(again.output == "hunter2\n")
        #expect(again.error.isEmpty, "\(again.error)")
    }

    /// `list`, `export` and the first frame read every setting: from the form's whole, they
    /// show what the JSON shows.
    @Test func everyCommandOnEverySettingAnswersAsTheWholeSchemaDoes() throws {
        let pair = try Pair()
        let commands = [["list"], ["list", "--json"], ["list", "--modified"], ["export"], ["render", "--width", "100", "--height", "30"]]

        for arguments in commands {
            let (installed, given) = try pair.compare(arguments)

            #expect(installed.status == given.status, "\(arguments)")
            #expect(installed.output == given.output, "\(arguments)")
            #expect(installed.error == given.error, "\(arguments)")
        }
        #expect(try pair.compare(["list"]).installed.output.contains("token"))
    }

    /// A damaged whole is said, naming why; the JSON answers; the form is made anew, so the
    /// next reading has nothing to say.
    @Test func aDamagedWholeIsSaidAndTheJSONAnswers() throws {
        let pair = try Pair()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: pair.compiledPath))
        bytes[Self.wholeOffset(bytes) + 20] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: pair.compiledPath))

        let (installed, given) = try pair.compare(["list"])
        let again = try pair.compare(["list"]).installed

        #expect(installed.output == given.output)
        #expect(installed.error.contains("note: the compiled schema FOLDER/data/prefs-tui/schemas/\(Self.suite).compiled: its whole is damaged (its checksum differs); read "),
                "\(installed.error)")
        #expect(again.output == given.output)
        #expect(!again.error.contains("compiled"), "\(again.error)")
    }

    /// A form an earlier prefs-tui wrote (format 1) is no fault: nothing is said, the JSON
    /// answers, and the form is made anew in this version's format.
    @Test func aFormInAnEarlierFormatIsMadeAgainWithoutANote() throws {
        let pair = try Pair()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pair.compiledPath)))
        bytes[8] = 1
        let sum = CompiledSchema.checksum(bytes[0..<104])
        for shift in 0..<8 { bytes[104 + shift] = UInt8(truncatingIfNeeded: sum >> (8 * shift)) }
        try Data(bytes).write(to: URL(fileURLWithPath: pair.compiledPath))

        let (installed, given) = try pair.compare(["list"])
        let remade = try Data(contentsOf: URL(fileURLWithPath: pair.compiledPath))

        #expect(installed.output == given.output)
        #expect(installed.error == given.error, "\(installed.error)")
        #expect(remade[remade.startIndex + 8] == 2)
    }

    @Test func aStaleFormIsSaidTheJSONAnswersAndTheFormIsMadeAgain() throws {
        let pair = try Pair()
        let json = pair.installed.directory.file("data/prefs-tui/schemas/\(Self.suite).json")
        let text = try String(contentsOfFile: json, encoding: .utf8).replacingOccurrences(of: "\"Oslo\"", with: "\"Bodø\"")
        try text.write(toFile: json, atomically: false, encoding: .utf8)
        try Data().write(to: URL(fileURLWithPath: pair.installed.directory.file("\(Self.suite).plist")))

        let first = try pair.installed.run("get", "city", "--suite", Self.suite)
        let second = try pair.installed.run("get", "city", "--suite", Self.suite)

        #expect(first.output == "Bodø\n", "\(first.error)")
        #expect(first.error.contains("made from an earlier version of the schema file; read \(json)"), "\(first.error)")
        #expect(second.output == "Bodø\n")
        #expect(!second.error.contains("compiled"), "\(second.error)")
    }

    @Test func uninstallRemovesTheFormWithTheSchema() throws {
        let pair = try Pair()

        let removed = try pair.installed.run("schema", "uninstall", Self.suite)

        #expect(removed.status == 0, "\(removed.error)")
        #expect(!FileManager.default.fileExists(atPath: pair.compiledPath))
    }
}
