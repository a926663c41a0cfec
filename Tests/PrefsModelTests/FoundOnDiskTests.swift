import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Another program's write that lands just before this store's commit is found under the
/// commit's lock. It is reported as that program's change, before the commit's own (issue 38,
/// item 3): folded into the commit, it reached observers as this writer's own change.
@Suite("Another program's write found by a commit")
struct FoundOnDiskTests {
    /// A suite file written as another program writes it: not through any store of this process.
    private func writeAsAnotherProgram(_ entries: [String: Int], to path: String) throws {
        let body = entries.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><integer>\($0.value)</integer>" }.joined()
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """
        let temporary = path + ".other-program"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: temporary))
        #expect(rename(temporary, path) == 0)
    }

    private func recordBatches(of store: SuiteStore) -> (Locked<[StoreChangeBatch]>, ObservationToken) {
        let batches = Locked<[StoreChangeBatch]>([])
        let token = store.addChangeHandler { batch in batches.withLock { $0.append(batch) } }
        return (batches, token)
    }

    @Test func isReportedAsTheOtherProgramsChangeBeforeTheCommitsOwn() throws {
        let folder = TemporaryDirectory()
        // Not watching: the other program's write is certain to be found by the commit first,
        // as it is when the write lands in the moment before the commit takes the lock.
        let store = SuiteStore(suiteName: "s", directory: folder.path, watchForChanges: false)
        let me = StoreWriter()
        try store.commit(["own": .int(1)], by: me)
        let (batches, token) = recordBatches(of: store)
        defer { token.cancel() }

        try writeAsAnotherProgram(["own": 1, "theirs": 7], to: store.path)
        let returned = try store.commit(["own": .int(2)], by: me)

        let seen = batches.withLock { $0 }
        #expect(seen == [
            StoreChangeBatch(changes: [StoredChange(key: "theirs", old: nil, new: .int(7))], source: .otherProcess),
            StoreChangeBatch(changes: [StoredChange(key: "own", old: .int(1), new: .int(2))], source: .commit(by: me)),
        ])
        // The commit's result still names everything that changed since the store's last look.
        #expect(returned.map(\.key) == ["own", "theirs"])
    }

    @Test func aRemovalByTheOtherProgramIsItsOwnChangeToo() throws {
        let folder = TemporaryDirectory()
        let store = SuiteStore(suiteName: "s", directory: folder.path, watchForChanges: false)
        let me = StoreWriter()
        try store.commit(["own": .int(1), "gone": .int(5)], by: me)
        let (batches, token) = recordBatches(of: store)
        defer { token.cancel() }

        try writeAsAnotherProgram(["own": 1], to: store.path)
        try store.commit(["own": .int(2)], by: me)

        #expect(batches.withLock { $0 }.map(\.source) == [.otherProcess, .commit(by: me)])
        #expect(batches.withLock { $0 }.first?.changes == [StoredChange(key: "gone", old: .int(5), new: nil)])
    }

    @Test func aCommitOnTheFileAsKnownReportsOnlyItsOwnChange() throws {
        let folder = TemporaryDirectory()
        let store = SuiteStore(suiteName: "s", directory: folder.path, watchForChanges: false)
        let me = StoreWriter()
        try store.commit(["own": .int(1)], by: me)
        let (batches, token) = recordBatches(of: store)
        defer { token.cancel() }

        try store.commit(["own": .int(2)], by: me)

        #expect(batches.withLock { $0 } == [
            StoreChangeBatch(changes: [StoredChange(key: "own", old: .int(1), new: .int(2))], source: .commit(by: me)),
        ])
    }
}
