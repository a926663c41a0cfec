import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// The mouse in a real terminal (issue 22): SGR reports typed into a 250-column pane select,
/// toggle, cycle and scroll, and the terminal's mouse modes are off again after `q` and after
/// SIGTERM (checked in the bytes the editor sent, recorded with `pipe-pane`).
@Suite("The editor in a real terminal: the mouse")
struct TerminalMouseTests {
    private func report(_ code: Int, x: Int, y: Int, release: Bool = false) -> String {
        "\u{1B}[<\(code);\(x + 1);\(y + 1)\(release ? "m" : "M")"
    }

    private func click(_ session: TmuxSession, x: Int, y: Int) throws {
        try session.type(report(0, x: x, y: y) + report(0, x: x, y: y, release: true))
    }

    /// The screen row of the setting titled `title`, once it is drawn: the title line can be on
    /// screen while the rest of the first frame is still on its way (seen under AddressSanitizer).
    private func row(of title: String, in session: TmuxSession) async -> Int? {
        let found = Locked<Int?>(nil)
        _ = await session.waitUntil { screen in
            let index = screen.components(separatedBy: "\n").firstIndex { $0.dropFirst(2).hasPrefix(title) }
            found.withLock { $0 = index }
            return index != nil
        }
        return found.withLock { $0 }
    }

    /// Starts recording what the editor sends to the terminal.
    /// The bytes the pane's program sends from now on, in a file (`pipe-pane`): what turns modes
    /// off is checked there, since the pane, and with it its record of the modes, may be gone
    /// once the program has ended.
    private func record(_ session: TmuxSession) throws -> String {
        let path = session.directory.file("output.bytes")
        try session.tmux(["pipe-pane", "-t", "e", "-o", "cat >> '\(path)'"])
        return path
    }

    /// The mouse modes a recording shows switched off: click reports, their SGR form.
    private func modesTurnedOff(in path: String) -> Bool {
        let text = (try? String(contentsOfFile: path, encoding: .isoLatin1)) ?? ""
        return text.contains("\u{1B}[?1000l") && text.contains("\u{1B}[?1006l")
    }

    /// The pane's own record of the mouse modes in force, click reports and their SGR form:
    /// "11" on, "00" off, while its program runs. Unlike the bytes piped out of the pane, it
    /// cannot miss what was sent before the recording started (under load the editor switched
    /// the mouse on before `pipe-pane` was in place, and a test waiting for those bytes failed).
    private func mouseModes(_ session: TmuxSession) -> String {
        (try? session.tmux(["display-message", "-p", "-t", "e", "#{mouse_standard_flag}#{mouse_sgr_flag}"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    @Test func clicksAndTheWheelAt250ColumnsAndTheModesAreOffAfterQuit() async throws {
        let session = try TmuxSession(width: 250, height: 30)
        let output = try record(session)
        #expect(await session.waitFor("Weather · com.example.weather"))
        #expect(await eventually { mouseModes(session) == "11" }, "\(mouseModes(session))")
        let notifications = try #require(await row(of: "Notifications", in: session))

        try click(session, x: 2, y: notifications)                                   // select
        #expect(await session.waitUntil { _ in session.screen().contains("notificationsEnabled = false") })
        try click(session, x: 30, y: notifications)                                  // toggle
        #expect(await session.waitFor("Saved notificationsEnabled = true"))
        let temperature = try #require(await row(of: "Temperature", in: session))
        try click(session, x: 29, y: temperature)                                    // ‹ cycles back
        #expect(await session.waitFor("Saved temperatureNotation = kelvin"))
        try session.type(report(65, x: 240, y: 5))                                   // the wheel, past column 223
        #expect(await session.waitUntil { _ in session.screen().contains("city = Oslo") }, "\(session.screen())")
        try click(session, x: 245, y: 1)                                             // past column 223, beyond the values: nothing
        try session.press("q")

        #expect(await eventually { session.exitStatus == "0" })
        #expect(session.stored == ["notificationsEnabled": .bool(true), "temperatureNotation": .string("kelvin")])
        #expect(await eventually { modesTurnedOff(in: output) })
    }

    /// A report too long to be real, or cut off by the next one, is dropped whole: none of it
    /// is typed into an open field, and none of it acts as a key (`q` quits, `M` turns the
    /// mouse off).
    @Test func aMalformedReportIsDroppedWhole() async throws {
        let session = try TmuxSession(width: 120, height: 30)
        #expect(await session.waitFor("Weather · com.example.weather"))
        try session.type("\u{1B}[<" + String(repeating: "1", count: 40) + ";1;1q")
        try session.type("\u{1B}[<" + String(repeating: "1", count: 40) + ";1;1M")
        try session.press("Tab")
        try session.press("Enter", "C-u")                                            // edit City
        try session.type("\u{1B}[<0;5;" + String(repeating: "2", count: 60) + "M")
        try session.type("\u{1B}[<0;5;5")
        try session.type("\u{1B}[<0;5;5Mcd")
        try session.press("Enter")

        #expect(await session.waitFor("Saved city = cd"), "\(session.screen())")
        #expect(!session.screen().contains("Mouse off"))
        try session.press("q")
        #expect(await eventually { session.exitStatus == "0" })
    }

    @Test func noMouseLeavesTheMouseToTheTerminalAndSigtermTurnsTheModesOff() async throws {
        let quiet = try TmuxSession(["--no-mouse"], width: 100, height: 30)
        #expect(await quiet.waitFor("Weather · com.example.weather"))
        #expect(mouseModes(quiet) == "00")
        try quiet.press("q")
        #expect(await eventually { quiet.exitStatus == "0" })

        let session = try TmuxSession(width: 100, height: 30)
        let output = try record(session)
        #expect(await session.waitFor("Weather · com.example.weather"))
        #expect(await eventually { mouseModes(session) == "11" }, "\(mouseModes(session))")
        try session.signalEditor(SIGTERM)

        #expect(await eventually { session.exitStatus != nil })
        #expect(await eventually { modesTurnedOff(in: output) })
    }

    /// Round 4 (issue 28, case 5): reports with a sign, commas, a space, cut off by another
    /// escape sequence, or split by a slow link: none of their tail is typed into the open field.
    @Test func aMalformedCutOrSplitReportTypesNothingIntoAField() async throws {
        let session = try TmuxSession(width: 120, height: 30)
        #expect(await session.waitFor("Weather · com.example.weather"))
        try session.press("Tab")
        try session.press("Enter", "C-u")                                            // edit City
        try session.type("Hamar")
        try session.type("\u{1B}[<0;-1;3M")
        try session.type("\u{1B}[<0,30,5M")
        try session.type("\u{1B}[<0;30;5 12")
        try session.type("\u{1B}[<0;30;5")
        try session.type("\u{1B}[A")
        let clock = ContinuousClock()
        let splitStart = clock.now
        try session.type("\u{1B}[<0;")
        try await Task.sleep(for: .milliseconds(300))                                // split by a slow link
        try session.type("12;5M")
        // The editor keeps a report open for 2 s; on a machine so loaded that the two halves
        // were sent further apart than that, the tail is rightly input of its own.
        let splitInTime = clock.now - splitStart < .milliseconds(1_800)
        try session.press("Enter")

        #expect(await session.waitUntil { _ in session.screen().contains("Saved city = Hamar") }, "\(session.screen())")
        if splitInTime {
            #expect(session.stored["city"] == .string("Hamar"))
        } else {
            #expect(session.stored["city"]?.summary.hasPrefix("\"Hamar") == true)
        }
        try session.press("q")
        #expect(await eventually { session.exitStatus == "0" })
    }

    /// Round 4 (issue 28, case 11): SIGTSTP sent from outside (not Ctrl-Z) stops the editor with
    /// mouse reporting off, so clicks in the shell type nothing; `fg` (SIGCONT) turns it on again.
    @Test func aStopSentFromOutsideTurnsTheMouseOffWhileStopped() async throws {
        // From a shell with job control, as a person runs it: in the pane's own `sh -c` the
        // editor's process group is orphaned, and the kernel discards a stop sent to it.
        let session = try TmuxSession(width: 100, height: 30, interactiveShell: true)
        try session.type("'\(session.binary)'")
        try session.press("Enter")
        #expect(await session.waitFor("Weather · com.example.weather"))
        #expect(await eventually { mouseModes(session) == "11" }, "\(mouseModes(session))")

        try session.signalEditor(SIGTSTP)

        #expect(await eventually { mouseModes(session) == "00" }, "\(mouseModes(session))")
        // The shell has the terminal again; what is typed waits in it until the shell reads it.
        try session.type("fg")
        try session.press("Enter")
        #expect(await eventually { mouseModes(session) == "11" }, "\(mouseModes(session))")   // on again after fg
        try session.press("q")
        #expect(await eventually { mouseModes(session) == "00" }, "\(mouseModes(session))")
    }
}
