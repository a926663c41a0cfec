import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// A write that fails part-way because the process may not write a file that large
    /// (`prlimit --fsize`, as `ulimit -f` in a shell; EFBIG, like a full disk's ENOSPC): it
    /// fails naming the path, the old suite stays byte-identical and no temporary file is left.
    @Suite("File-size limit")
    struct FileSizeLimit {
        static let seed: UInt64 = 20_261_124

        @Test func aWriteCutShortLeavesTheOldSuiteByteIdenticalAndNoTemporaryFile() async throws {
            let runs = HostileRun.count(5)
            var generator = SeededGenerator(seed: Self.seed)
            var intact = 0
            var limits: [Int] = []

            for _ in 1...runs {
                let folder = TemporaryDirectory()
                let original = try CutShortWrite.seedSuite(in: folder)
                let newSize = try CutShortWrite.sizeAfterWrite()
                // Any limit below the new file's size: from smaller than the old file (the
                // first write call fails) to a few bytes short (the last one does).
                let limit = Int.random(in: 1..<newSize, using: &generator)
                limits.append(limit)

                let result = try setUnderLimit(limit, folder: folder, arguments: CutShortWrite.arguments)

                let unchanged = folder.contents("com.example.weather.plist") == original
                let leftovers = folder.temporaryFiles
                let next = try Programs(configHome: folder.path).runPrefsTUI("set", "city", "Bergen")

                #expect(result.status == 74, "limit \(limit): \(result.status) \(result.error)")
                #expect(result.error.contains(folder.path), "the message must name the path: \(result.error)")
                #expect(unchanged, "limit \(limit): the old suite changed")
                #expect(leftovers.isEmpty, "limit \(limit): \(leftovers)")
                #expect(next.status == 0, "the next write without a limit failed: \(next.error)")
                if result.status == 74 && unchanged && leftovers.isEmpty && next.status == 0 { intact += 1 }
            }

            HostileRun.report("file-size limit: \(runs) writes cut short (limits \(limits.map(String.init).joined(separator: ", ")) bytes): \(intact)/\(runs) failed with exit 74, left the old suite byte-identical and no temporary file, and did not block the next write")
        }

        private func setUnderLimit(_ limit: Int, folder: TemporaryDirectory, arguments: [String]) throws -> ChildProcess.Result {
            let binary = ChildProcess.path(ofProduct: "prefs-tui")
            let child = ChildProcess(program: "prlimit", arguments: ["--fsize=\(limit)", binary] + arguments, configHome: folder.path)
            try child.start()
            return child.finish()
        }
    }
}
