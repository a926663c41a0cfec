import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// The editor's loop itself, in process, on a terminal in memory (issue 29): keys in and frames
/// out, a resize, a stop from outside, a signal, a cancellation. What only a real terminal shows
/// (modes, the guard's signal handlers, SGR bytes) stays in the tmux tests.
@Suite("The editor's loop on a terminal in memory")
struct EditorLoopInProcessTests {
    /// The loop running on its own thread, as `PreferencesEditor.run` runs it.
    final class Running: @unchecked Sendable {
        let terminal: InMemoryTerminal
        let prefs: Preferences
        let cancellation = EditorCancellation()
        private let outcome = Locked<EditorLoop.Outcome?>(nil)

        init(width: Int = 100, height: Int = 30, stored: [String: PlistValue] = [:]) throws {
            terminal = InMemoryTerminal(width: width, height: height)
            prefs = Preferences(store: InMemoryStore(stored), schema: WeatherSettings.schema)
            let wakeUp = try WakeUpSignal()
            let (terminal, prefs, cancellation, outcome) = (terminal, prefs, cancellation, outcome)
            Thread {
                let ended = EditorLoop.run(prefs, suiteName: WeatherSettings.suiteName, terminal: terminal, wakeUp: wakeUp,
                                           cancellation: cancellation)
                outcome.withLock { $0 = ended }
            }.start()
        }

        var ended: EditorLoop.Outcome? { outcome.withLock { $0 } }

        func frameShows(_ text: String) async -> Bool {
            await eventually { self.terminal.lastFrame.contains(text) }
        }

        func end() async -> EditorLoop.Outcome? {
            _ = await eventually { self.ended != nil }
            return ended
        }
    }

    @Test func keysGoInAndFramesComeOutAndQuitEndsIt() async throws {
        let editor = try Running()
        #expect(await editor.frameShows("Temperature"), "\(editor.terminal.lastFrame)")

        editor.terminal.send(.key(.right))

        #expect(await editor.frameShows("Saved temperatureNotation = fahrenheit"), "\(editor.terminal.lastFrame)")
        #expect(editor.prefs.store.storedValue(forKey: "temperatureNotation") == .string("fahrenheit"))
        editor.terminal.send(.key(.character("q")))
        let outcome = await editor.end()
        #expect(outcome?.ending == .quit)
        #expect(outcome?.committed.personChanges.map(\.key) == ["temperatureNotation"])
        #expect(editor.terminal.hasEnded)
    }

    @Test func aResizeDrawsTheNextFrameAtTheNewSize() async throws {
        let editor = try Running(width: 100, height: 30)
        #expect(await eventually { editor.terminal.frames.last?.width == 100 })

        editor.terminal.resize(width: 60, height: 12)

        #expect(await eventually { editor.terminal.frames.last?.width == 60 && editor.terminal.frames.last?.height == 12 })
        editor.terminal.send(.key(.character("q")))
        #expect(await editor.end()?.ending == .quit)
    }

    @Test func aStopFromOutsideSuspendsAndTheReturnRepaintsEverything() async throws {
        let editor = try Running()
        #expect(await editor.frameShows("Temperature"))

        editor.terminal.stopFromOutside()

        #expect(await eventually { editor.terminal.suspensions == 1 && editor.terminal.repaints >= 1 })
        editor.terminal.send(.key(.control("z")))                     // Ctrl-Z: the same, asked by a key
        #expect(await eventually { editor.terminal.suspensions == 2 })
        editor.terminal.send(.key(.character("q")))
        #expect(await editor.end()?.ending == .quit)
    }

    @Test func aSignalEndsItAndSaysWhich() async throws {
        let editor = try Running()
        #expect(await editor.frameShows("Temperature"))

        editor.terminal.deliver(signal: SIGTERM)

        #expect(await editor.end()?.ending == .signal(SIGTERM))
        #expect(editor.terminal.hasEnded)
    }

    @Test func aCancellationEndsItWhileItWaits() async throws {
        let editor = try Running()
        #expect(await editor.frameShows("Temperature"))

        editor.cancellation.cancel()

        #expect(await editor.end()?.ending == .cancelled)
    }

    @Test func ctrlCEndsItAsAnInterruption() async throws {
        let editor = try Running()
        #expect(await editor.frameShows("Temperature"))

        editor.terminal.send(.key(.control("c")))

        #expect(await editor.end()?.ending == .interrupted)
    }

    @Test func anotherProgramsChangeReachesTheScreenWithoutAKey() async throws {
        let editor = try Running()
        #expect(await editor.frameShows("Temperature"))

        // Another Preferences on the same store: a change from outside this editor.
        let other = Preferences(store: editor.prefs.store, schema: WeatherSettings.schema)
        try other.set("Tromsø", for: .city)

        #expect(await editor.frameShows("Tromsø"), "\(editor.terminal.lastFrame)")
        editor.terminal.send(.key(.character("q")))
        #expect(await editor.end()?.ending == .quit)
    }
}
