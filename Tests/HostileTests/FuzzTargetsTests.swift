import Foundation
import PrefsTestSupport
import Testing

extension Hostile {
    /// Coverage-guided fuzzing of every parser and decoder (`Fuzz/run.sh`: libFuzzer with
    /// AddressSanitizer on the plist readers, the JSON and schema readers, a whole suite file, the
    /// editor's input and screen, the plain mode's lines, an installed schema's compiled form).
    /// The script builds the targets itself with swiftc and runs each for `PREFS_FUZZ_SECONDS`
    /// seconds (default 30); any crash, hang, memory blow-up, broken invariant or failed build
    /// fails the case with the script's output, which names each target and its reproducer under
    /// `.build-fuzz/crashes/`.
    @Suite("Fuzzing the parsers")
    struct FuzzTargets {
        /// The package's folder: this file is Tests/HostileTests/FuzzTargetsTests.swift.
        static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path

        static let seconds: Int = {
            guard let text = ProcessInfo.processInfo.environment["PREFS_FUZZ_SECONDS"],
                  let value = Int(text), value > 0 else { return 30 }
            return value
        }()

        @Test func everyTargetRunsWithoutACrashOrAHang() async throws {
            let script = (Self.packageFolder as NSString).appendingPathComponent("Fuzz/run.sh")
            try #require(FileManager.default.isExecutableFile(atPath: script), "no \(script)")
            let folder = TemporaryDirectory()
            let child = ChildProcess(program: "bash", arguments: [script, "--seconds", String(Self.seconds)],
                                     configHome: folder.path)
            let clock = ContinuousClock()
            let start = clock.now
            try child.start()
            // Seven targets of `seconds` each, the builds (a few minutes from nothing), and the
            // reports of what they found; the script stops a target that runs on by itself.
            let deadline = Duration.seconds(7 * (Self.seconds + 360) + 900)
            guard let result = await child.finish(within: deadline) else {
                let stopped = child.stop(signal: SIGKILL)
                Issue.record("Fuzz/run.sh did not finish within \(deadline):\n\(stopped.output)\n\(stopped.error)")
                return
            }
            let elapsed = clock.now - start
            let summary = result.output.split(separator: "\n").drop { $0 != "=== summary" }.dropFirst()
                .prefix { !$0.isEmpty }.joined(separator: "; ")
            HostileRun.report("fuzzing, \(Self.seconds) s per target (\(elapsed.components.seconds) s with the builds): \(summary)")
            #expect(result.status == 0, "Fuzz/run.sh exited with \(result.status):\n\(result.output)\n\(result.error)")
        }
    }
}
