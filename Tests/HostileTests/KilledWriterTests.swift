import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Writers killed with SIGKILL at random moments while they write: the suite stays valid,
    /// no lock is left to block the next writer, and at most the killed write's temporary
    /// file remains, which the next write removes.
    @Suite("Killed writers")
    struct KilledWriters {
        static let seed: UInt64 = 20_261_123

        struct Tally {
            var kills = 0, temporaryFilesLeft = 0, invalidSuites = 0, strayFiles = 0, lostConfirmedWrites = 0
            var blockedWriters = 0, failedWriters = 0, temporaryFilesKept = 0
            var problems: [String] = []
            var failures: Int {
                invalidSuites + strayFiles + lostConfirmedWrites + blockedWriters + failedWriters + temporaryFilesKept
            }
        }

        @Test func aKilledWriterLeavesAValidSuiteNoLockAndOnlyItsOwnTemporaryFile() async throws {
            let runs = HostileRun.count(5)
            let killsPerRun = HostileRun.count(50, minimum: 5)
            let checker = try PlistLibChecker()
            var generator = SeededGenerator(seed: Self.seed)
            var tally = Tally()

            for _ in 1...runs {
                let folder = TemporaryDirectory()
                try SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false).commit(["base": .int(1)])
                for kill in 0..<killsPerRun {
                    try await killOneWriter(number: kill, folder: folder, checker: checker, generator: &generator, tally: &tally)
                }
            }

            HostileRun.report("""
                killed writers: \(tally.kills) SIGKILLs at random moments in \(runs) runs; \(tally.invalidSuites) invalid suites, \
                \(tally.blockedWriters) next writers blocked, \(tally.lostConfirmedWrites) confirmed writes lost; \
                \(tally.temporaryFilesLeft) kills left their temporary file, \(tally.temporaryFilesKept) of them kept after the next write; \
                \(tally.strayFiles) other leftovers
                """)
            #expect(tally.failures == 0, "\(tally.problems.prefix(10).joined(separator: "\n"))")
        }

        private func killOneWriter(number: Int, folder: TemporaryDirectory, checker: PlistLibChecker,
                                   generator: inout SeededGenerator, tally: inout Tally) async throws {
            let programs = Programs(configHome: folder.path)
            let writer = programs.helper("write-until-killed", "shared", "k\(number)", "2000")
            try writer.start()
            // Start-up is not interesting: wait until it is writing, then kill it at a random
            // moment 0–40 ms later, somewhere inside one of its writes or between two.
            guard await eventually(within: .seconds(30), { writer.outputSoFar.contains("\n") }) else {
                tally.failedWriters += 1
                tally.problems.append("writer \(number) never wrote: \(writer.stop(signal: SIGKILL).error)")
                return
            }
            try await Task.sleep(for: .microseconds(Int.random(in: 0...40_000, using: &generator)))
            let killed = writer.stop(signal: SIGKILL)
            tally.kills += 1
            let pid = writer.processIdentifier

            if let problem = checker.problem(withFileAt: folder.file("shared.plist")) {
                tally.invalidSuites += 1
                tally.problems.append("after kill \(number): plistlib: \(problem)")
            }
            let ownTemporaries = folder.names.filter { $0.hasPrefix("shared.plist.tmp-\(pid)-") }
            let stray = folder.names.subtracting(["shared.plist", "shared.plist.lock"]).subtracting(ownTemporaries)
            if !stray.isEmpty {
                tally.strayFiles += 1
                tally.problems.append("after kill \(number): \(stray.sorted())")
            }
            let leftTemporary = !ownTemporaries.isEmpty
            if leftTemporary { tally.temporaryFilesLeft += 1 }
            checkConfirmedWriteSurvived(killed, number: number, folder: folder, tally: &tally)

            // Without --schema, prefs-tui infers the settings from the file: "base" is an int there.
            let next = programs.prefsTUI(["set", "base", String(number + 2), "--suite", "shared"])
            try next.start()
            guard let result = await next.finish(within: .seconds(30)) else {
                tally.blockedWriters += 1
                tally.problems.append("the writer after kill \(number) was blocked for 30 s")
                next.stop(signal: SIGKILL)
                return
            }
            if result.status != 0 {
                tally.failedWriters += 1
                tally.problems.append("the writer after kill \(number) failed: \(result.status) \(result.error)")
            }
            if leftTemporary && !folder.names.isDisjoint(with: ownTemporaries) {
                tally.temporaryFilesKept += 1
                tally.problems.append("the next write kept \(ownTemporaries.sorted())")
            }
        }

        /// The writer printed n after commit n returned: that value (or a later one) must be on disk.
        private func checkConfirmedWriteSurvived(_ killed: ChildProcess.Result, number: Int, folder: TemporaryDirectory,
                                                 tally: inout Tally) {
            let confirmed = killed.output.split(separator: "\n").compactMap { Int($0) }.max() ?? 0
            let stored = SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false)
            guard case .string(let value)? = stored.storedValue(forKey: "k\(number)-\(confirmed % 40)"),
                  let sequence = value.split(separator: ":").first.flatMap({ Int($0) }), sequence >= confirmed else {
                tally.lostConfirmedWrites += 1
                tally.problems.append("kill \(number): write \(confirmed) was confirmed but is not on disk")
                return
            }
        }
    }
}
