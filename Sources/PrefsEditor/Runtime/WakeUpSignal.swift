import Glibc

/// The descriptor that wakes the editor's loop from `poll`: other threads (a change from
/// another program) and signal handlers (resize, stop, continue) write to it, so the loop can
/// sleep until something happens instead of waking on a timer.
final class WakeUpSignal: Sendable {
    /// The end the loop polls.
    let descriptor: Int32
    /// The end that wakes it, also given to the terminal guard's signal handlers.
    let writeDescriptor: Int32

    init() throws(PreferencesEditorError) {
        // A self-pipe, non-blocking at both ends: a write from a signal handler never blocks,
        // and a full pipe already means "wake up".
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw PreferencesEditorError.systemCallFailed(call: "pipe", errno: errno)
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeDescriptor)
    }

    /// Wakes the loop: one byte; a full pipe already means "wake up".
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Clears pending wake-ups (they have all been seen once the loop runs).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
