import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Every command that prints, with its output on a full disk (`/dev/full`), with standard
    /// output closed, and into a pipe whose reader left (SIGPIPE ignored, so the write sees
    /// EPIPE); and a rejected `set` with standard error on a full disk. Never a crash: exit 74
    /// and one line, or for the pipe a quiet 141; and the suite stays as it was.
    @Suite("Unwritable output")
    struct UnwritableOutput {
        static let commands: [[String]] = [
            ["get", "city"], ["get", "favoriteCities", "--json"], ["list"], ["list", "--json"], ["schema"],
            ["export"], ["export", "--format", "plist"], ["render", "--width", "1000", "--height", "1000"],
            ["--help"], ["set", "--help"], ["--version"], ["--generate-completion-script", "bash"],
        ]

        @Test func everyCommandsOutputFailsCleanly() throws {
            let folder = TemporaryDirectory()
            // A thousand keys the schema does not describe make each output larger than a pipe's
            // buffer (the frame at 1000×1000 lists them), so a writer is still writing when `head`
            // leaves.
            var values: [String: PlistValue?] = ["city": .string("Tromsø"), "favoriteCities": .array([.string("Oslo")])]
            for index in 0..<1000 { values["other\(index)"] = .string(String(repeating: "x", count: 80)) }
            try SuiteStore(suiteName: "com.example.weather", directory: folder.path, watchForChanges: false).commit(values)
            let original = try #require(folder.contents("com.example.weather.plist"))
            let cases: [(name: String, script: String, status: Int32, error: String?)] = [
                (">/dev/full", #"exec "$0" "$@" >/dev/full"#, 74, "prefs-tui: cannot write standard output: No space left on device\n"),
                (">&-", #"exec "$0" "$@" >&-"#, 74, "prefs-tui: cannot write standard output: Bad file descriptor\n"),
                ("| head -c 1", #"trap '' PIPE; "$0" "$@" | head -c 1 >/dev/null; exit ${PIPESTATUS[0]}"#, 141, ""),
            ]
            var clean = 0
            var runs = 0
            for command in Self.commands {
                for (name, script, status, error) in cases {
                    // Output smaller than a pipe's buffer is written before `head` leaves.
                    if name.hasPrefix("|"), command.first != "render" { continue }
                    let result = try runInBash(script, command, folder: folder)
                    runs += 1
                    #expect(result.status == status, "\(command) \(name): \(result.status) \(result.error)")
                    #expect(error == nil || result.error == error, "\(command) \(name): \(result.error)")
                    if result.status == status && (error == nil || result.error == error) { clean += 1 }
                }
            }
            let rejected = try runInBash(#"exec "$0" "$@" 2>/dev/full"#, ["set", "refreshInterval", "7"], folder: folder)
            #expect(rejected.status == 65, "\(rejected.status)")
            let unchanged = folder.contents("com.example.weather.plist") == original
            #expect(unchanged)

            HostileRun.report("unwritable output: \(clean)/\(runs) runs of \(Self.commands.count) commands (>/dev/full, >&-, render into a closed pipe) ended with their status (74 and one line, or a quiet 141), a rejected set with 2>/dev/full exited \(rejected.status), suite \(unchanged ? "byte-identical" : "CHANGED")")
        }

        private func runInBash(_ script: String, _ arguments: [String], folder: TemporaryDirectory) throws -> ChildProcess.Result {
            let binary = ChildProcess.path(ofProduct: "prefs-tui")
            return try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", script, binary] + arguments, configHome: folder.path)
        }
    }
}
