import Dispatch
import PrefsModel

/// Work handed to a worker thread while this thread does something else, which this thread
/// does itself if the worker has not begun it by the time its result is needed. A pool that
/// cannot start a thread (a container's `pids.max` reached) then delays nothing and blocks
/// nothing: the result never waits for a thread that may never come, only for work already
/// under way.
final class SideWork<Result: Sendable>: Sendable {
    private enum State {
        /// Nobody has begun the work; `workerMayBegin` false once the result was given up.
        case waiting(@Sendable () -> Result, workerMayBegin: Bool)
        case running
        case finished(Result)
    }

    private let state: Locked<State>
    private let finished = DispatchSemaphore(value: 0)

    /// Hands `work` to `start` at once.
    init(start: (@escaping @Sendable () -> Void) -> Void = SideWorkStart.onAWorker, _ work: @escaping @Sendable () -> Result) {
        state = Locked(.waiting(work, workerMayBegin: true))
        start { [self] in
            guard let work = claim(byWorker: true) else { return }
            let result = work()
            state.withLock { $0 = .finished(result) }
            finished.signal()
        }
    }

    /// The work to do, if nobody has taken it yet (and, for the worker, it was not given up);
    /// marks it taken.
    private func claim(byWorker: Bool) -> (@Sendable () -> Result)? {
        state.withLock { state in
            guard case .waiting(let work, let workerMayBegin) = state, workerMayBegin || !byWorker else { return nil }
            state = .running
            return work
        }
    }

    /// The work's result: done here if the worker has not begun it, else waited for.
    func result() -> Result {
        if let work = claim(byWorker: false) {
            let result = work()
            state.withLock { $0 = .finished(result) }
            return result
        }
        while true {
            let done = state.withLock { state -> Result? in
                if case .finished(let result) = state { return result }
                return nil
            }
            if let done { return done }
            finished.wait()
            finished.signal()   // for any later call
        }
    }

    /// Gives the result up: a worker that has not begun leaves the work undone (a later
    /// `result()` would still do it here).
    func drop() {
        state.withLock { state in
            if case .waiting(let work, _) = state { state = .waiting(work, workerMayBegin: false) }
        }
    }
}

/// Where a ``SideWork`` begins.
enum SideWorkStart {
    /// On the global queue.
    static func onAWorker(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .userInitiated).async(execute: work)
    }

    /// Nowhere: the work is done by the first `result()`.
    static func later(_ work: @escaping @Sendable () -> Void) {}
}
