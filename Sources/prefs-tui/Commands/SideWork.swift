import Dispatch
import Glibc
import PrefsModel

/// Work handed to a thread of its own while this thread does something else, which this thread
/// does itself if that thread has not begun it by the time its result is needed, or could not
/// be made at all (a container's `pids.max`, `ulimit -u`): the result never waits for a thread
/// that may never come, only for work already under way.
final class SideWork<Result: Sendable>: Sendable {
    private enum State {
        /// Nobody has begun the work; `workerMayBegin` false once the result was given up.
        case waiting(@Sendable () -> Result, workerMayBegin: Bool)
        case running
        case finished(Result)
    }

    private let state: Locked<State>
    /// Signalled when the work is finished, whoever did it, and passed on by each waiter.
    private let finished = DispatchSemaphore(value: 0)

    /// Hands `work` to `start` at once.
    init(start: (@escaping @Sendable () -> Void) -> Void = SideWorkStart.onAThread, _ work: @escaping @Sendable () -> Result) {
        state = Locked(.waiting(work, workerMayBegin: true))
        start { [self] in
            guard let work = claim(byWorker: true) else { return }
            finish(with: work())
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

    private func finish(with result: Result) {
        state.withLock { $0 = .finished(result) }
        finished.signal()
    }

    /// The work's result: done here if the worker has not begun it, else waited for.
    func result() -> Result {
        if let work = claim(byWorker: false) {
            let result = work()
            finish(with: result)
            return result
        }
        while true {
            let done = state.withLock { state -> Result? in
                if case .finished(let result) = state { return result }
                return nil
            }
            if let done { return done }
            finished.wait()
            finished.signal()   // for any other caller waiting
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
    /// On a detached thread made for it, or nowhere if no thread can be made. Not on a dispatch
    /// queue: libdispatch makes a pool thread on the queuing thread, and when the kernel refuses
    /// one (EAGAIN) it sleeps a second and tries again, for ever, so the caller would hang
    /// before it got to the work itself.
    static func onAThread(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work))
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<WorkBox>.fromOpaque(context!).takeRetainedValue().work()
            return nil
        }, box.toOpaque())
        if status == 0 {
            pthread_detach(thread)
        } else {
            box.release()
        }
    }

    /// Nowhere: the work is done by the first `result()`.
    static func later(_ work: @escaping @Sendable () -> Void) {}

    private final class WorkBox: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
}
