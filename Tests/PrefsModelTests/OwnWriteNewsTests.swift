import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A store's own write comes back from the file watcher as news of a changed file; reading the
/// file then would only find what the write already reported (issue 29, item 6).
@Suite("The news of a store's own write")
struct OwnWriteNewsTests {
    @Test func isNotReadBackWhileAnotherProgramsWriteIs() async throws {
        let folder = TemporaryDirectory()
        let watched = SuiteStore(suiteName: "s", directory: folder.path)
        let other = SuiteStore(suiteName: "s", directory: folder.path, watchForChanges: false)

        for round in 1...3 {
            _ = try watched.commit(["own": .int(round)])
            // Another program's write after it: once the watcher has taken that, it has taken
            // the news of the own write before it too (one queue, in order).
            _ = try other.commit(["theirs": .int(round)])
            #expect(await eventually { watched.storedValue(forKey: "theirs") == .int(round) })
        }

        #expect(watched.watcherReads == 3, "read back its own writes too: \(watched.watcherReads) reads")
        #expect(watched.storedValue(forKey: "own") == .int(3))
    }

    @Test func aVersionIsKnownOnlyByATimeWithNanoseconds() throws {
        let folder = TemporaryDirectory()
        let store = SuiteStore(suiteName: "s", directory: folder.path, watchForChanges: false)
        _ = try store.commit(["a": .int(1)])
        var identity = try #require(SuiteFile(path: store.path).identity())
        identity.modifiedNanoseconds = max(1, identity.modifiedNanoseconds)

        var coarse = identity
        coarse.modifiedNanoseconds = 0
        var reused = identity
        reused.size += 1

        #expect(SuiteStore.isKnownVersion(identity, known: identity))
        #expect(!SuiteStore.isKnownVersion(coarse, known: coarse))     // whole seconds: read again
        #expect(!SuiteStore.isKnownVersion(reused, known: identity))
    }
}
