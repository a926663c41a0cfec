import Glibc
import PrefsModel

/// A terminal in memory, so that the editor's loop runs in a test with no terminal: the test
/// hands it input and signals as a person and the system would, and reads the frames the loop
/// drew. The loop sleeps on a pipe that each hand-over writes to, as it sleeps on a real one.
/// Thread-safe: the loop runs on a thread of its own.
final class InMemoryTerminal: TerminalBackend, @unchecked Sendable {
    private struct State {
        var size: (width: Int, height: Int)
        var pending: [EditorEvent] = []
        var frames: [ScreenGrid] = []
        var repaints = 0
        var suspensions = 0
        var suspendRequested = false
        var continued = false
        var stopSignal: Int32?
        var capturesMouse = false
        var ended = false
    }

    private let state: Locked<State>
    private let readEnd: Int32
    private let writeEnd: Int32
    let isUTF8: Bool

    init(width: Int = 80, height: Int = 24, isUTF8: Bool = true) {
        state = Locked(State(size: (width, height)))
        self.isUTF8 = isUTF8
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "a pipe for the in-memory terminal")
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    // MARK: What the test does

    /// Input, as the terminal would read it.
    func send(_ events: EditorEvent...) { send(events) }

    /// Input, as the terminal would read it (one read: a burst of keys).
    func send(_ events: [EditorEvent]) {
        state.withLock { $0.pending += events }
        wake()
    }

    /// The window is now this size: the next read reports it, as a real terminal's resize does.
    func resize(width: Int, height: Int) {
        state.withLock { state in
            state.size = (width, height)
            state.pending.append(.resize(width: width, height: height))
        }
        wake()
    }

    /// A stop sent from outside (SIGTSTP), then the continue that ends it.
    func stopFromOutside() {
        state.withLock { $0.suspendRequested = true }
        wake()
    }

    /// A signal that ends programs (SIGTERM, SIGHUP …) arrived.
    func deliver(signal: Int32) {
        state.withLock { $0.stopSignal = signal }
        wake()
    }

    /// The frames drawn so far, the last one last.
    var frames: [ScreenGrid] { state.withLock { $0.frames } }
    var lastFrame: String { state.withLock { $0.frames.last?.text ?? "" } }
    var suspensions: Int { state.withLock { $0.suspensions } }
    var repaints: Int { state.withLock { $0.repaints } }
    var capturesMouse: Bool { state.withLock { $0.capturesMouse } }
    var hasEnded: Bool { state.withLock { $0.ended } }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    // MARK: What the loop sees

    var size: (width: Int, height: Int) { state.withLock { $0.size } }
    var inputDescriptor: Int32 { readEnd }

    func readEvents() -> [EditorEvent] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return state.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
    }

    func draw(_ frame: ScreenGrid) { state.withLock { $0.frames.append(frame) } }
    func repaintAll() { state.withLock { $0.repaints += 1 } }
    func captureMouse(_ on: Bool) { state.withLock { $0.capturesMouse = on } }

    func suspend() {
        // A real terminal stops the process here; this one is continued at once.
        state.withLock { state in
            state.suspensions += 1
            state.continued = true
        }
    }

    func takeSuspendRequest() -> Bool {
        state.withLock { state in
            defer { state.suspendRequested = false }
            return state.suspendRequested
        }
    }

    func takeContinued() -> Bool {
        state.withLock { state in
            defer { state.continued = false }
            return state.continued
        }
    }

    var stopSignal: Int32? { state.withLock { $0.stopSignal } }

    func end() { state.withLock { $0.ended = true } }
}
