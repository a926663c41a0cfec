import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Writers each count their own key up while a reader in Python re-reads the raw file as
    /// fast as it can: no counter may ever go backwards, and the last values must be the last
    /// written.
    @Suite("Readers see time move forward")
    struct ForwardReaders {
        /// Reads the file in a loop with plistlib until every counter reached its target or the
        /// time is up. Prints "ready" after the first read, then one JSON summary.
        static let reader = """
            import json, plistlib, sys, time
            path, keys, target, limit = sys.argv[1], sys.argv[2].split(','), int(sys.argv[3]), float(sys.argv[4])
            seen = {key: 0 for key in keys}
            summary = {'reads': 0, 'backwards': 0, 'invalid': 0, 'missing': 0, 'finished': False, 'examples': []}
            deadline = time.monotonic() + limit
            announced = False
            while time.monotonic() < deadline:
                try:
                    with open(path, 'rb') as handle:
                        data = handle.read()
                except FileNotFoundError:
                    summary['missing'] += 1
                    continue
                summary['reads'] += 1
                try:
                    root = plistlib.loads(data, fmt=plistlib.FMT_XML)
                except Exception as error:
                    summary['invalid'] += 1
                    summary['examples'].append('unreadable: %s' % error)
                    continue
                if not announced:
                    print('ready', flush=True)
                    announced = True
                for key in keys:
                    value = root.get(key, 0)
                    if value < seen[key]:
                        summary['backwards'] += 1
                        summary['examples'].append('%s went from %d to %d' % (key, seen[key], value))
                    seen[key] = max(seen[key], value)
                if all(root.get(key, 0) == target for key in keys):
                    summary['finished'] = True
                    break
            summary['final'] = seen
            summary['examples'] = summary['examples'][:10]
            print(json.dumps(summary), flush=True)
            """

        struct Summary: Decodable {
            var reads: Int
            var backwards: Int
            var invalid: Int
            var missing: Int
            var finished: Bool
            var examples: [String]
            var final: [String: Int]
        }

        @Test func noCounterGoesBackwardsAndTheLastValuesAreTheLastWritten() async throws {
            let runs = HostileRun.count(5)
            let writers = 4
            let target = HostileRun.count(150, minimum: 20)
            var reads = 0, backwards = 0, invalid = 0, finishedRuns = 0

            for _ in 1...runs {
                let summary = try await race(writers: writers, target: target)
                reads += summary.reads
                backwards += summary.backwards
                invalid += summary.invalid + summary.missing
                if summary.finished { finishedRuns += 1 }
                #expect(summary.backwards == 0 && summary.invalid == 0 && summary.missing == 0, "\(summary.examples)")
                #expect(summary.finished, "the reader never saw all counters at \(target): \(summary.final)")
            }

            HostileRun.report("readers: \(writers) writers × \(target) increments, \(reads) raw plistlib reads in \(runs) runs: \(backwards) counters went backwards, \(invalid) unreadable reads, last values right in \(finishedRuns)/\(runs) runs")
        }

        private func race(writers: Int, target: Int) async throws -> Summary {
            let folder = TemporaryDirectory()
            let keys = (0..<writers).map { "counter\($0)" }
            try SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false)
                .commit(Dictionary(uniqueKeysWithValues: keys.map { ($0, PlistValue.int(0)) }))
            let reader = ChildProcess(program: "python3", arguments: [
                "-c", Self.reader, folder.file("shared.plist"), keys.joined(separator: ","), String(target), "300",
            ], configHome: folder.path)
            try reader.start()
            #expect(await eventually(within: .seconds(30)) { reader.outputSoFar.hasPrefix("ready") }, "\(reader.errorSoFar)")

            let programs = Programs(configHome: folder.path)
            let counters = keys.map { programs.helper("count-up", "shared", $0, String(target)) }
            for counter in counters { try counter.start() }
            for counter in counters {
                let result = counter.finish()
                #expect(result.status == 0, "\(result.error)")
            }
            guard let result = await reader.finish(within: .seconds(330)) else {
                reader.stop(signal: SIGKILL)
                throw POSIXError(.ETIMEDOUT)
            }
            let stored = SuiteStore(suiteName: "shared", directory: folder.path, watchForChanges: false).storedValues()
            #expect(keys.allSatisfy { stored[$0] == .int(target) }, "the file holds \(stored)")
            let json = result.output.split(separator: "\n").last.map(String.init) ?? ""
            return try JSONDecoder().decode(Summary.self, from: Data(json.utf8))
        }
    }
}
