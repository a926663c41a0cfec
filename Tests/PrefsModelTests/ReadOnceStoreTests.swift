import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A store that does not keep the file's bytes (what `list`, `get` and `export` open, to keep
/// their peak memory down) still reads, notices changes and writes exactly as one that does.
@Suite("A suite store without the file's bytes")
struct ReadOnceStoreTests {
    @Test func itReadsSeesOtherWritersAndWritesWithoutKeepingTheBytes() throws {
        let directory = TemporaryDirectory()
        var options = SuiteStore.Options()
        options.keepsFileBytes = false
        try SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false).commit(["a": .int(1)])
        let store = SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false, options: options)
        #expect(store.storedValues() == ["a": .int(1)])

        try SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false).commit(["b": .int(2)])
        store.reload()
        #expect(store.storedValues() == ["a": .int(1), "b": .int(2)])
        try store.commit(["c": .int(3)])

        #expect(SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false).storedValues()
                == ["a": .int(1), "b": .int(2), "c": .int(3)])
        #expect(!store.holdsFileBytes)
    }
}
