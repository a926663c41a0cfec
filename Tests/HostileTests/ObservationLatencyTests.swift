import PrefsDemo
import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

extension Hostile {
    /// How soon another process's write reaches an observer: the promise is within a second.
    /// Measured here, repeated, rather than in `swift test`, where one run on a loaded machine
    /// says more about the load than about the code (the quick tests only check that the change
    /// arrives).
    @Suite("Observation latency")
    struct ObservationLatency {
        @Test func anotherProcessesWriteReachesObserversWithinASecond() async throws {
            let runs = HostileRun.count(10, minimum: 2)
            var figures: [String] = []
            var slow: [String] = []
            for (name, setUp) in Self.cases {
                var times: [Duration] = []
                for _ in 1...runs {
                    let directory = TemporaryDirectory()
                    let (suite, seen, keepAlive) = setUp(directory.path)
                    let writer = try ChildProcess.run(product: "prefs-test-helper", arguments: ["set-text", suite, "city", "Bergen"],
                                                      configHome: directory.path)
                    try #require(writer.status == 0, "\(writer.error)")
                    // Counted from the writer's exit, when its write is on disk.
                    let elapsed = await timeUntil(within: .seconds(10)) { seen.count > 0 }
                    withExtendedLifetime(keepAlive) {}
                    guard let elapsed else {
                        slow.append("\(name): not seen within 10 s")
                        continue
                    }
                    times.append(elapsed)
                    if elapsed >= .seconds(1) { slow.append("\(name): \(elapsed)") }
                }
                let milliseconds = times.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }.sorted()
                let median = milliseconds.isEmpty ? .nan : milliseconds[milliseconds.count / 2]
                figures.append("\(name): median \(String(format: "%.1f", median)) ms, max \(String(format: "%.1f", milliseconds.last ?? .nan)) ms")
            }
            HostileRun.report("observation of another process's write, \(runs) runs each (promise: within 1 s): \(figures.joined(separator: "; "))")
            #expect(slow.isEmpty, "\(slow)")
        }

        /// Each case opens its observers in a folder and returns the suite to write, what they
        /// saw, and what must stay alive while they watch.
        static let cases: [(String, @Sendable (String) -> (String, Seen, Any))] = [
            ("one Preferences", { folder in
                let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: folder)
                let seen = Seen()
                let token = prefs.observe(.city) { _ in seen.add() }
                return ("com.example.weather", seen, (prefs, token))
            }),
            ("the last of 200 stores in one process (one shared inotify instance)", { folder in
                let stores = (0..<200).map { SuiteStore(suiteName: "suite\($0)", directory: folder) }
                let seen = Seen()
                let token = stores[199].addChangeHandler { _ in seen.add() }
                return ("suite199", seen, (stores, token))
            }),
            ("without inotify (the 0.5 s polling fallback)", { folder in
                // The store does not keep its monitor alive; the case does, as a program would.
                let monitor = FileChangeMonitor(useInotify: false)
                let store = SuiteStore(suiteName: "watched", directory: folder, watchForChanges: true, monitor: monitor)
                let seen = Seen()
                let token = store.addChangeHandler { _ in seen.add() }
                return ("watched", seen, (monitor, store, token))
            }),
        ]
    }

    /// A count of notifications, safe to bump from the store's watcher thread.
    final class Seen: Sendable {
        private let storage = Locked(0)
        func add() { storage.withLock { $0 += 1 } }
        var count: Int { storage.withLock { $0 } }
    }
}
