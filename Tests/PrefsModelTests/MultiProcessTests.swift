import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Real processes writing one suite at once, each in a temporary XDG_CONFIG_HOME.
@Suite("Several processes on one suite", .serialized)
struct MultiProcessTests {
    /// Launches `processes` writers of `keysEach` distinct keys and returns how many keys survive.
    private func survivingKeys(processes: Int, keysEach: Int) throws -> Int {
        let directory = TemporaryDirectory()
        let writers = (0..<processes).map {
            HelperProcess.make(["write-keys", "shared", "p\($0)", String(keysEach)], configHome: directory.path)
        }
        for writer in writers { try writer.start() }
        for writer in writers {
            let result = writer.finish()
            #expect(result.status == 0, "\(result.error)")
        }
        let store = SuiteStore(suiteName: "shared", directory: directory.path, watchForChanges: false)
        #expect(store.loadProblem == nil)
        return store.storedValues().count
    }

    @Test(arguments: 1...3)
    func fourProcessesTimesTwoHundredKeysLeaveEightHundred(run: Int) throws {
        #expect(try survivingKeys(processes: 4, keysEach: 200) == 800)
    }

    @Test(arguments: 1...3)
    func eightProcessesTimesOneHundredKeysLeaveEightHundred(run: Int) throws {
        #expect(try survivingKeys(processes: 8, keysEach: 100) == 800)
    }

    @Test func aReaderNeverSeesAnEmptyOrHalfWrittenSuiteWhileWritersWork() throws {
        let directory = TemporaryDirectory()
        let seed = SuiteStore(suiteName: "shared", directory: directory.path, watchForChanges: false)
        try seed.commit(Dictionary(uniqueKeysWithValues: (0..<50).map { ("seed-\($0)", PlistValue.int($0)) }))
        let writers = (0..<4).map {
            HelperProcess.make(["write-keys", "shared", "w\($0)", "150"], configHome: directory.path)
        }
        for writer in writers { try writer.start() }

        var reads = 0
        var smallest = Int.max
        var problems: [String] = []
        while writers.contains(where: { $0.isRunning }) || reads < 50 {
            let reader = SuiteStore(suiteName: "shared", directory: directory.path, watchForChanges: false)
            smallest = min(smallest, reader.storedValues().count)
            if let problem = reader.loadProblem { problems.append(problem) }
            reads += 1
        }
        for writer in writers { _ = writer.finish() }

        #expect(reads >= 50)
        #expect(smallest >= 50, "a read saw only \(smallest) keys")
        #expect(problems.isEmpty)
        #expect(SuiteStore(suiteName: "shared", directory: directory.path, watchForChanges: false).storedValues().count == 650)
    }
}
