import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Project files that are not what they seem (issue 54): a link, a FIFO, a huge file, and a
    /// file replaced over and over while commands read it. None hangs, none applies, each says why.
    @Suite("Project files: links, FIFOs, huge files, replaced while read")
    struct ProjectFiles {
        static let schema = #"""
            {"title": "Backup", "suite": "org.example.backup", "projectFile": ".backup-tool.json", "sections": [{"name": "G", "settings": [
              {"key": "retention", "type": "int", "default": 15, "rule": {"min": 1, "max": 365}}]}]}
            """#

        struct Layout {
            let root = TemporaryDirectory()
            var project: String { root.file("home/site") }
            var projectFile: String { root.file("home/site/.backup-tool.json") }
            var schemaPath: String { root.file("backup.json") }

            init() throws {
                try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
                try ProjectFiles.schema.write(toFile: schemaPath, atomically: true, encoding: .utf8)
            }

            /// prefs-tui in the project folder, failing the check (and killing it) if it has not ended in 20 s.
            func run(_ arguments: [String]) async throws -> ChildProcess.Result? {
                let child = ChildProcess(executablePath: "/usr/bin/env",
                                         arguments: ["-C", project, ChildProcess.path(ofProduct: "prefs-tui")] + arguments + ["--schema", schemaPath],
                                         configHome: root.path, environment: ["HOME": root.file("home")])
                let (result, hung) = try await finishedOrHung(child, running: arguments)
                return hung ? nil : result
            }
        }

        @Test func aLinkedProjectFileIsRefusedEvenWhenItsPathWasTrusted() async throws {
            let layout = try Layout()
            try Data(#"{"retention": 30}"#.utf8).write(to: URL(fileURLWithPath: layout.root.file("target.json")))
            #expect(symlink(layout.root.file("target.json"), layout.projectFile) == 0)

            let trust = try #require(await layout.run(["trust", layout.projectFile]))
            let get = try #require(await layout.run(["get", "retention"]))

            #expect(trust.status == 65, "\(trust.error)")
            #expect(trust.error.contains("symbolic link"), "\(trust.error)")
            #expect(get.output.trimmingCharacters(in: .newlines) == "15")
            #expect(get.error.contains("symbolic link"), "\(get.error)")
        }

        @Test func aFIFOHangsNoCommand() async throws {
            let layout = try Layout()
            #expect(mkfifo(layout.projectFile, 0o644) == 0)

            for arguments in [["get", "retention"], ["list"], ["trust"], ["set", "--project", "retention", "30"]] {
                let result = try #require(await layout.run(arguments))
                #expect(result.error.contains("not a regular file"), "\(arguments): \(result.error)")
            }
            let get = try #require(await layout.run(["get", "retention"]))
            #expect(get.output.trimmingCharacters(in: .newlines) == "15")
        }

        @Test func aHugeFileIsRefusedWithoutBeingHeld() async throws {
            let layout = try Layout()
            let huge = "{\"retention\": 30, \"pad\": \"" + String(repeating: "x", count: 3 << 20) + "\"}"
            try Data(huge.utf8).write(to: URL(fileURLWithPath: layout.projectFile))

            let trust = try #require(await layout.run(["trust"]))
            let get = try #require(await layout.run(["get", "retention"]))

            #expect(trust.status == 65)
            #expect(trust.error.contains("larger than 1 MB"), "\(trust.error)")
            #expect(get.output.trimmingCharacters(in: .newlines) == "15")
        }

        @Test func aFileReplacedWhileCommandsReadItAppliesOnlyAsTrusted() async throws {
            let layout = try Layout()
            let trusted = #"{"retention": 30}"#
            try Data(trusted.utf8).write(to: URL(fileURLWithPath: layout.projectFile))
            #expect(try #require(await layout.run(["trust"])).status == 0)
            let stop = Locked(false)
            let path = layout.projectFile
            // Another program swaps the file between the trusted content and another, by rename.
            let swapper = Thread {
                var flip = false
                while !stop.withLock({ $0 }) {
                    let text = flip ? trusted : #"{"retention": 99}"#
                    try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                    flip.toggle()
                }
            }
            swapper.start()
            defer { stop.withLock { $0 = true } }

            var answers = Set<String>()
            for _ in 0..<15 {
                let result = try #require(await layout.run(["get", "retention"]))
                #expect(result.status == 0, "\(result.error)")
                answers.insert(result.output.trimmingCharacters(in: .newlines))
            }

            // The trusted content reads 30; the other, never trusted, reads as no project (15).
            #expect(answers.isSubset(of: ["30", "15"]), "\(answers)")
        }
    }
}
