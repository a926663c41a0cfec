import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor

/// One outside change is applied to the editor's snapshot once (issue 52): its values, the
/// site's layers and the load problem together, so the snapshot's version counts changes, not
/// applications (three for one change with a site file's news, before).
@Suite("An outside change, applied once")
struct OutsideChangeOnceTests {
    private static func site(city: String, locked: Set<String> = []) -> SiteLayers {
        SiteLayers(folders: [.init(path: "/etc/xdg/com.example.weather.plist", locksPath: "/etc/xdg/com.example.weather.locks",
                                   values: ["city": .string(city)], locked: locked)])
    }

    @Test(arguments: [false, true])
    func oneChangeWithSiteNewsIsOneApplication(withLoadProblem: Bool) {
        let editor = EditorHarness(width: 100, height: 30)
        let before = editor.controller.state.settings.current.version

        editor.controller.send(.externalChange(["unitsNotation": .string("imperial")], site: Self.site(city: "Bergen"),
                                               loadProblem: withLoadProblem ? .some(nil) : .none))

        #expect(editor.controller.state.settings.current.version == before + 1)
        #expect(editor.row("City").contains("Bergen"), "\(editor.screen)")
        #expect(editor.row("Units").contains("Imperial"), "\(editor.screen)")
    }

    @Test func aLockArrivingOnTheOpenFieldIsOneApplicationAndEndsTheEdit() {
        let editor = EditorHarness(width: 100, height: 30)
        editor.select("City")
        editor.press(.enter)
        let before = editor.controller.state.settings.current.version

        editor.controller.send(.externalChange([:], site: Self.site(city: "Bergen", locked: ["city"])))

        #expect(editor.controller.state.settings.current.version == before + 1)
        #expect(editor.status.contains("locked"), "\(editor.status)")
    }

    @Test func aSiteChangeThatMovesNothingShownIsOneApplication() {
        let editor = EditorHarness(width: 100, height: 30, stored: ["city": .string("Tromsø")])
        let before = editor.controller.state.settings.current.version

        editor.controller.send(.externalChange([:], site: Self.site(city: "Bergen")))

        #expect(editor.controller.state.settings.current.version == before + 1)
        #expect(editor.row("City").contains("Tromsø"))
    }
}
