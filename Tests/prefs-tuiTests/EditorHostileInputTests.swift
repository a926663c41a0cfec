import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// A schema of one section with these settings (JSON objects without their braces).
private func schema(_ settings: String...) throws -> PreferenceSchema {
    try PreferenceSchema(jsonText: #"{"suite": "org.example.hostile", "sections": [{"name": "S", "settings": ["#
        + settings.map { "{\($0)}" }.joined(separator: ", ") + "]}]}")
}

/// About 1 MB of text with a recognisable start and end.
private let megabyte = "START" + String(repeating: "0123456789", count: 104_857) + "END"

@Suite("The editor under hostile input: numbers at the ends of Int, huge values")
struct EditorHostileInputTests {
    /// At `Int.max`, stepping was done in doubles: ← said "at its minimum".
    @Test func atIntMaxLeftStepsDownAndRightSaysMaximum() throws {
        let editor = EditorHarness(schema: try schema(
            #""key": "n", "type": "int", "title": "N", "default": 9223372036854775807, "rule": {"min": 9223372036854774784}"#))
        editor.select("N")
        editor.press(.left)
        #expect(editor.status == " Saved n = 9223372036854775806")
        #expect(editor.stored("n") == .int(.max - 1))
        editor.press(.right, .right)
        #expect(editor.stored("n") == nil)      // back at its default
        #expect(editor.status == " n is at its maximum (9223372036854775807)")
    }

    @Test func aSchemaWhoseStepAnIntCannotHoldIsRefusedWithExit65() throws {
        let cli = CommandLineFixture()
        let file = try cli.write(#"""
            {"suite": "org.example.hostile", "sections": [{"name": "S", "settings": [
              {"key": "n", "type": "int", "default": 0, "rule": {"step": 1e19}}]}]}
            """#, to: "steps.json")
        let result = try cli.run("render", "--schema", file, "--keys", "right")
        #expect(result.status == 65)
        #expect(result.error.contains(#"sections[0].settings[0] ("n"): "step" 10000000000000000000 does not fit type int; allowed: a whole number from 1 to 9223372036854775807"#))
        #expect(result.output.isEmpty)
    }

    /// The line editor measured the text before the cursor once per character it scrolled
    /// past: a 32 KB value took minutes per frame. Here a value of a megabyte opens, takes
    /// keys at both ends and is saved whole.
    @Test func aMegabyteValueOpensInTheLineEditorAndTakesKeys() throws {
        let editor = EditorHarness(width: 100, height: 24, stored: ["note": .string(megabyte)],
                                   schema: try schema(#""key": "note", "type": "string", "title": "Note", "default": """#))
        editor.select("Note")
        editor.press(.enter)
        #expect(editor.row("Note").contains("789END"))
        editor.press(.left, .left, .left)
        editor.type("!")
        #expect(editor.row("Note").contains("789!"))   // the field ends at the cursor
        editor.press(.home)
        editor.type(">")
        #expect(editor.row("Note").contains(">START0123"))
        editor.press(.enter)
        #expect(editor.stored("note") == .string(">" + megabyte.dropLast(3) + "!END"))
    }

    /// A 32 KB invalid stored value made every frame wrap it whole, in quadratic time, while
    /// its setting was selected. The details pane shows what fits and marks the rest with "…".
    @Test func aHugeInvalidStoredValueFillsAtMostThePane() throws {
        let huge = String(repeating: "x", count: 32 * 1024)
        let editor = EditorHarness(width: 100, height: 24, stored: ["count": .string(huge)],
                                   schema: try schema(#""key": "count", "type": "int", "title": "Count", "default": 1"#))
        editor.select("Count")
        let problemRows = editor.lines.filter { $0.contains("xxxxxxxxxx") }
        #expect(!problemRows.isEmpty)
        #expect(problemRows.last?.contains("x…") == true, "\(problemRows.last ?? "")")
        #expect(editor.lines.count == 24)
        editor.press(.character("i"))
        #expect(editor.lines.contains { $0.contains("…") })
        #expect(editor.lines.count == 24)
    }
}

@Suite("Breaking a value at the width")
struct BreakingTests {
    @Test func everyCharacterKeepsItsPlaceSpacesIncluded() {
        #expect("ab cd ef".broken(toWidth: 3) == ["ab ", "cd ", "ef"])
        #expect("abcdef".broken(toWidth: 3) == ["abc", "def"])          // exactly full: no `…`
        #expect("".broken(toWidth: 3) == [""])
        #expect("abc".broken(toWidth: 0).isEmpty)
    }

    @Test func aWideCharacterThatWouldStraddleTheBreakStartsTheNextLine() {
        #expect("a東京".broken(toWidth: 2) == ["a", "東", "京"])
    }

    @Test func moreTextThanLinesEndsWithAnEllipsisInTheLastColumn() {
        #expect("abcdefghij".broken(toWidth: 4, maxLines: 2) == ["abcd", "efg…"])
        #expect("abcdefghij".broken(toWidth: 4, maxLines: 1) == ["abc…"])
        #expect("東京東京東京".broken(toWidth: 4, maxLines: 1) == ["東…"])
    }
}

@Suite("Display width")
struct DisplayWidthTests {
    /// ncurses counts with `wcwidth`, which gives U+FE0F no column and 🌧 one.
    @Test func anEmojiPresentationSelectorDoesNotWidenItsSymbol() {
        #expect(DisplayWidth.of(Character("\u{1F327}\u{FE0F}")) == 1)
        #expect(DisplayWidth.drawable(Character("\u{1F327}\u{FE0F}")) == "\u{1F327}")
        #expect(DisplayWidth.of(Character("😀")) == 2)
    }
}

@Suite("Wrapping stops at the lines asked for")
struct WrappingTests {
    @Test func wordsWrapAtSpacesAndLongWordsBreak() {
        #expect("the quick brown fox".wrapped(toWidth: 9) == ["the quick", "brown fox"])
        #expect("abcdefghij".wrapped(toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect("ab  cd\n\nef".wrapped(toWidth: 10) == ["ab cd", "", "ef"])
        #expect("東京東京".wrapped(toWidth: 3) == ["東", "京", "東", "京"])
        #expect("".wrapped(toWidth: 5) == [""])
    }

    @Test func moreTextThanLinesEndsWithAnEllipsis() {
        #expect("abcdefghij".wrapped(toWidth: 4, maxLines: 2) == ["abcd", "efg…"])
        #expect("ab cd ef".wrapped(toWidth: 5, maxLines: 1) == ["ab c…"])
        #expect("ab cd".wrapped(toWidth: 5, maxLines: 1) == ["ab cd"])
        #expect("ab\ncd".wrapped(toWidth: 5, maxLines: 1) == ["ab…"])
    }

    /// A character wider than the whole width still goes somewhere, and wrapping ends.
    @Test func aCharacterWiderThanTheWidthTakesALineOfItsOwn() {
        #expect("東京".wrapped(toWidth: 1) == ["東", "京"])
    }

    @Test func truncationStopsAtTheWidth() {
        #expect(megabyte.truncated(toWidth: 8) == "START01…")
        #expect("Oslo".truncated(toWidth: 4) == "Oslo")
        #expect("東京都".truncated(toWidth: 5) == "東京…")
    }
}
