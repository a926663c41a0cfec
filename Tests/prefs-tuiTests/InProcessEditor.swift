import Foundation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
@testable import PrefsEditor

/// The editor as `prefs-tui` runs it, in this process: its loop on a suite file in a folder of
/// its own (watched, as the program watches it, so another program's change arrives by itself),
/// with the in-memory terminal for the screen. Keys go in as the terminal reads them, in bursts;
/// frames come out as the loop draws them. For behaviour that is not the terminal's: tmux stays
/// for modes, signals, ncurses' output and the release binary.
final class InProcessEditor: @unchecked Sendable {
    let folder: TemporaryDirectory
    let terminal: InMemoryTerminal
    let prefs: Preferences
    let cancellation = EditorCancellation()
    private let outcome = Locked<EditorLoop.Outcome?>(nil)

    /// Opens the demo's settings (or `schema`'s) on a `width`×`height` screen, with `stored`
    /// already in the suite's file, and the site folders `siteFolders` (as `XDG_CONFIG_DIRS`).
    init(width: Int = 80, height: Int = 24, stored: [String: PlistValue] = [:], schema: PreferenceSchema = WeatherSettings.schema,
         folder: TemporaryDirectory = TemporaryDirectory(), siteFolders: [String] = []) throws {
        self.folder = folder
        if !stored.isEmpty {
            try SuiteStore(suiteName: schema.suiteName, directory: folder.path, watchForChanges: false).commit(stored)
        }
        terminal = InMemoryTerminal(width: width, height: height)
        let site = siteFolders.isEmpty ? nil : SiteDefaults(suiteName: schema.suiteName, folders: siteFolders)
        prefs = Preferences(store: SuiteStore(suiteName: schema.suiteName, directory: folder.path), schema: schema, site: site)
        let wakeUp = try WakeUpSignal()
        let (terminal, prefs, cancellation, outcome) = (terminal, prefs, cancellation, outcome)
        let suiteName = schema.suiteName
        Thread {
            let ended = EditorLoop.run(prefs, suiteName: suiteName, terminal: terminal, wakeUp: wakeUp, cancellation: cancellation)
            outcome.withLock { $0 = ended }
        }.start()
    }

    deinit { cancellation.cancel() }

    /// Keys, as one read of the terminal.
    func press(_ keys: KeyEvent...) { terminal.send(keys.map { .key($0) }) }

    /// Text typed, one key a character, as one read.
    func type(_ text: String) { terminal.send(text.map { .key(.character($0)) }) }

    /// Selects the setting titled `title` with the filter, as a person would.
    func select(_ title: String) {
        press(.character("/"))
        type(title)
        press(.enter)
    }

    /// The last frame drawn, as text.
    var screen: String { terminal.lastFrame }

    /// Waits until a frame satisfies `condition` (checked whole, as a person sees one frame).
    func waitUntil(within timeout: Duration = .seconds(10), _ condition: @escaping @Sendable (String) -> Bool) async -> Bool {
        await eventually(within: timeout) { condition(self.terminal.lastFrame) }
    }

    /// Waits until a frame shows `text`.
    func waitFor(_ text: String, within timeout: Duration = .seconds(10)) async -> Bool {
        await waitUntil(within: timeout) { $0.contains(text) }
    }

    /// The frame's last row: the status line.
    var status: String { screen.components(separatedBy: "\n").last ?? "" }

    /// What the suite's file holds now, read as another program would.
    var stored: [String: PlistValue] {
        SuiteStore(suiteName: prefs.schema.suiteName, directory: folder.path, watchForChanges: false).storedValues()
    }

    /// Runs `prefs-tui ARGUMENTS` on the same folder: another program.
    func otherProcess(_ arguments: String...) throws -> Int32 {
        try ChildProcess.run(product: "prefs-tui", arguments: arguments, configHome: folder.path).status
    }

    /// Waits for the loop to end; how it ended.
    func ended(within timeout: Duration = .seconds(10)) async -> EditorLoop.Outcome? {
        _ = await eventually(within: timeout) { self.outcome.withLock { $0 } != nil }
        return outcome.withLock { $0 }
    }
}
