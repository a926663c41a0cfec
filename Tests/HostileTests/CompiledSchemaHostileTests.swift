import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// An installed schema's compiled form under attack (issue 55): replaced with its schema
    /// over and over while `get` reads it, and made a FIFO. Every answer is one of the schema's,
    /// and nothing waits.
    @Suite("Compiled schemas: replaced while read, a FIFO in their place")
    struct CompiledSchemas {
        static func schema(retention: Int) -> String {
            #"{"title": "Backup", "suite": "org.example.backup", "sections": [{"name": "G", "settings": ["#
                + #"{"key": "retention", "type": "int", "default": \#(retention)}, {"key": "compress", "type": "bool", "default": true}]}]}"#
        }

        /// prefs-tui with the fixture's folders, failing the check (and killing it) if it has not ended in 20 s.
        static func run(_ arguments: [String], in folder: TemporaryDirectory) async throws -> ChildProcess.Result? {
            let child = ChildProcess(product: "prefs-tui", arguments: arguments, configHome: folder.path)
            let (result, hung) = try await finishedOrHung(child, running: arguments)
            return hung ? nil : result
        }

        @Test func aSchemaInstalledOverAndOverWhileGetReadsItAnswersOnlyItsDefaults() async throws {
            let folder = TemporaryDirectory()
            let schemas = folder.file("data/prefs-tui/schemas")
            try FileManager.default.createDirectory(atPath: schemas, withIntermediateDirectories: true)
            let files = try [30, 15].map { retention in
                let path = folder.file("backup-\(retention).json")
                try Self.schema(retention: retention).write(toFile: path, atomically: true, encoding: .utf8)
                return path
            }
            #expect(try #require(await Self.run(["schema", "install", files[0]], in: folder)).status == 0)
            let stop = Locked(false)
            // Another program installs one schema, then the other, as fast as it can: the JSON
            // and its compiled form are each replaced whole, one after the other.
            let installer = Thread {
                var index = 1
                while !stop.withLock({ $0 }) {
                    _ = try? PreferenceSchema(jsonText: Self.schema(retention: index == 0 ? 30 : 15)).install(into: schemas)
                    index = 1 - index
                }
            }
            installer.start()
            defer { stop.withLock { $0 = true } }

            var answers = Set<String>(), listed = Set<String>()
            for _ in 0..<20 {
                let result = try #require(await Self.run(["get", "retention", "--suite", "org.example.backup"], in: folder))
                #expect(result.status == 0, "\(result.error)")
                answers.insert(result.output.trimmingCharacters(in: .newlines))
                // `list` reads the form's whole: one schema's defaults, never a mixture.
                let list = try #require(await Self.run(["list", "--json", "--suite", "org.example.backup"], in: folder))
                #expect(list.status == 0, "\(list.error)")
                let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
                listed.insert(rows.map { "\($0["key"] ?? "")=\($0["default"] ?? "")" }.joined(separator: " "))
            }

            #expect(answers.isSubset(of: ["30", "15"]), "\(answers)")
            #expect(!answers.isEmpty)
            #expect(listed.isSubset(of: ["retention=30 compress=1", "retention=15 compress=1"]), "\(listed)")
            #expect(!listed.isEmpty)
        }

        @Test func aFIFONamedAsTheCompiledFormIsSaidAndNoCommandWaits() async throws {
            let folder = TemporaryDirectory()
            let file = folder.file("backup.json")
            try Self.schema(retention: 30).write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try #require(await Self.run(["schema", "install", file], in: folder)).status == 0)
            let compiled = folder.file("data/prefs-tui/schemas/org.example.backup.compiled")
            unlink(compiled)
            #expect(mkfifo(compiled, 0o644) == 0)

            let get = try #require(await Self.run(["get", "retention", "--suite", "org.example.backup"], in: folder))
            unlink(compiled)
            #expect(mkfifo(compiled, 0o644) == 0)
            let list = try #require(await Self.run(["list", "--suite", "org.example.backup"], in: folder))
            unlink(compiled)
            #expect(mkfifo(compiled, 0o644) == 0)
            let set = try #require(await Self.run(["set", "retention", "40", "--suite", "org.example.backup"], in: folder))
            let again = try #require(await Self.run(["get", "retention", "--suite", "org.example.backup"], in: folder))

            #expect(get.status == 0 && get.output == "30\n", "\(get.error)")
            #expect(get.error.contains("is not a regular file; read "), "\(get.error)")
            #expect(list.status == 0 && list.output.contains("retention") && list.error.contains("is not a regular file; read "), "\(list.error)")
            #expect(set.status == 0, "\(set.error)")
            // The FIFO was removed and the form made anew by the reading that found it.
            #expect(again.output == "40\n")
            #expect(again.error.isEmpty, "\(again.error)")
        }
    }
}
