import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// The editor's behaviour as a person meets it, run in this process on the in-memory terminal
/// (issue 41: these ran in tmux, though none of them is about the terminal): each widget writes
/// through, refusals, reset and undo, another program's change arriving by itself, resizes.
@Suite("The editor's behaviour, in process")
struct EditorBehaviourTests {
    /// The editor's frames show `text` once keys and changes have been taken.
    private func opened(_ editor: InProcessEditor) async throws {
        try #require(await editor.waitFor("Weather · com.example.weather"), "\(editor.screen)")
    }

    @Test func editsEachKindOfWidgetAndWritesThrough() async throws {
        let editor = try InProcessEditor()
        try await opened(editor)

        editor.press(.right)                                             // choice
        #expect(await editor.waitFor("Saved temperatureNotation = fahrenheit"))
        editor.press(.tab, .enter, .control("u"))                        // line editor on City
        editor.type("Tromsø 東京")
        editor.press(.enter)
        #expect(await editor.waitFor("Saved city = Tromsø 東京"))
        editor.press(.down, .enter, .character("a"))                     // list editor
        editor.type("Bergen")
        editor.press(.enter, .escape)
        #expect(await editor.waitFor(#"Saved favoriteCities = ["Bergen"]"#))
        editor.press(.tab, .right)                                       // stepper
        #expect(await editor.waitFor("Saved refreshInterval = 20"))
        editor.press(.down, .character(" "))                             // toggle
        #expect(await editor.waitFor("Saved showFeelsLike = false"))

        #expect(editor.stored == [
            "temperatureNotation": .string("fahrenheit"), "city": .string("Tromsø 東京"),
            "favoriteCities": .array([.string("Bergen")]), "refreshInterval": .int(20), "showFeelsLike": .bool(false),
        ])
        editor.press(.character("q"))
        #expect(await editor.ended()?.ending == .quit)
    }

    @Test func invalidInputIsRejectedAndEscRestores() async throws {
        let editor = try InProcessEditor()
        try await opened(editor)

        editor.press(.character("/"))
        editor.type("refresh every")
        editor.press(.enter, .enter, .control("u"))
        editor.type("7")
        editor.press(.enter)

        #expect(await editor.waitUntil { $0.hasSuffix(#" refreshInterval: "7" is not allowed; allowed: 5…240 in steps of 5"#) },
                "\(editor.screen)")
        editor.press(.escape)
        #expect(await editor.waitUntil { $0.hasSuffix(" Cancelled; refreshInterval is 15") }, "\(editor.screen)")
        #expect(editor.stored["refreshInterval"] == nil)
    }

    @Test func resetOneResetAllAndUndo() async throws {
        let editor = try InProcessEditor(stored: ["city": .string("Bergen"), "decimalPlaces": .int(2)])
        try await opened(editor)

        editor.press(.tab, .character("r"))
        #expect(await editor.waitFor("Reset city to its default (Oslo)"))
        editor.press(.character("u"))
        #expect(await editor.waitFor("Undid: city = Bergen"))
        editor.press(.character("R"))
        #expect(await editor.waitFor("Reset all 2 settings to defaults? (y/n)"))
        editor.press(.character("y"))
        #expect(await editor.waitFor("Reset 2 settings to their defaults"))
        #expect(editor.stored.isEmpty)
    }

    /// Latency is measured by Benchmarks/editor-figures.py (README); here only that the change
    /// arrives without a key press, the loop being woken by it.
    @Test func aChangeFromAnotherProcessAppearsWithoutAKeyPress() async throws {
        let editor = try InProcessEditor()
        try await opened(editor)

        #expect(try editor.otherProcess("set", "city", "Kristiansand") == 0)

        #expect(await editor.waitUntil { $0.contains("Kristiansand") && $0.hasSuffix(" Changed by another program: city") },
                "\(editor.screen)")
    }

    @Test func undoAfterAnOutsideChangeRefuses() async throws {
        let editor = try InProcessEditor()
        try await opened(editor)
        editor.press(.right)
        #expect(await editor.waitFor("Saved temperatureNotation = fahrenheit"))

        #expect(try editor.otherProcess("set", "temperatureNotation", "kelvin") == 0)
        #expect(await editor.waitFor("‹ Kelvin ›"))
        editor.press(.character("u"))

        #expect(await editor.waitUntil { $0.hasSuffix(" temperatureNotation was changed by another program since; not undone") },
                "\(editor.screen)")
        #expect(editor.stored["temperatureNotation"] == .string("kelvin"))
    }

    @Test func resizeToLargeSmallAndTooSmall() async throws {
        let editor = try InProcessEditor()
        try await opened(editor)

        editor.terminal.resize(width: 120, height: 40)
        // At 120 columns the pane's rule runs 89 columns to the live preview (53 at 80).
        #expect(await editor.waitUntil { $0.contains(String(repeating: "─", count: 89) + "┬") && $0.components(separatedBy: "\n").count == 40 })
        editor.terminal.resize(width: 30, height: 8)
        #expect(await editor.waitFor("Terminal too small (30×8)"))
        editor.terminal.resize(width: 80, height: 24)
        #expect(await editor.waitUntil { $0.contains("Live preview") && !$0.contains("too small") })
    }

    @Test func whileTooSmallQQuitsAndNothingIsTypedIntoAHiddenField() async throws {
        let editor = try InProcessEditor()
        try await opened(editor)
        editor.press(.tab, .enter)
        editor.terminal.resize(width: 30, height: 8)
        #expect(await editor.waitFor("too small"))

        editor.press(.character("q"))

        #expect(await editor.ended()?.ending == .quit)
        #expect(editor.stored.isEmpty)
    }

    @Test func toggleTwiceLeavesNoMarkAndAnEmptySuite() async throws {
        let editor = try InProcessEditor()
        try await opened(editor)

        editor.press(.tab, .tab, .down, .down, .character(" "))
        #expect(await editor.waitFor("● Notifications"))
        editor.press(.character(" "))

        #expect(await editor.waitUntil { $0.hasSuffix(" Saved notificationsEnabled = false (its default: nothing stored)") && !$0.contains("●") },
                "\(editor.screen)")
        #expect(editor.stored.isEmpty)
    }

    @Test func detailsViewAt60x20() async throws {
        let editor = try InProcessEditor(width: 60, height: 20)
        try await opened(editor)

        editor.press(.character("i"))

        #expect(await editor.waitUntil { screen in
            let lines = screen.components(separatedBy: "\n")
            // The box over the list, from its second column: its rows whole, border to border.
            return lines.contains { $0.dropFirst().hasPrefix("│ Allowed  one of celsius, fahrenheit, kelvin ") && $0.hasSuffix(" │") }
                && lines.contains { $0.dropFirst().hasPrefix("┌─ Temperature ─") && $0.hasSuffix("─┐") }
        }, "\(editor.screen)")
    }
}
