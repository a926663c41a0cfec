import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// The editor with an administrator's site folder (as `XDG_CONFIG_DIRS` names it), in process on
/// the in-memory terminal: site values show with their source, locked settings are read-only
/// with the reason, and the administrator's edits arrive while the editor is open.
@Suite("Site defaults and locked settings in the editor", .serialized)
struct SiteDefaultsEditorTests {
    let site = TemporaryDirectory()
    let suite = "com.example.weather"

    private func writeSite(_ values: [String: PlistValue]) throws {
        try PlistValue.xmlPropertyList(values).write(to: URL(fileURLWithPath: site.file(suite + ".plist")), options: .atomic)
    }

    private func openEditor(stored: [String: PlistValue] = [:]) async throws -> InProcessEditor {
        let editor = try InProcessEditor(width: 110, height: 30, stored: stored, siteFolders: [site.path])
        try #require(await editor.waitFor("Weather ·"), "\(editor.screen)")
        return editor
    }

    /// The screen's line that holds `text`, or "".
    private static func line(containing text: String, in screen: String) -> String {
        screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
    }

    @Test func aSiteValueShowsWithItsSourceAndRFallsBackToIt() async throws {
        try writeSite(["city": .string("Bergen")])
        let editor = try await openEditor(stored: ["city": .string("Tromsø")])
        editor.select("City")
        #expect(await editor.waitFor("city = Tromsø"), "\(editor.screen)")

        editor.press(.character("r"))

        #expect(await editor.waitUntil { $0.hasSuffix(" Reset city: back to the site's Bergen") && $0.contains("city = Bergen") },
                "\(editor.screen)")
        // The pane names the source (the path wraps at the pane's width).
        #expect(Self.line(containing: "From     ", in: editor.screen).contains("From     site file "), "\(editor.screen)")
        #expect(editor.stored["city"] == nil)
        editor.press(.character("q"))
        #expect(await editor.ended()?.ending == .quit)
    }

    @Test func aLockedSettingIsReadOnlyAndSaysWhy() async throws {
        try writeSite(["refreshInterval": .int(30)])
        let locks = site.file(suite + ".locks")
        try Data("refreshInterval\n".utf8).write(to: URL(fileURLWithPath: locks))
        let editor = try await openEditor()
        editor.select("Refresh every")
        #expect(await editor.waitFor("refreshInterval = 30"), "\(editor.screen)")
        // The pane says so (the lock file's path wraps at the pane's width).
        #expect(editor.screen.contains("From     locked by ") && editor.screen.contains(": read-only (value from"), "\(editor.screen)")

        editor.press(.right)

        // The status line, cut at the screen's width: the message with the locks file's path.
        let lockedMessage = " refreshInterval is locked by \(site.path)/"
        #expect(await editor.waitUntil { ($0.components(separatedBy: "\n").last ?? "").hasPrefix(lockedMessage) }, "\(editor.screen)")
        editor.press(.enter)
        #expect(await editor.waitUntil { ($0.components(separatedBy: "\n").last ?? "").hasPrefix(lockedMessage) }, "\(editor.screen)")
        #expect(editor.stored["refreshInterval"] == nil)
        editor.press(.character("q"))
        #expect(await editor.ended()?.ending == .quit)
    }

    @Test func anAdministratorsEditIsOnScreenWithNoKeyPressed() async throws {
        let editor = try await openEditor()
        #expect(await editor.waitUntil { Self.line(containing: "City", in: $0).contains("Oslo") }, "\(editor.screen)")

        try writeSite(["city": .string("Narvik")])                   // the site file did not exist at start

        #expect(await editor.waitUntil(within: .seconds(5)) { Self.line(containing: "City", in: $0).contains("Narvik") }, "\(editor.screen)")

        try writeSite(["city": .string("Bodø")])

        #expect(await editor.waitUntil(within: .seconds(5)) { Self.line(containing: "City", in: $0).contains("Bodø") }, "\(editor.screen)")
        editor.press(.character("q"))
        #expect(await editor.ended()?.ending == .quit)
    }

    @Test func aLockAddedWhileTheEditorIsOpenMakesTheSettingReadOnlyAndAnUnreadableSiteFileIsShown() throws {
        let editor = EditorHarness(width: 110, height: 30)
        let lockFile = "/etc/xdg/com.example.weather.locks"
        let locked = SiteLayers(folders: [.init(path: "/etc/xdg/com.example.weather.plist", locksPath: lockFile, values: [:], locked: ["city"])])

        editor.controller.send(.externalChange(["city": PlistValue?.none], site: locked, loadProblem: nil))
        editor.select("City")
        editor.press(.enter)

        #expect(editor.status == " city is locked by /etc/xdg/com.example.weather.locks: the site sets it for everyone", "\(editor.screen)")
        var damaged = locked
        damaged.folders[0].loadProblem = "cannot read /etc/xdg/com.example.weather.plist: not a property list"
        editor.controller.send(.externalChange(["city": PlistValue?.none], site: damaged, loadProblem: nil))

        #expect(editor.status == " site file: cannot read /etc/xdg/com.example.weather.plist: not a property list", "\(editor.screen)")
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

        #expect(editor.status == " city is now locked by /etc/xdg/com.example.weather.locks: the site sets it; your edit was not saved", "\(editor.screen)")
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
        #expect(editor.status == " Reset 1 setting to its default; 1 locked by the site left alone", "\(editor.screen)")
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

        #expect(editor.status == " Removed enabled from the file; the program that owns it decides what it means", "\(editor.screen)")
        #expect(editor.stored("enabled") == nil)
    }
}

/// An administrator's edit that reaches the editor as the site's news alone (issue 41's news
/// carry the site's layers, not the settings they move): the settings it moves are said, and
/// one that moves none says nothing.
@Suite("Editor: a site file's change, said")
struct SiteChangeNewsTests {
    static func site(city: String?, other: String? = nil) -> SiteLayers {
        var values: [String: PlistValue] = [:]
        if let city { values["city"] = .string(city) }
        if let other { values["someOtherProgramsKey"] = .string(other) }
        return SiteLayers(folders: [.init(path: "/etc/xdg/com.example.weather.plist", locksPath: "/etc/xdg/com.example.weather.locks",
                                          values: values, locked: [])])
    }

    @Test func theFullScreenNamesTheSettingsASiteChangeMoved() {
        let editor = EditorHarness(width: 110, height: 30)

        editor.controller.send(.externalChange([:], site: Self.site(city: "Tromsø")))

        #expect(editor.status == " Changed by another program: city", "\(editor.screen)")
        #expect(editor.row("City").contains("Tromsø"))
    }

    @Test func aSiteChangeThatMovesNoShownSettingLeavesTheStatusLineAlone() {
        let editor = EditorHarness(width: 110, height: 30)
        editor.press(.right)                                                 // Saved temperatureNotation = fahrenheit

        editor.controller.send(.externalChange([:], site: Self.site(city: nil, other: "x")))

        #expect(editor.status == " Saved temperatureNotation = fahrenheit", "\(editor.screen)")
    }

    @Test func thePlainModeSaysTheSettingsASiteChangeMoved() {
        let editor = EditorHarness(width: 110, height: 30)
        editor.controller.startConversation()
        let before = editor.controller.state.conversation?.count ?? 0

        editor.controller.send(.externalChange([:], site: Self.site(city: "Tromsø")))

        let said = PlainView.text(of: editor.controller.state, since: before).text
        #expect(said.contains("City was changed by another program: now Tromsø"), "\(said)")
    }
}
