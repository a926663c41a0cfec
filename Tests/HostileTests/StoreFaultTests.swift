import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// The suite store under faults, repeated: file versions whose identity repeats, a program
    /// rewriting the file in place without a lock, permission errors, over-long names, writers
    /// stopped with the lock held and writers killed inside a write.
    @Suite("The suite store under faults")
    struct StoreFaults {
        /// 8 writers count their own key up; every file they write gets the same modification
        /// time and size (a fixed-width counter), as on a file system with 1-second timestamps,
        /// so a reused inode makes a new version look like the old one. No counter may go
        /// backwards, in any read, and each must end on its last value.
        @Test func countersNeverGoBackwardsWhenTheFileIdentityRepeats() throws {
            let runs = HostileRun.count(5)
            let count = HostileRun.count(100, minimum: 10)
            var reads = 0, backwards = 0, wrongEnds = 0, failedWriters = 0
            var examples: [String] = []

            for _ in 1...runs {
                let folder = TemporaryDirectory()
                let programs = Programs(configHome: folder.path)
                let writers = (0..<8).map { programs.helper("count-up-pinned", "shared", "counter\($0)", String(count)) }
                var highest: [String: String] = [:]
                for writer in writers { try writer.start() }
                while writers.contains(where: { $0.isRunning }) {
                    let values = SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false).storedValues()
                    reads += 1
                    for (key, value) in values {
                        guard case .string(let text) = value else { continue }
                        if let before = highest[key], text < before {
                            backwards += 1
                            if examples.count < 5 { examples.append("\(key): \(before) → \(text)") }
                        }
                        highest[key] = max(highest[key] ?? "", text)
                    }
                }
                failedWriters += writers.map { $0.finish().status }.filter { $0 != 0 }.count
                let final = SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false).storedValues()
                let last = PlistValue.string(String(repeating: "0", count: 8 - String(count).count) + String(count))
                wrongEnds += (0..<8).filter { final["counter\($0)"] != last }.count
            }

            HostileRun.report("""
                pinned file identity, 8 writers counting to \(count), \(runs) runs: \(reads) reads, \(backwards) counters went \
                backwards, \(wrongEnds) of \(8 * runs) counters ended on an old value, \(failedWriters) writers failed
                """)
            #expect(backwards == 0 && wrongEnds == 0 && failedWriters == 0, "\(examples)")
        }

        /// A program using Foundation's `UserDefaults` (no lock; `synchronize()` truncates the
        /// file, then writes it) synchronizes in a loop while two of our writers commit their own
        /// keys. Our writers must never take the empty moment for "no settings": every key that
        /// program stored survives every run. Our own keys may be overwritten by that program's
        /// next synchronize (it writes back what it read before our write): counted, not a failure.
        @Test func aProgramRewritingInPlaceNeverLosesItsKeysToOurWriters() throws {
            let runs = HostileRun.count(5)
            let keysEach = HostileRun.count(150, minimum: 20)
            var lostForeignKeys: [Int] = []
            var oursSurviving: [Int] = []
            var failed = 0

            for _ in 1...runs {
                let folder = TemporaryDirectory()
                let programs = Programs(configHome: folder.path)
                let seed = programs.helper("foundation-write-every-type", "shared")
                try seed.start()
                failed += seed.finish().status == 0 ? 0 : 1
                let foreign = Set(SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false).storedValues().keys)
                let inPlace = programs.helper("foundation-rewrite-loop", "shared", String(keysEach * 3))
                let ours = (0..<2).map { programs.helper("write-keys", "shared", "ours\($0)", String(keysEach)) }

                try inPlace.start()
                for writer in ours { try writer.start() }
                failed += ([inPlace] + ours).map { $0.finish().status }.filter { $0 != 0 }.count

                let stored = SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false).storedValues()
                lostForeignKeys.append(foreign.subtracting(stored.keys).count)
                oursSurviving.append(stored.keys.filter { $0.hasPrefix("ours") }.count)
            }

            HostileRun.report("""
                in-place writer (Foundation synchronize ×\(keysEach * 3)) beside 2 of our writers ×\(keysEach), \(runs) runs: \
                its keys lost \(lostForeignKeys.reduce(0, +)) times (per run \(lostForeignKeys)); our keys surviving per run \
                \(oursSurviving) of \(2 * keysEach) (the rest overwritten by its unlocked rewrites); \(failed) processes failed
                """)
            #expect(lostForeignKeys.allSatisfy { $0 == 0 } && failed == 0)
        }

        /// A writer stopped (SIGSTOP) inside its write holds the lock: `get` answers at once,
        /// `set` gives up after the 5 s limit with exit 75 and writes nothing. Then the stopped
        /// writer is killed: its temporary file is left, and the next `set` removes it.
        @Test func aStoppedWriterBlocksNoReaderAndAKilledOnesLeftoversGo() async throws {
            let runs = HostileRun.count(3)
            var slowReads = 0, wrongWrites = 0, leftoversKept = 0
            var setTimes: [Double] = []

            for _ in 1...runs {
                let folder = TemporaryDirectory()
                let programs = Programs(configHome: folder.path)
                try programs.runPrefsTUI("set", "city", "Oslo")
                let holder = programs.helper("write-and-stop", "com.example.weather", "city", "Bergen")
                try holder.start()
                guard await eventually(within: .seconds(30), { holder.outputSoFar.contains("stopped") }) else {
                    holder.stop(signal: SIGKILL)
                    wrongWrites += 1
                    continue
                }
                let clock = ContinuousClock()
                let readStart = clock.now
                let get = try programs.runPrefsTUI("get", "city")
                if clock.now - readStart > .seconds(1) || get.output != "Oslo\n" { slowReads += 1 }
                let writeStart = clock.now
                let set = try programs.runPrefsTUI("set", "city", "Tromsø")
                let took = clock.now - writeStart
                setTimes.append(Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
                if set.status != 75 || took > .seconds(8) { wrongWrites += 1 }

                holder.stop(signal: SIGKILL)
                let leftover = folder.temporaryFiles
                let next = try programs.runPrefsTUI("set", "city", "Tromsø")
                if next.status != 0 || !folder.temporaryFiles.isEmpty || leftover.isEmpty { leftoversKept += 1 }
            }

            HostileRun.report("""
                stopped lock holder, \(runs) runs: get answered at once in \(runs - slowReads)/\(runs); set exit 75 in \
                \(String(format: "%.1f", setTimes.min() ?? 0))–\(String(format: "%.1f", setTimes.max() ?? 0)) s in \
                \(runs - wrongWrites)/\(runs); the killed holder's temporary file removed by the next set in \(runs - leftoversKept)/\(runs)
                """)
            #expect(slowReads == 0 && wrongWrites == 0 && leftoversKept == 0)
        }

        /// A config folder with mode 0000 owned by the user (run as `nobody` under root, who
        /// ignores modes): `get` warns naming the path and shows defaults, `set` exits 74 naming
        /// the path.
        @Test(.enabled(if: Unprivileged.unavailableReason == nil, "\(Unprivileged.unavailableReason ?? "")"))
        func aFolderWithMode0000IsAWarningForGetAndExit74ForSet() throws {
            let root = TemporaryDirectory()
            let config = root.file("config")
            try SuiteStore(suiteName: "com.example.weather", directory: config, watchForChanges: false).commit(["city": .string("Bergen")])
            let restore = Unprivileged.lockOut(config, in: root.path)
            defer { restore() }

            func run(_ arguments: String...) throws -> ChildProcess.Result {
                let child = Unprivileged.product("prefs-tui", arguments: arguments, configHome: config)
                try child.start()
                return child.finish()
            }
            let get = try run("get", "city")
            // Not the default, Oslo: a set to the default removes the stored value instead.
            let set = try run("set", "city", "Tromsø")

            let plist = config + "/com.example.weather.plist"
            HostileRun.report("mode-0000 config folder (as uid \(Unprivileged.userID)): get exit \(get.status) with a warning, set exit \(set.status)")
            #expect(get.status == 0 && get.output == "Oslo\n")
            #expect(get.error.contains("warning: \(plist) cannot be read (Permission denied)"), "\(get.error)")
            #expect(set.status == 74)
            #expect(set.error.contains("cannot write \(plist)") && set.error.contains("Permission denied"), "\(set.error)")
        }
    }
}
