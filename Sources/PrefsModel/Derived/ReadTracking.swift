import Foundation
import Synchronization

/// Which settings a computation reads. A derived value's closure runs inside ``reads(_:)``,
/// and every read of a setting through `Preferences` meanwhile is noted, as Swift's Observation
/// notes a view's reads: the value is recomputed when any setting it read changes, whichever
/// branch it took this time, with no list of inputs kept by hand.
package enum ReadTracking {
    /// The names read so far by the computation under way on this task or thread.
    final class Reads: Sendable {
        let names = Locked(Set<String>())
    }

    // A task-local, so that two threads computing at once (the editor's loop and a host's
    // observer) each note only their own reads; work a closure starts inherits it.
    @TaskLocal static var current: Reads?

    /// How many tracked computations are under way in the process. Every read of a setting
    /// notes itself, and looking up the task-local costs a call into the runtime: with none
    /// under way (an editor's frame, `get`), one relaxed load answers instead.
    private static let underWay = Atomic<Int>(0)

    /// Notes a read of the setting `name`, when a computation is being tracked.
    static func note(_ name: String) {
        guard underWay.load(ordering: .relaxed) > 0, let reads = current else { return }
        reads.names.withLock { _ = $0.insert(name) }
    }

    /// Runs `body` and returns what it returned with the names of the settings it read. Inside
    /// another tracked computation (a derived value that reads another), the reads count for
    /// the enclosing one too.
    package static func reads<Result>(_ body: () -> Result) -> (result: Result, names: Set<String>) {
        let enclosing = current
        let reads = Reads()
        underWay.add(1, ordering: .relaxed)
        defer { underWay.subtract(1, ordering: .relaxed) }
        let result = $current.withValue(reads) { body() }
        let names = reads.names.withLock { $0 }
        if let enclosing { enclosing.names.withLock { $0.formUnion(names) } }
        return (result, names)
    }
}
