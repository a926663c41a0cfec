import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// The editor's writes off the loop's thread, against a real suite whose lock this test holds
/// (as a stopped writer would): the wait is reported, closing ends it with nothing written,
/// and keys held behind it never start a write after the editor closed.
@Suite("Editor writes on their own queue", .serialized)
struct WriteQueueTests {
    /// A suite in a fresh folder, its lock held by this process until `release`.
    private final class LockedSuite {
        let directory = TemporaryDirectory()
        let prefs: Preferences
        private let lock: Int32

        init() {
            // A lock limit far beyond the test's own waits: the write here ends by being
            // cancelled, never by the limit, however loaded the machine.
            let store = SuiteStore(suiteName: "com.example.weather", directory: directory.path, watchForChanges: false,
                                   options: SuiteStore.Options(lockTimeout: .seconds(600)))
            prefs = Preferences(store: store, schema: WeatherSettings.schema)
            lock = open(directory.file("com.example.weather.plist.lock"), O_RDWR | O_CREAT, 0o600)
            flock(lock, LOCK_EX)
        }

        func release() {
            flock(lock, LOCK_UN)
            close(lock)
        }

        var stored: [String: PlistValue] {
            SuiteStore(suiteName: "com.example.weather", directory: directory.path, watchForChanges: false).storedValues()
        }
    }

    @Test func closingWhileAWriteWaitsReportsItUnsavedAndStartsNoWriteForHeldKeys() async throws {
        let suite = LockedSuite()
        defer { suite.release() }
        let wakes = Locked(0)
        let writes = WriteQueue(suite.prefs) { wakes.withLock { $0 += 1 } }
        let controller = EditorController(prefs: suite.prefs, suiteName: "com.example.weather", width: 100, height: 30, writes: writes)

        controller.handle([.right, .right, .down, .right])        // the first write waits; the rest are held
        // The wait is told after a second (the events stay in the queue for finishWrites).
        #expect(await eventually(within: .seconds(30)) { wakes.withLock { $0 } > 0 })
        #expect(controller.state.heldInput.count == 3)

        let unsaved = EditorLoop.finishWrites(writes, controller)
        suite.release()
        let afterClose = writes.finish()                             // whatever was queued after has run

        #expect(afterClose.isEmpty, "a write was started after the editor closed: \(afterClose)")
        #expect(controller.state.pendingWrite == nil)
        #expect(unsaved?.keys == ["temperatureNotation"])
        // The holder is this test process, which the lock table names as "another process".
        #expect(unsaved?.reason.hasPrefix("not saved: the editor closed while another process held the lock ") == true,
                "\(unsaved?.reason ?? "")")
        #expect(suite.stored.isEmpty)
    }

    @Test func writesRunInOrderAndEachResultComesBackAsAnEvent() async throws {
        let suite = LockedSuite()
        suite.release()
        let writes = WriteQueue(suite.prefs) {}
        let controller = EditorController(prefs: suite.prefs, suiteName: "com.example.weather", width: 100, height: 30, writes: writes)

        controller.handle([.right, .right, .down, .right])
        // Each result replays the keys held behind it, which may ask for the next write.
        var rounds = 0
        while controller.state.pendingWrite != nil && rounds < 100 {
            for event in writes.finishTaking() { controller.send(event) }
            rounds += 1
        }

        #expect(suite.stored == ["temperatureNotation": .string("kelvin"), "unitsNotation": .string("imperial")])
        #expect(controller.committed.personChanges.map(\.key) == ["temperatureNotation", "unitsNotation"])
    }
}

extension WriteQueue {
    /// Waits for the writes asked for so far, then takes their events (tests only: no cancel).
    func finishTaking() -> [EditorEvent] {
        drain()
        return take()
    }
}
