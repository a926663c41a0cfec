import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Another program's write landing just before this program's own (issue 38, item 3): it
    /// reached observers only inside this program's commit, as `.thisPreferences`, and the
    /// watcher then passed over the file, so an observer skipping its own writes never heard of
    /// it (13 to 43 times in 80 on tmpfs). Each round here: `prefs-tui set` in another process,
    /// then at once a write of our own; the other program's value must reach the observer as
    /// `.otherProcess`.
    @Suite("Another program's change just before our own")
    struct OutsideChangeOrigin {
        @Test func isReportedAsAnotherProgramsEveryTime() async throws {
            let folder = TemporaryDirectory()
            let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: folder.path)
            let heard = Locked<[Int: ChangeOrigin]>([:])
            let token = prefs.observe(.refreshInterval) { change in
                heard.withLock { $0[change.newValue] = change.origin }
            }
            defer { token.cancel() }
            let rounds = HostileRun.count(80, minimum: 10)
            var missed: [String] = []

            for round in 1...rounds {
                let interval = 5 * (round % 40 + 1)
                let before = Self.version(of: prefs.store.location)
                let other = Programs(configHome: folder.path).prefsTUI(["set", "refreshInterval", String(interval)])
                try other.start()
                // Our own write the moment theirs lands, before the watcher has read it.
                let clock = ContinuousClock()
                let deadline = clock.now.advanced(by: .seconds(10))
                while Self.version(of: prefs.store.location) == before, clock.now < deadline {}
                prefs[.city] = "City \(round)"
                let result = await other.finish(within: .seconds(10))
                try #require(result?.status == 0, "\(result?.error ?? "still running")")
                let origin = await originHeard(of: interval, in: heard)
                if origin != .otherProcess { missed.append("round \(round): \(origin.map { "\($0)" } ?? "not heard")") }
                heard.withLock { $0.removeAll() }
            }

            HostileRun.report("another program's write just before our own, \(rounds) rounds: reported as another program's \(rounds - missed.count)/\(rounds)")
            #expect(missed.isEmpty, "\(missed.joined(separator: "\n"))")
        }

        /// The suite file's inode and change time, or nil while there is none.
        private static func version(of path: String) -> [Int]? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return [Int(info.st_ino), info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
        }

        private func originHeard(of value: Int, in heard: Locked<[Int: ChangeOrigin]>) async -> ChangeOrigin? {
            _ = await eventually(within: .seconds(3)) { heard.withLock { $0[value] } != nil }
            return heard.withLock { $0[value] }
        }
    }
}
