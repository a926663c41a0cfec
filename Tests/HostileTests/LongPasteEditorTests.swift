import Foundation
import PrefsTestSupport
import Testing

extension Hostile {
    /// A 10 MB bracketed paste into an open field, in a real terminal (issue 38, item 13; round
    /// 4's item 10). Read through ncurses a byte at a time it cost 41 s of CPU and had not shown
    /// after 120 s, with keys, Ctrl-C and other programs' changes waiting behind it.
    @Suite("A 10 MB paste into the editor")
    struct LongPasteEditor {
        @Test func isRefusedAtOnceAndTheEditorGoesOn() async throws {
            let session = try TmuxSession()
            let pasted = session.directory.file("paste.txt")
            try Data(repeating: 0x78, count: 10_000_000).write(to: URL(fileURLWithPath: pasted))
            #expect(await session.waitFor("Weather ·"))
            try session.press("Tab", "Enter", "C-u")
            let clock = ContinuousClock()
            let start = clock.now

            try session.paste(contentsOf: pasted)

            let refused = await session.waitFor("Paste refused: it is longer than 65536 characters", within: .seconds(20))
            let elapsed = clock.now - start
            HostileRun.report("a 10,000,000-byte bracketed paste into an open field refused after \(elapsed) (deadline 20 s)")
            #expect(refused, "\(session.screen())")
            // Another program's change and a key, right after it.
            #expect(try session.otherProcess("set", "refreshInterval", "30") == 0)
            #expect(await session.waitFor("30 min"), "\(session.screen())")
            try session.press("Escape", "q")
            #expect(await eventually { session.exitStatus == "0" })
        }
    }
}
