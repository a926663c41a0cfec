import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Values far longer than a screen through `prefs-tui render`: a megabyte in the line
    /// editor, 32 KB of invalid stored value in the details pane. Both used to freeze the editor for
    /// minutes per frame; the deadline is a hang check, the figure the time taken.
    @Suite("Long values in the editor")
    struct LongValueEditor {
        static let schema = #"""
            {"suite": "org.example.long", "title": "Long", "sections": [{"name": "S", "settings": [
              {"key": "note", "type": "string", "title": "Note", "default": ""},
              {"key": "count", "type": "int", "title": "Count", "default": 1}]}]}
            """#

        /// Runs `render` with these keys on a suite holding `stored`; the frame and the seconds taken.
        private func render(stored: [String: PlistValue], keys: String) async throws -> (result: ChildProcess.Result?, seconds: Double) {
            let folder = TemporaryDirectory()
            let schemaFile = folder.file("long.json")
            try Self.schema.write(toFile: schemaFile, atomically: true, encoding: .utf8)
            try SuiteStore(suiteName: "org.example.long", directory: folder.path, watchForChanges: false).commit(stored)
            let child = Programs(configHome: folder.path)
                .prefsTUI(["render", "--schema", schemaFile, "--width", "100", "--height", "30", "--keys=" + keys])
            let clock = ContinuousClock()
            let start = clock.now
            try child.start()
            let result = await child.finish(within: .seconds(20))
            if result == nil { child.stop(signal: SIGKILL) }
            let elapsed = clock.now - start
            return (result, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }

        @Test func aMegabyteValueOpensInTheLineEditorAndTakesKeystrokes() async throws {
            let value = "START" + String(repeating: "0123456789", count: 104_857) + "END"
            let (result, seconds) = try await render(stored: ["note": .string(value)],
                                                     keys: "enter left left text:ab home right bs end enter")
            HostileRun.report(String(format: "render with a %d-byte value opened in the line editor and 9 keys: %.2f s (deadline 20 s)",
                                     value.utf8.count, seconds))
            let frame = try #require(result, "render did not finish within 20 s")
            #expect(frame.status == 0, "\(frame.error)")
            #expect(frame.output.contains("Saved note"), "\(frame.output)")
        }

        @Test func a32KBInvalidStoredValueSelectedRendersAtOnce() async throws {
            let value = String(repeating: "x", count: 32 * 1024)
            for keys in ["down", "down i"] {
                let (result, seconds) = try await render(stored: ["count": .string(value)], keys: keys)
                HostileRun.report(String(format: "render with a %d-byte invalid stored value selected (keys \"%@\"): %.2f s (deadline 20 s)",
                                         value.utf8.count, keys, seconds))
                let frame = try #require(result, "render did not finish within 20 s")
                #expect(frame.status == 0, "\(frame.error)")
                #expect(frame.output.contains("x…"), "\(frame.output)")
            }
        }
    }
}
