@testable import PrefsEditor
@testable import prefs_tui
import Testing

/// What the editor sends to the terminal between two frames, computed without a terminal.
@Suite("The frame diff")
struct FrameDiffTests {
    private func grid(_ rows: [String], width: Int = 10) -> ScreenGrid {
        var grid = ScreenGrid(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { grid.put(row, x: 0, y: y) }
        return grid
    }

    private func diff(_ previous: ScreenGrid?, _ next: ScreenGrid, monochrome: Bool = false, isUTF8: Bool = true) -> FrameDiff? {
        FrameDiff.between(previous, and: next, monochrome: monochrome, isUTF8: isUTF8)
    }

    @Test func anEqualFrameSendsNothing() {
        let frame = grid(["City  Oslo", "Units"])

        #expect(diff(frame, frame) == nil)
    }

    @Test func theFirstFrameClearsAndSendsEveryVisibleRun() throws {
        let frame = grid(["City  Oslo", "Units"])

        let sent = try #require(diff(nil, frame))

        #expect(sent.clearsScreen)
        // Trailing blanks are sent too on a full frame (ncurses drops what is already blank).
        #expect(sent.runs == [FrameDiff.Run(y: 0, x: 0, text: "City  Oslo", look: .plain),
                              FrameDiff.Run(y: 1, x: 0, text: "Units     ", look: .plain)])
    }

    @Test func oneChangedWordSendsOnlyThatRun() throws {
        let before = grid(["City  Oslo", "Units"])
        let after = grid(["City  Rome", "Units"])

        let sent = try #require(diff(before, after))

        #expect(!sent.clearsScreen)
        #expect(sent.runs == [FrameDiff.Run(y: 0, x: 6, text: "Rome", look: .plain)])
    }

    @Test func aNewSizeClearsTheScreen() throws {
        let sent = try #require(diff(grid(["a"], width: 10), grid(["a"], width: 12)))

        #expect(sent.clearsScreen)
    }

    @Test func movingTheSelectionSendsTheTwoRowsInTheirNewLooks() throws {
        var before = grid(["one", "two"])
        before.put("one", x: 0, y: 0, style: .selected)
        var after = grid(["one", "two"])
        after.put("two", x: 0, y: 1, style: .selected)

        let sent = try #require(diff(before, after))

        let reverse = CellLook(reverse: true)
        #expect(sent.runs == [FrameDiff.Run(y: 0, x: 0, text: "one", look: .plain),
                              FrameDiff.Run(y: 1, x: 0, text: "two", look: reverse)])
    }

    @Test func aBlankAfterBoldTextTakesItsLookSoOneRunCarriesBoth() throws {
        var frame = ScreenGrid(width: 10, height: 1)
        frame.put("ab", x: 0, y: 0, bold: true)
        frame.put("c", x: 3, y: 0, bold: true)

        let sent = try #require(diff(nil, frame))

        #expect(sent.runs.first == FrameDiff.Run(y: 0, x: 0, text: "ab c", look: CellLook(bold: true)))
    }

    @Test func aWideCharactersSecondHalfGoesWithItsFirst() throws {
        let before = grid(["x 中 y"])
        let after = grid(["x 文 y"])

        let sent = try #require(diff(before, after))

        #expect(sent.runs == [FrameDiff.Run(y: 0, x: 2, text: "文", look: .plain)])
    }

    @Test func withoutUTF8BoxCharactersBecomeLineDrawingRuns() throws {
        let frame = grid(["a│b"])

        let sent = try #require(diff(nil, frame, isUTF8: false))

        #expect(sent.runs.prefix(3) == [FrameDiff.Run(y: 0, x: 0, text: "a", look: .plain),
                                        FrameDiff.Run(y: 0, x: 1, text: "│", look: .plain, isLineDrawing: true),
                                        FrameDiff.Run(y: 0, x: 2, text: "b       ", look: .plain)])
    }

    @Test func monochromeStillShowsEveryRole() {
        for style in [CellStyle.header, .selected, .sectionTitle, .modified, .warning, .error, .field, .dim, .panelTitle, .key, .popupSelected] {
            #expect(Theme.look(style, bold: false, monochrome: true) != .plain, "\(style)")
        }
        #expect(Theme.look(.header, bold: false, monochrome: false).colourPair == .header)
        #expect(Theme.look(.selected, bold: false, monochrome: false) == CellLook(reverse: true))
    }

    @Test func theCursorComesWithTheFrame() throws {
        var after = grid(["City"])
        after.cursor = (x: 2, y: 0)

        let sent = try #require(diff(grid(["City"]), after))

        #expect(sent.runs.isEmpty)
        #expect(sent.cursor?.x == 2 && sent.cursor?.y == 0)
    }
}
