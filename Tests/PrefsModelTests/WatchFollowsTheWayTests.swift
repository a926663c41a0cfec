import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A watch follows the suite's path as a name, not the file or folder it found first (issue 38,
/// items 1 and 2): a suite that becomes a link, or a config folder moved away and made again,
/// stays heard.
@Suite("A watch that follows the suite's path", .serialized)
struct WatchFollowsTheWayTests {
    /// Records the keys of every batch a store reports.
    private func keysSeen(by store: SuiteStore) -> (Recorder<String>, ObservationToken) {
        let seen = Recorder<String>()
        let token = store.addChangeHandler { batch in for change in batch.changes { seen.append(change.key) } }
        return (seen, token)
    }

    @Test func aSuiteReplacedByALinkIsHeardThroughTheLinksTarget() async throws {
        let config = TemporaryDirectory()
        let dotfiles = TemporaryDirectory()
        let store = SuiteStore(suiteName: "app", directory: config.path)
        try store.commit(["first": .int(1)])
        let (seen, token) = keysSeen(by: store)
        defer { token.cancel() }

        // As GNU stow and chezmoi do: a link made beside the file, then renamed over it.
        try SuiteStore(suiteName: "app", directory: dotfiles.path, watchForChanges: false).commit(["first": .int(1)])
        try FileManager.default.createSymbolicLink(atPath: config.file("t"), withDestinationPath: dotfiles.file("app.plist"))
        #expect(rename(config.file("t"), config.file("app.plist")) == 0)
        #expect(await eventually { store.watcherReads >= 1 }, "the link's arrival went unread")

        // Then the target is replaced in its own folder, as a dotfile manager writes it.
        try SuiteStore(suiteName: "app", directory: dotfiles.path, watchForChanges: false).commit(["theirs": .int(2)])

        #expect(await eventually { seen.all.contains("theirs") }, "a change of the link's target went unheard")
        #expect(store.storedValue(forKey: "theirs") == .int(2))
    }

    @Test func aLinkPointedElsewhereIsHeardAtItsNewTargetOnly() async throws {
        let config = TemporaryDirectory()
        let first = TemporaryDirectory()
        let second = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: config.file("app.plist"), withDestinationPath: first.file("app.plist"))
        let store = SuiteStore(suiteName: "app", directory: config.path)
        let (seen, token) = keysSeen(by: store)
        defer { token.cancel() }

        try FileManager.default.createSymbolicLink(atPath: config.file("t"), withDestinationPath: second.file("app.plist"))
        #expect(rename(config.file("t"), config.file("app.plist")) == 0)
        #expect(await eventually { store.watcherReads >= 1 })
        try SuiteStore(suiteName: "app", directory: second.path, watchForChanges: false).commit(["second": .int(2)])

        #expect(await eventually { seen.all.contains("second") }, "the new target's change went unheard")
    }

    @Test func aConfigFolderMovedAwayAndMadeAgainIsHeard() async throws {
        let home = TemporaryDirectory()
        let folder = home.file("cfg/app")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = SuiteStore(suiteName: "app", directory: folder)
        let (seen, token) = keysSeen(by: store)
        defer { token.cancel() }

        try FileManager.default.moveItem(atPath: home.file("cfg"), toPath: home.file("cfg.old"))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try SuiteStore(suiteName: "app", directory: folder, watchForChanges: false).commit(["city": .string("Bergen")])

        #expect(await eventually { seen.all.contains("city") }, "the store still watches the moved folder")
        #expect(store.storedValue(forKey: "city") == .string("Bergen"))
    }

    @Test func aFolderMovedAwayTakesItsValuesWithItAtOnce() async throws {
        let home = TemporaryDirectory()
        let folder = home.file("cfg/app")
        // Written before the watching store opens, so no news of that write is on its way.
        try SuiteStore(suiteName: "app", directory: folder, watchForChanges: false).commit(["city": .string("Hamar")])
        let store = SuiteStore(suiteName: "app", directory: folder)
        let (seen, token) = keysSeen(by: store)
        defer { token.cancel() }

        try FileManager.default.moveItem(atPath: home.file("cfg"), toPath: home.file("cfg.old"))

        #expect(await eventually { seen.all.contains("city") }, "a folder above moved away went unnoticed")
        #expect(store.storedValue(forKey: "city") == nil)
    }

    @Test func aMonitorHearsAFolderAboveMovedAwayAndTheNewFolderAfterIt() async throws {
        let home = TemporaryDirectory()
        let folder = home.file("cfg/app")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let monitor = FileChangeMonitor(useInotify: true)
        let calls = Recorder<Int>()
        let token = monitor.watch(directory: folder, fileName: "x.plist") { calls.append(1) }

        try FileManager.default.moveItem(atPath: home.file("cfg"), toPath: home.file("cfg.old"))
        #expect(await eventually { calls.count > 0 }, "the move above went unheard")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let before = calls.count
        try Data("x".utf8).write(to: URL(fileURLWithPath: home.file("cfg/app/x.plist")), options: .atomic)

        #expect(await eventually { calls.count > before }, "the new folder's file went unheard")
        #expect(!monitor.isPolling)
        token.cancel()
    }

    /// A folder on the way replaced by a rename onto its name, as `ln -sfn` switches a link to
    /// another folder (review of issue 38, item 2): only the name's arrival is reported.
    @Test func aConfigLinkSwitchedToAnotherFolderIsHeard() async throws {
        let home = TemporaryDirectory()
        for version in ["v1", "v2"] {
            try FileManager.default.createDirectory(atPath: home.file("\(version)/app"), withIntermediateDirectories: true)
        }
        try SuiteStore(suiteName: "app", directory: home.file("v2/app"), watchForChanges: false).commit(["city": .string("Bergen")])
        try FileManager.default.createSymbolicLink(atPath: home.file("cfg"), withDestinationPath: home.file("v1"))
        let store = SuiteStore(suiteName: "app", directory: home.file("cfg/app"))
        let (seen, token) = keysSeen(by: store)
        defer { token.cancel() }

        try FileManager.default.createSymbolicLink(atPath: home.file("next"), withDestinationPath: home.file("v2"))
        #expect(rename(home.file("next"), home.file("cfg")) == 0)

        #expect(await eventually { seen.all.contains("city") }, "the link switched to another folder went unheard")
        #expect(store.storedValue(forKey: "city") == .string("Bergen"))
    }
}
