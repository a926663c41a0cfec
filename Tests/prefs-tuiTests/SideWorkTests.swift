import Foundation
import PrefsModel
import Testing
@testable import prefs_tui

/// Work handed to a worker while the caller reads the schema (`render --schema`, the editor):
/// the result never waits for a worker that has not begun, and the work is done exactly once.
@Suite("Work on a worker that the caller can take back")
struct SideWorkTests {
    /// A start that never runs the work it is given (a thread the kernel refused).
    private static func neverStarts(_ work: @escaping @Sendable () -> Void) {}

    @Test func aWorkerThatNeverBeginsLeavesTheWorkToTheCaller() {
        let runs = Locked(0)
        let work = SideWork(start: Self.neverStarts) {
            runs.withLock { $0 += 1 }
            return pthread_self()
        }

        let doneOn = work.result()

        #expect(pthread_equal(doneOn, pthread_self()) != 0)
        #expect(work.result() == doneOn)
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func aWorkerThatBeganIsWaitedForAndTheWorkIsDoneOnceOnItsThread() {
        let runs = Locked(0)
        let doneOn = Locked<pthread_t?>(nil)
        let began = DispatchSemaphore(value: 0)
        let mayFinish = DispatchSemaphore(value: 0)
        let work = SideWork(start: SideWorkStart.onAThread) {
            runs.withLock { $0 += 1 }
            began.signal()
            // Bounded: a caller that did the work a second time would otherwise wait for ever.
            _ = mayFinish.wait(timeout: .now() + 5)
            doneOn.withLock { $0 = pthread_self() }
            return 1
        }
        #expect(began.wait(timeout: .now() + 5) == .success)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { mayFinish.signal() }

        #expect(work.result() == 1)
        #expect(runs.withLock { $0 } == 1)
        let worker = doneOn.withLock { $0 }
        #expect(worker.map { pthread_equal($0, pthread_self()) == 0 } == true, "done on the caller's thread, or not at all")
    }

    /// Work that counts its runs, on a thread the test begins itself with `beginThread()`.
    private struct HeldWork {
        let runs = Locked(0)
        private let held = Locked<(@Sendable () -> Void)?>(nil)
        let work: SideWork<Int>

        init() {
            let runs = self.runs, held = self.held
            work = SideWork(start: { job in held.withLock { $0 = job } }) {
                runs.withLock { $0 += 1 }
                return 1
            }
        }

        func beginThread() { held.withLock { $0 }?() }
    }

    @Test func workGivenUpBeforeTheWorkerBeginsIsNotDone() {
        let held = HeldWork()

        held.work.drop()
        held.beginThread()

        #expect(held.runs.withLock { $0 } == 0)
    }

    @Test func aWorkerThatBeginsAfterTheCallerTookTheWorkDoesNothing() {
        let held = HeldWork()

        #expect(held.work.result() == 1)
        held.beginThread()

        #expect(held.runs.withLock { $0 } == 1)
    }
}
