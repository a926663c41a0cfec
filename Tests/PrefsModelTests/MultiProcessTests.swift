import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Real processes writing one suite at once, each in a temporary XDG_CONFIG_HOME. One quick
/// check here; the repeated runs (4×200 and 8×100 writers, 5 runs each, killed writers, raw
/// readers) are in the hostile suite: `PREFS_HOSTILE=1 swift test --filter HostileTests`.
@Suite("Several processes on one suite")
struct MultiProcessTests {
    @Test func writersLoseNoKeyAndAReaderNeverSeesAnEmptyOrHalfWrittenSuite() throws {
        let directory = TemporaryDirectory()
        let seed = SuiteStore(suiteName: "shared", directory: directory.path, watchForChanges: false)
        try seed.commit(Dictionary(uniqueKeysWithValues: (0..<20).map { ("seed-\($0)", PlistValue.int($0)) }))
        let writers = (0..<4).map {
            HelperProcess.make(["write-keys", "shared", "w\($0)", "40"], configHome: directory.path)
        }

        for writer in writers { try writer.start() }
        var reads = 0
        var smallest = Int.max
        var problems: [String] = []
        while writers.contains(where: { $0.isRunning }) || reads < 20 {
            let reader = SuiteStore(suiteName: "shared", directory: directory.path, watchForChanges: false)
            smallest = min(smallest, reader.storedValues().count)
            if let problem = reader.loadProblem { problems.append(problem) }
            reads += 1
        }
        let statuses = writers.map { $0.finish().status }

        #expect(statuses == [0, 0, 0, 0])
        #expect(smallest >= 20, "a read saw only \(smallest) keys")
        #expect(problems.isEmpty)
        #expect(SuiteStore(suiteName: "shared", directory: directory.path, watchForChanges: false).storedValues().count == 20 + 4 * 40)
    }
}
