import Foundation
import PrefsTestSupport
import Testing

/// Starts `child` and waits for its end; one that has not ended within `limit` is killed and
/// its hang recorded, naming the command: no hostile case waits for ever on a command that
/// blocks (a FIFO, a lock). `hung` says which happened; `result` is what it wrote either way.
func finishedOrHung(_ child: ChildProcess, running arguments: [String],
                    within limit: Duration = .seconds(20)) async throws -> (result: ChildProcess.Result, hung: Bool) {
    try child.start()
    if let result = await child.finish(within: limit) { return (result, false) }
    let stopped = child.stop(signal: SIGKILL)
    Issue.record("prefs-tui \(arguments.joined(separator: " ")) hung: \(stopped.error)")
    return (stopped, true)
}
