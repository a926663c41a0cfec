import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// The editor as a user starts it, again and again: it opens on the demo, takes keys, writes,
    /// and quits with status 0 and the terminal's modes as they were. CI runs this against the
    /// release build (`PREFS_TUI_BINARY`), whose first versions ended themselves at start with a
    /// different status each run (C structs in Swift globals laid out without their padding).
    @Suite("Repeated starts of the editor")
    struct RepeatedStarts {
        static let runs = 20

        @Test func theEditorStartsEditsAndQuitsCleanlyEveryTime() async throws {
            var clean = 0
            var problems: [String] = []
            for run in 1...Self.runs {
                let session = try TmuxSession(width: 100, height: 30)
                guard await session.waitFor("Weather · com.example.weather") else {
                    problems.append("run \(run): the editor did not start (exit \(session.exitStatus ?? "none"), screen: \(session.screen().prefix(200)))")
                    continue
                }
                try session.press("Right")
                guard await session.waitFor("Saved temperatureNotation = fahrenheit") else {
                    problems.append("run \(run): the key was not taken")
                    continue
                }
                try session.press("q")
                guard await eventually(within: .seconds(20), { session.file("stty.after") != nil }) else {
                    problems.append("run \(run): the editor did not end")
                    continue
                }
                let stored = SuiteStore(suiteName: "com.example.weather", directory: session.directory.path, watchForChanges: false).storedValues()
                var fine = true
                if session.exitStatus != "0" { problems.append("run \(run): exit \(session.exitStatus ?? "none")"); fine = false }
                if session.file("stty.before") != session.file("stty.after") { problems.append("run \(run): terminal modes differ"); fine = false }
                if stored != ["temperatureNotation": .string("fahrenheit")] { problems.append("run \(run): stored \(stored)"); fine = false }
                if fine { clean += 1 }
            }
            HostileRun.report("editor of \(session(binary: ChildProcess.path(ofProduct: "prefs-tui"))) started, edited and quit \(clean)/\(Self.runs) times with status 0, the write on disk and the terminal modes unchanged")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }

        /// Which build ran: the folder name tells debug from release.
        private func session(binary: String) -> String {
            (binary as NSString).deletingLastPathComponent.components(separatedBy: "/").suffix(2).joined(separator: "/")
        }
    }
}
