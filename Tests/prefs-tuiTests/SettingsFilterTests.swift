import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor

/// The filter's search (issue 43): made once per list of settings, searching bytes, and only
/// among the last matches when the filter grew. It must answer exactly as the search it
/// replaced did: the title or the name contains the filter, both lowercased by `String`.
@Suite("The filter's search")
struct SettingsFilterTests {
    static let keys: [AnyPreferenceKey] = [
        PreferenceKey<String>("city", default: "", title: "City", section: "Location"),
        PreferenceKey<Int>("refreshInterval", default: 15, title: "Refresh every", section: "Updates"),
        PreferenceKey<String>("homeTown", default: "", title: "Tromsø", section: "Updates"),
        PreferenceKey<String>("cafe", default: "", title: "Cafe\u{301} menu", section: "Food"),
        PreferenceKey<String>("separator", default: "", title: "List separator ;", section: "Food"),
        PreferenceKey<Bool>("kelvinSign", default: false, title: "Show \u{212A}", section: "Food"),
    ]

    /// The search the index replaced, as the oracle.
    private func expected(_ filter: String) -> [Int] {
        let needle = filter.lowercased()
        return Self.keys.indices.filter { index in
            needle.isEmpty || Self.keys[index].title.lowercased().contains(needle) || Self.keys[index].name.lowercased().contains(needle)
        }
    }

    @Test(arguments: ["", "c", "CITY", "ty", "refresh", "INTERVAL", "e", "ø", "Ø", "troms", "e\u{301}", "\u{E9}", "\u{301}",
                      ";", "\u{37E}", "k", "\u{212A}", "x", "nothing at all", "a\u{0}b"])
    func answersAsTitleOrNameContainsTheFilterIgnoringCase(filter: String) {
        var search = SettingsFilter(keys: Self.keys)

        #expect(search.matches(filter) == expected(filter))
    }

    @Test func aFilterTypedOneCharacterAtATimeAndTakenBackAnswersAsAFreshSearch() {
        var search = SettingsFilter(keys: Self.keys)
        let typed = ["r", "re", "ref", "re", "e", "ev", "eve", "", "c", "ca", "caf", "cafe"]

        let answers = typed.map { search.matches($0) }

        #expect(answers == typed.map(expected))
    }

    @Test func sectionsAreNumberedWhereTheListShowsATitle() {
        #expect(SettingsFilter(keys: Self.keys).sectionNumbers == [0, 1, 1, 2, 2, 2])
    }

    /// The index is made once per list: a key another program adds while a filter is typed is
    /// searched too, and one it removes leaves the list.
    @Test func aKeyAnotherProgramAddsWhileFilteringIsSearchedToo() {
        let stored: [String: PlistValue] = ["alpha": .int(1), "beta": .int(2)]
        let editor = EditorHarness(width: 100, height: 30, stored: stored,
                                   schema: PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup"), keyListing: .followingStore())
        let listed = { editor.controller.state.listedKeyIndices.map { editor.controller.state.keys[$0].name } }
        editor.press(.character("/"))
        editor.type("a")
        #expect(listed() == ["alpha", "beta"])

        editor.controller.send(.externalChange(["gamma": .int(3), "alpha": nil], loadProblem: nil))
        let afterChange = listed()
        editor.type("m")

        #expect(afterChange == ["beta", "gamma"], "\(editor.screen)")
        #expect(listed() == ["gamma"], "\(editor.screen)")
    }
}
