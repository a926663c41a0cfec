import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// The editor in a real terminal (tmux) with an administrator's site folder in
/// `XDG_CONFIG_DIRS`: site values show with their source, locked settings are read-only with
/// the reason, and the administrator's edits arrive while the editor is open.
@Suite("Site defaults and locked settings in the editor", .serialized)
struct SiteDefaultsEditorTests {
    let cli = CommandLineFixture()
    let site = TemporaryDirectory()

    private func writeSite(_ values: [String: PlistValue]) throws {
        try PlistValue.xmlPropertyList(values).write(to: URL(fileURLWithPath: site.file(cli.suite + ".plist")), options: .atomic)
    }

    private func openEditor() async throws -> TmuxSession {
        let session = try TmuxSession(width: 110, height: 30, directory: cli.directory, environment: ["XDG_CONFIG_DIRS": site.path])
        #expect(await session.waitFor("Weather ·"), "\(session.screen())")
        return session
    }

    /// Selects the setting titled `title` with the filter.
    private func select(_ title: String, in session: TmuxSession) async throws {
        try session.press("/")
        try session.type(title)
        try session.press("Enter")
        #expect(await session.waitUntil { TmuxSession.line(containing: title, in: $0).contains("›") || $0.contains("\(title) ") }, "\(session.screen())")
    }

    @Test func aSiteValueShowsWithItsSourceAndRFallsBackToIt() async throws {
        try writeSite(["city": .string("Bergen")])
        try cli.run("set", "city", "Tromsø")
        let session = try await openEditor()
        try await select("City", in: session)
        #expect(await session.waitFor("city = Tromsø"), "\(session.screen())")

        try session.press("r")

        #expect(await session.waitFor("Reset city: back to the site's Bergen"), "\(session.screen())")
        #expect(await session.waitFor("city = Bergen"), "\(session.screen())")
        // The pane names the source (the path wraps at the pane's width).
        #expect(await session.waitFor("From     site file"), "\(session.screen())")
        #expect(cli.stored["city"] == nil)
        try session.press("q")
        #expect(await eventually { session.exitStatus == "0" })
    }

    @Test func aLockedSettingIsReadOnlyAndSaysWhy() async throws {
        try writeSite(["refreshInterval": .int(30)])
        let locks = site.file(cli.suite + ".locks")
        try Data("refreshInterval\n".utf8).write(to: URL(fileURLWithPath: locks))
        let session = try await openEditor()
        try await select("Refresh every", in: session)
        #expect(await session.waitFor("refreshInterval = 30"), "\(session.screen())")
        // The pane says so (the lock file's path wraps at the pane's width).
        #expect(await session.waitUntil { $0.contains("From     locked by") && $0.contains(": read-only (value from") }, "\(session.screen())")

        try session.press("Right")

        #expect(await session.waitFor("refreshInterval is locked by /tmp/"), "\(session.screen())")
        try session.press("Enter")
        #expect(await session.waitFor("refreshInterval is locked by"), "\(session.screen())")
        #expect(cli.stored["refreshInterval"] == nil)
        try session.press("q")
        #expect(await eventually { session.exitStatus == "0" })
    }

    @Test func anAdministratorsEditIsOnScreenWithNoKeyPressed() async throws {
        let session = try await openEditor()
        #expect(await session.waitUntil { TmuxSession.line(containing: "City", in: $0).contains("Oslo") }, "\(session.screen())")

        try writeSite(["city": .string("Narvik")])                   // the site file did not exist at start

        #expect(await session.waitUntil(within: .seconds(5)) { TmuxSession.line(containing: "City", in: $0).contains("Narvik") }, "\(session.screen())")

        try writeSite(["city": .string("Bodø")])

        #expect(await session.waitUntil(within: .seconds(5)) { TmuxSession.line(containing: "City", in: $0).contains("Bodø") }, "\(session.screen())")
        try session.press("q")
        #expect(await eventually { session.exitStatus == "0" })
    }

    @Test func aLockAddedWhileTheEditorIsOpenMakesTheSettingReadOnlyAndAnUnreadableSiteFileIsShown() throws {
        let editor = EditorHarness(width: 110, height: 30)
        let lockFile = "/etc/xdg/com.example.weather.locks"
        let locked = SiteLayers(folders: [.init(path: "/etc/xdg/com.example.weather.plist", locksPath: lockFile, values: [:], locked: ["city"])])

        editor.controller.send(.externalChange(["city": PlistValue?.none], site: locked, loadProblem: nil))
        editor.select("City")
        editor.press(.enter)

        #expect(editor.status.contains("city is locked by \(lockFile)"), "\(editor.screen)")
        var damaged = locked
        damaged.folders[0].loadProblem = "cannot read /etc/xdg/com.example.weather.plist: not a property list"
        editor.controller.send(.externalChange(["city": PlistValue?.none], site: damaged, loadProblem: nil))

        #expect(editor.status.contains("site file: cannot read /etc/xdg/com.example.weather.plist"), "\(editor.screen)")
    }
}

/// Locks that arrive while the editor has a question or a field open.
@Suite("Editor: a lock arriving mid-edit")
struct LockArrivingEditorTests {
    static let lockFile = "/etc/xdg/com.example.weather.locks"
    static func locked(_ names: Set<String>) -> SiteLayers {
        SiteLayers(folders: [.init(path: "/etc/xdg/com.example.weather.plist", locksPath: lockFile, values: [:], locked: names)])
    }

    @Test func anOpenFieldWhoseSettingIsLockedClosesSayingSo() {
        let editor = EditorHarness(width: 110, height: 30)
        editor.select("City")
        editor.press(.enter)
        editor.type("Paris")

        editor.controller.send(.externalChange(["city": PlistValue?.none], site: Self.locked(["city"]), loadProblem: nil))

        #expect(editor.status.contains("city is now locked by \(Self.lockFile)"), "\(editor.screen)")
        editor.press(.enter)
        #expect(editor.stored("city") == nil)
    }

    @Test func resetAllLeavesASettingLockedWhileItsQuestionWasOpenAndResetsTheRest() {
        let editor = EditorHarness(width: 110, height: 30, stored: ["city": .string("Paris"), "decimalPlaces": .int(2)])
        editor.press(.character("R"))

        editor.controller.send(.externalChange(["city": .some(.string("Paris"))], site: Self.locked(["city"]), loadProblem: nil))
        editor.press(.character("y"))

        #expect(editor.stored("decimalPlaces") == nil, "\(editor.screen)")
        #expect(editor.stored("city") == .string("Paris"))
        #expect(editor.status.contains("1 locked by the site left alone"), "\(editor.screen)")
    }
}

/// The editor on a suite without a schema: no key has a declared default, and nothing says so.
@Suite("Editor: keys without a declared default")
struct UndeclaredDefaultEditorTests {
    @Test func thePaneNamesNoDefaultAndRSaysWhatItDoes() {
        let stored: [String: PlistValue] = ["big": .int(1_099_511_627_776), "enabled": .bool(true)]
        let editor = EditorHarness(width: 100, height: 30, stored: stored,
                                   schema: PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.other"))

        editor.select("big")
        #expect(editor.screen.contains("big = 1099511627776"), "\(editor.screen)")
        #expect(!editor.screen.contains("default 0"), "\(editor.screen)")

        editor.select("enabled")
        editor.press(.character("r"))

        #expect(editor.status.contains("Removed enabled from the file; the program that owns it decides what it means"), "\(editor.screen)")
        #expect(editor.stored("enabled") == nil)
    }
}
