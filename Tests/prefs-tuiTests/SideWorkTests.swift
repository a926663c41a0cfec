import Foundation
import PrefsModel
import Testing
@testable import prefs_tui

/// Work handed to a worker while the caller reads the schema (`render --schema`, the editor):
/// the result never waits for a worker that has not begun, and the work is done exactly once.
@Suite("Work on a worker that the caller can take back")
struct SideWorkTests {
    /// A worker pool that never starts the work it is given (a container at its `pids.max`).
    private static func neverStarts(_ work: @escaping @Sendable () -> Void) {}

    @Test func aWorkerThatNeverBeginsLeavesTheWorkToTheCaller() {
        let runs = Locked(0)
        let work = SideWork(start: Self.neverStarts) {
            runs.withLock { $0 += 1 }
            return "opened"
        }

        #expect(work.result() == "opened")
        #expect(work.result() == "opened")
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func aWorkerThatBeganIsWaitedForAndTheWorkIsDoneOnce() {
        let runs = Locked(0)
        let began = DispatchSemaphore(value: 0)
        let mayFinish = DispatchSemaphore(value: 0)
        let work = SideWork(start: { job in Thread.detachNewThread(job) }) {
            runs.withLock { $0 += 1 }
            began.signal()
            mayFinish.wait()
            return Thread.isMainThread ? "main" : "worker"
        }
        began.wait()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { mayFinish.signal() }

        #expect(work.result() == "worker")
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func workGivenUpBeforeTheWorkerBeginsIsNotDone() {
        let runs = Locked(0)
        let held = Locked<(@Sendable () -> Void)?>(nil)
        let work = SideWork(start: { job in held.withLock { $0 = job } }) {
            runs.withLock { $0 += 1 }
            return 1
        }

        work.drop()
        held.withLock { $0 }?()

        #expect(runs.withLock { $0 } == 0)
    }

    @Test func aWorkerThatBeginsAfterTheCallerTookTheWorkDoesNothing() {
        let runs = Locked(0)
        let held = Locked<(@Sendable () -> Void)?>(nil)
        let work = SideWork(start: { job in held.withLock { $0 = job } }) {
            runs.withLock { $0 += 1 }
            return 1
        }

        #expect(work.result() == 1)
        held.withLock { $0 }?()

        #expect(runs.withLock { $0 } == 1)
    }
}
