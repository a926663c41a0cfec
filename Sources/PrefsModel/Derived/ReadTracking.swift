import Foundation

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

    /// Notes a read of the setting `name`, when a computation is being tracked.
    static func note(_ name: String) {
        guard let reads = current else { return }
        reads.names.withLock { _ = $0.insert(name) }
    }

    /// Runs `body` and returns what it returned with the names of the settings it read. Inside
    /// another tracked computation (a derived value that reads another), the reads count for
    /// the enclosing one too.
    package static func reads<Result>(_ body: () -> Result) -> (result: Result, names: Set<String>) {
        let enclosing = current
        let reads = Reads()
        let result = $current.withValue(reads) { body() }
        let names = reads.names.withLock { $0 }
        if let enclosing { enclosing.names.withLock { $0.formUnion(names) } }
        return (result, names)
    }
}
