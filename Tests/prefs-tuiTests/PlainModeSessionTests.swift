import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// The plain mode as a session: what another program does while it waits for a line, a host
/// that cancels it, and an output nobody reads (issue 29: the plain mode keeps the full
/// screen's rules).
@Suite("The plain mode's session")
struct PlainModeSessionTests {
    /// A plain session on a watched suite, fed through a pipe, its output read from another.
    final class Session: @unchecked Sendable {
        let folder = TemporaryDirectory()
        let prefs: Preferences
        private let input = Pipe(), output = Pipe()
        private let transcript = Locked("")
        private let result = Locked<Result<PlainSession.Outcome, PreferencesEditorError>?>(nil)
        let cancellation = EditorCancellation()

        init() {
            prefs = Preferences(store: SuiteStore(suiteName: WeatherSettings.suiteName, directory: folder.path), schema: WeatherSettings.schema)
            let reading = output.fileHandleForReading
            let transcript = self.transcript
            reading.readabilityHandler = { handle in
                let data = handle.availableData
                transcript.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            let (prefs, inputDescriptor, outputDescriptor, cancellation, result) =
                (prefs, input.fileHandleForReading.fileDescriptor, output.fileHandleForWriting.fileDescriptor, cancellation, result)
            Thread {
                do throws(PreferencesEditorError) {
                    let outcome = try PlainSession.run(prefs, suiteName: WeatherSettings.suiteName, input: inputDescriptor,
                                                       output: outputDescriptor, cancellation: cancellation)
                    result.withLock { $0 = .success(outcome) }
                } catch {
                    result.withLock { $0 = .failure(error) }
                }
            }.start()
        }

        func type(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
        var said: String { transcript.withLock { $0 } }
        var outcome: Result<PlainSession.Outcome, PreferencesEditorError>? { result.withLock { $0 } }

        /// Another program's write to the same suite.
        func changeOutside(_ values: [String: PlistValue]) throws {
            try SuiteStore(suiteName: WeatherSettings.suiteName, directory: folder.path, watchForChanges: false).commit(values)
        }

        deinit { output.fileHandleForReading.readabilityHandler = nil }
    }

    @Test func anotherProgramsChangeIsSaidAtOnceAndTheOpenQuestionAskedAgain() async throws {
        let session = Session()
        #expect(await eventually { session.said.contains("Setting (number or name") })
        session.type("6")                                                  // Refresh every
        #expect(await eventually { session.said.contains("New value (Enter or Esc keeps it; r resets): ") })

        try session.changeOutside(["refreshInterval": .int(30)])

        #expect(await eventually { session.said.contains("Refresh every was changed by another program: now 30 min.\n") }, "\(session.said)")
        #expect(session.said.hasSuffix("New value for Refresh every (Enter keeps 30 min; r resets): "), "\(session.said)")
        session.type("q")
    }

    @Test func undoAfterAnotherProgramsChangeIsRefusedAsTheFullScreenRefusesIt() async throws {
        let session = Session()
        session.type("6")
        session.type("20")
        #expect(await eventually { session.said.contains("Saved refreshInterval = 20.") }, "\(session.said)")
        try session.changeOutside(["refreshInterval": .int(30)])
        #expect(await eventually { session.said.contains("now 30 min") })

        session.type("u")

        #expect(await eventually { session.said.contains("refreshInterval was changed by another program since; not undone.\n") }, "\(session.said)")
        #expect(session.prefs.store.storedValue(forKey: "refreshInterval") == .int(30))
        session.type("q")
    }

    @Test func aCancellationEndsItWhileItWaitsForALine() async throws {
        let session = Session()
        #expect(await eventually { session.said.contains("Setting (number or name") })

        session.cancellation.cancel()

        #expect(await eventually { session.outcome != nil })
        guard case .success(let outcome)? = session.outcome else { Issue.record("\(String(describing: session.outcome))"); return }
        #expect(outcome.ending == .cancelled)
    }

    @Test func anOutputThatCannotBeWrittenEndsItWithAnError() throws {
        let cli = CommandLineFixture()
        let input = try cli.write("6\n20\nq\n", to: "input.txt")

        let full = try cli.runInShell("< '\(input)' > /dev/full", "--plain")
        let closed = try cli.runInShell("< '\(input)' >&-", "--plain")
        // SIGPIPE ignored, as under some supervisors: the end of the pipe ends it, not a spin;
        // quietly with 141, as every command ends for a reader that left (issue 38, item 14).
        let pipe = try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", #"trap '' PIPE; yes l | timeout 20 "$0" --plain | head -c 1 >/dev/null; exit ${PIPESTATUS[1]}"#,
                                                                                  CommandLineFixture.binary], configHome: cli.directory.path)

        #expect(full.status == 74)
        #expect(full.error.contains("prefs-tui: cannot write the questions to standard output: No space left on device"), "\(full.error)")
        #expect(closed.status == 74)
        #expect(closed.error.contains("cannot write the questions to standard output: Bad file descriptor"), "\(closed.error)")
        #expect(pipe.status == 128 + SIGPIPE, "\(pipe.error)")
        #expect(!pipe.error.contains("prefs-tui"), "\(pipe.error)")
        #expect(cli.plistBytes == nil)                                     // nothing answered blind
    }
}
