import Foundation
import Testing
@testable import PrefsEditor
@testable import prefs_tui

@Suite("One binding table for dispatch, help, hints and the README")
struct KeyBindingTests {
    /// The "## Keys" section of the editor's article (UsingTheEditor.md), to the next section.
    private func readmeKeySection() throws -> String {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PrefsEditor/PrefsEditor.docc/UsingTheEditor.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        guard let start = text.range(of: "## Keys\n") else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The tables the README must hold, written from the bindings.
    private var expectedTables: String {
        KeyBindings.sections.map { section in
            let rows = section.lines.map { "| \($0.keys.replacingOccurrences(of: "|", with: "\\|")) | \($0.help) |" }
            return (["### \(section.title)", "", "| keys | action |", "|---|---|"] + rows).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    @Test func theReadmeKeyTableIsTheBindingTable() throws {
        let section = try readmeKeySection()
        #expect(section.contains(expectedTables), "UsingTheEditor.md's ## Keys should contain:\n\(expectedTables)")
    }

    @Test func everyKeyHasOneMeaningPerMode() {
        func duplicates<Action>(_ table: [KeyBinding<Action>]) -> [KeyEvent] {
            let keys = table.flatMap { $0.actions.map(\.key) }
            return keys.filter { key in keys.filter { $0 == key }.count > 1 }
        }
        #expect(duplicates(KeyBindings.browse).isEmpty)
        #expect(duplicates(KeyBindings.lineEditing).isEmpty)
        #expect(duplicates(KeyBindings.filtering).isEmpty)
        #expect(duplicates(KeyBindings.list).isEmpty)
        #expect(duplicates(KeyBindings.choice).isEmpty)
    }

    @Test func theHelpOverlayAndTheHintRowReadTheTable() {
        let editor = EditorHarness(width: 120, height: 60)
        #expect(editor.screen.contains(" ↑↓ move  ←→ change  Enter edit  ? help  q quit  i details"))
        editor.press(.character("?"))
        for binding in KeyBindings.browse {
            #expect(editor.screen.contains(binding.help), "help overlay lacks \(binding.label)")
        }
        #expect(editor.screen.contains("cut to the end / start"))
    }

    @Test func hAndLChangeValuesAsTheTableSays() {
        let editor = EditorHarness()
        editor.press(.character("l"))
        #expect(editor.stored("temperatureNotation") == .string("fahrenheit"))
        editor.press(.character("h"))
        #expect(editor.stored("temperatureNotation") == nil)
        #expect(KeyBindings.browse.contains { $0.label.contains("h/l") })
    }

    @Test func theHintRowWhileFilteringSaysWhatEnterAndEscDoThere() {
        let editor = EditorHarness(width: 100, height: 24)
        editor.press(.character("/"))
        editor.type("ci")

        let hints = editor.screen.components(separatedBy: "\n").last { $0.contains("Enter") } ?? ""

        #expect(hints.contains("Enter keep") && hints.contains("Esc clear") && !hints.contains("save"), "\(hints)")
    }
}
