import Glibc

/// The descriptor that wakes the editor's loop from `poll`: other threads (a change from
/// another program) and signal handlers (resize, stop, continue) write to it, so the loop can
/// sleep until something happens instead of waking on a timer.
final class WakeUpSignal: Sendable {
    /// The end the loop polls.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws {
        // A self-pipe, non-blocking at both ends: a write from a signal handler never blocks,
        // and a full pipe already means "wake up".
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw CommandFailure("cannot create a wake-up pipe (errno \(errno))", status: ExitStatus.ioError)
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
        wakeUpDescriptor = writeEnd
    }

    deinit {
        wakeUpDescriptor = -1
        close(descriptor)
        close(writeEnd)
    }

    func signal() { wakeUpLoop() }

    /// Clears pending wake-ups (they have all been seen once the loop runs).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}

/// The descriptor signal handlers write to; -1 when no loop runs. A plain word, as a handler
/// may only touch such.
nonisolated(unsafe) var wakeUpDescriptor: Int32 = -1

/// Wakes the loop; async-signal-safe (one `write` of one byte).
func wakeUpLoop() {
    guard wakeUpDescriptor >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(wakeUpDescriptor, &byte, 1)
}
