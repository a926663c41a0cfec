import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// In a real terminal, the cursor tmux reports is on the selected setting after every move:
/// what a screen reader or a braille display reads (issue 22).
@Suite("The editor in a real terminal: the cursor follows the selection")
struct TerminalCursorTests {
    private func cursor(_ session: TmuxSession) throws -> (x: Int, y: Int, visible: Bool) {
        let parts = try session.tmux(["display-message", "-p", "-t", "e", "#{cursor_x},#{cursor_y},#{cursor_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        return (parts[0], parts[1], parts[2] == 1)
    }

    private func row(of text: String, in session: TmuxSession) -> Int? {
        session.screen().components(separatedBy: "\n").firstIndex { $0.contains(text) }
    }

    /// Whether the cursor is on the row showing `text`; false while either cannot be read.
    private func cursorIsOnRow(of text: String, in session: TmuxSession) -> Bool {
        guard let cursorRow = try? cursor(session).y, let textRow = row(of: text, in: session) else { return false }
        return cursorRow == textRow
    }

    @Test func afterDownTheCursorIsOnTheSelectedRow() async throws {
        let session = try TmuxSession(width: 100, height: 30)
        #expect(await session.waitFor("Weather · com.example.weather"))

        try session.press("Down")
        #expect(await eventually { self.cursorIsOnRow(of: "Units    ", in: session) })
        try session.press("Down")
        #expect(await eventually { self.cursorIsOnRow(of: "Time format", in: session) })

        let placed = try cursor(session)
        #expect(placed.x == 2)
        #expect(!placed.visible)
        try session.press("q")
    }

    @Test func cursorVisibleShowsIt() async throws {
        let session = try TmuxSession(["--cursor", "visible"], width: 100, height: 30)
        #expect(await session.waitFor("Weather · com.example.weather"))

        #expect(await eventually { (try? self.cursor(session).visible) == true })
        // Polled too: the cursor can be shown before the rest of the first frame is drawn.
        #expect(await eventually { self.cursorIsOnRow(of: "Temperature", in: session) })
        try session.press("q")
    }
}
