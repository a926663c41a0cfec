import Foundation
import PrefsTestSupport
import Testing

/// A store that does not watch (what `get`, `render` and each site folder's store open) starts
/// none of the machinery watching needs: no inotify instance, and with it no dispatch source
/// and no libdispatch event thread. Checked in a process of its own, since this one's shared
/// monitor is made by the first test that watches.
@Suite("A store that does not watch")
struct UnwatchedStoreTests {
    private func inotifyInstances(watching: Bool) throws -> String {
        let folder = TemporaryDirectory()
        let result = try HelperProcess.run(["open-and-count-inotify", "com.example.weather", watching ? "watch" : "read-once"],
                                           configHome: folder.path)
        #expect(result.status == 0, "\(result.error)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func opensNoInotifyInstance() throws {
        #expect(try inotifyInstances(watching: false) == "inotify instances: 0")
    }

    @Test func whileAWatchingOneOpensExactlyOne() throws {
        #expect(try inotifyInstances(watching: true) == "inotify instances: 1")
    }
}
