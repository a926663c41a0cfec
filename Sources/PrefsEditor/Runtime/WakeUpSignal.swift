import Foundation
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

    /// The one wait for input of both loops (the full screen's and the plain mode's): sleeps
    /// until `input` has something (or has ended), this signal was given, a signal handler
    /// interrupted the wait, or `deadline` passed. Returns whether `input` is ready.
    func wait(forInputOn input: Int32, until deadline: Date? = nil) -> Bool {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        // Rounded up, and a millisecond more: poll measures the wait on the monotonic clock, the
        // deadline is wall-clock time, and waking a hair early (the two clocks drift apart by
        // microseconds) would find the timer not yet due and cost a second wake-up to wait out
        // the rest (measured: 2 wake-ups a minute instead of 1).
        let timeout = deadline.map { Int32(clamping: Int(max(0, ($0.timeIntervalSinceNow * 1000).rounded(.up))) + 1) } ?? -1
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        // A failed poll (other than a signal) is left to the read, which then finds the end of
        // input or its error, rather than tried again at once for ever.
        if ready < 0 { return errno != EINTR }
        // POLLHUP and POLLERR too: a read then finds the end of input.
        return descriptors[0].revents != 0
    }

    /// Clears pending wake-ups (they have all been seen once the loop runs).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
