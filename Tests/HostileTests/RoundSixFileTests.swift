import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Round 6 (issue 50): schema folders holding what is no schema file, standard output named
    /// as a file, and every C1 control in every JSON output.
    @Suite("Round 6: schema folders, standard output, C1")
    struct RoundSixFiles {
        /// A config folder, a user schema folder and a system one, each holding a FIFO, a
        /// dangling link, a link loop and a folder named as schemas, beside one good schema.
        struct Layout {
            let root = TemporaryDirectory()
            var environment: [String: String] {
                ["XDG_DATA_HOME": root.file("data"), "XDG_DATA_DIRS": root.file("system")]
            }
            var programs: Programs { Programs(configHome: root.path) }
            let broken = ["com.fifo", "com.dangle", "com.loop", "com.folder"]

            init() throws {
                for folder in [root.file("data/prefs-tui/schemas"), root.file("system/prefs-tui/schemas")] {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    let prefix = folder.hasPrefix(root.file("system")) ? "sys." : ""
                    #expect(mkfifo(folder + "/\(prefix)com.fifo.json", 0o644) == 0)
                    #expect(symlink(folder + "/missing.json", folder + "/\(prefix)com.dangle.json") == 0)
                    #expect(symlink(folder + "/\(prefix)com.loop.json", folder + "/\(prefix)com.loop.json") == 0)
                    try FileManager.default.createDirectory(atPath: folder + "/\(prefix)com.folder.json", withIntermediateDirectories: true)
                }
                try #"{"suite": "com.good", "title": "Good", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 1, "rule": {"max": 5}}]}]}"#
                    .write(toFile: root.file("data/prefs-tui/schemas/com.good.json"), atomically: true, encoding: .utf8)
            }

            /// Runs prefs-tui, failing the check (and killing it) if it has not ended in 20 s.
            func run(_ arguments: [String]) async throws -> ChildProcess.Result {
                let child = programs.prefsTUI(arguments, environment: environment)
                return try await finishedOrHung(child, running: arguments).result
            }
        }

        @Test func noCommandHangsOrSkipsABrokenSchemaFile() async throws {
            let layout = try Layout()

            let suites = try await layout.run(["suites"])
            let list = try await layout.run(["schema", "list"])
            #expect(suites.status == 0 && suites.output.contains("Good"), "\(suites.output) \(suites.error)")
            #expect(list.status == 0 && list.output.contains("com.good"), "\(list.output) \(list.error)")
            for name in layout.broken + layout.broken.map({ "sys." + $0 }) {
                #expect(suites.error.contains(name + ".json"), "suites said nothing of \(name): \(suites.error)")
                for command in [["list"], ["get", "n"], ["set", "n", "7"], ["export"], ["reset", "n"]] {
                    let result = try await layout.run(command + ["--suite", name])
                    #expect(result.status == 65, "\(command) --suite \(name): \(result.status) \(result.error)")
                    #expect(result.error.contains(name + ".json"), "\(command) --suite \(name): \(result.error)")
                }
                #expect(!FileManager.default.fileExists(atPath: layout.root.file(name + ".plist")), "\(name) was written with no schema")
            }
            // The good suite still keeps its rule.
            #expect(try await layout.run(["set", "n", "7", "--suite", "com.good"]).status == 65)
        }

        @Test(arguments: ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"])
        func anExportToStandardOutputKeepsWhatTheFileHeld(name: String) throws {
            let root = TemporaryDirectory()
            let programs = Programs(configHome: root.path)
            try #require(try programs.runPrefsTUI("set", "city", "Bergen").status == 0)
            let log = root.file("log")
            try Data((0..<200).map { "line \($0)\n" }.joined().utf8).write(to: URL(fileURLWithPath: log))
            chmod(log, 0o640)

            for _ in 0..<3 {
                let result = try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", #"exec "$0" export --output "$1" >> "$2""#,
                                                                                           ChildProcess.path(ofProduct: "prefs-tui"), name, log],
                                                  configHome: root.path)
                #expect(result.status == 0, "\(result.error)")
            }

            let text = try String(contentsOfFile: log, encoding: .utf8)
            #expect(text.hasPrefix((0..<200).map { "line \($0)\n" }.joined()))
            #expect(text.components(separatedBy: "Bergen").count - 1 == 3)
            var info = stat()
            #expect(stat(log, &info) == 0 && info.st_mode & 0o777 == 0o640)
        }

        @Test func everyC1ControlIsEscapedInEveryJSONOutput() throws {
            let root = TemporaryDirectory()
            let programs = Programs(configHome: root.path)
            let controls = (0x7F...0x9F).map { Character(Unicode.Scalar($0)!) }
            // Another program's keys: one per control, and a value of text holding them all.
            var values: [String: PlistValue] = [:]
            for control in controls { values["k\(control)"] = .string("v\(control)") }
            try SuiteStore(suiteName: "com.other.c1", directory: root.path, watchForChanges: false).commit(values)

            for arguments in [["list", "--json"], ["export"], ["export", "--effective"], ["export", "--format", "json"], ["schema"],
                              ["schema", "--format", "json-schema"], ["get", "--explain", "--json", "k\u{9B}"]] {
                let result = try programs.runPrefsTUI(arguments + ["--suite", "com.other.c1"])
                let raw = result.output.unicodeScalars.filter { (0x7F...0x9F).contains($0.value) }
                #expect(raw.isEmpty, "\(arguments): \(raw.count) raw C1 characters; \(result.error)")
            }
        }
    }
}

extension Programs {
    @discardableResult
    func runPrefsTUI(_ arguments: [String]) throws -> ChildProcess.Result {
        let child = prefsTUI(arguments)
        try child.start()
        return child.finish()
    }
}
