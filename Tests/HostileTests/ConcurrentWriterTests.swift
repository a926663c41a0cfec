import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Writer processes racing on one suite: every key of every writer must survive, every run.
    @Suite("Concurrent writer processes")
    struct ConcurrentWriters {
        @Test(arguments: [(4, 200), (8, 100)])
        func everyKeyOfEveryWriterSurvivesEveryRun(processes: Int, keysEach: Int) throws {
            let keys = HostileRun.count(keysEach, minimum: 10)
            let runs = HostileRun.count(5)
            let checker = try PlistLibChecker()
            var survivorsPerRun: [Int] = []

            for _ in 1...runs {
                survivorsPerRun.append(try survivingKeys(processes: processes, keysEach: keys, checker: checker))
            }

            let total = processes * keys
            let completeRuns = survivorsPerRun.filter { $0 == total }.count
            HostileRun.report("\(processes)×\(keys) writers: \(survivorsPerRun.min() ?? 0)/\(total) keys in the worst run, \(completeRuns)/\(runs) runs complete")
            #expect(completeRuns == runs, "keys surviving per run: \(survivorsPerRun)")
        }

        /// Starts the writers together and counts the keys the finished suite holds, after
        /// checking that plistlib reads it and that every writer's keys are there.
        private func survivingKeys(processes: Int, keysEach: Int, checker: PlistLibChecker) throws -> Int {
            let folder = TemporaryDirectory()
            let programs = Programs(configHome: folder.path)
            let writers = (0..<processes).map { programs.helper("write-keys", "shared", "p\($0)", String(keysEach)) }

            for writer in writers { try writer.start() }
            for writer in writers {
                let result = writer.finish()
                #expect(result.status == 0, "a writer failed: \(result.error)")
            }

            let path = folder.file("shared.plist")
            #expect(checker.problem(withFileAt: path) == nil)
            let stored = SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false)
            #expect(stored.loadProblem == nil)
            let expected = Set((0..<processes).flatMap { process in (0..<keysEach).map { "p\(process)-\($0)" } })
            let missing = expected.subtracting(stored.storedValues().keys)
            #expect(missing.isEmpty, "missing keys: \(missing.sorted().prefix(10))")
            return stored.storedValues().count
        }
    }
}
