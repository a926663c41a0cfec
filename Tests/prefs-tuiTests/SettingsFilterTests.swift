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
        PreferenceKey<String>("bar", default: "", title: "Caf\u{E9} bar", section: "Food"),
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

    /// Containment by canonical equivalence is not transitive: "e\u{301}" contains "\u{301}",
    /// and "Café" (precomposed) contains "e\u{301}" but not "\u{301}". A filter beyond ASCII is
    /// therefore never narrowed from the last one's matches.
    @Test func aFilterBeyondASCIIIsNotNarrowedFromTheLastMatches() {
        var search = SettingsFilter(keys: Self.keys)

        let combining = search.matches("\u{301}")
        let typedBefore = search.matches("e\u{301}")

        #expect(combining == expected("\u{301}"))
        #expect(typedBefore == expected("e\u{301}"))
        #expect(typedBefore.contains(6), "\(typedBefore)")          // "Caf\u{E9} bar"
    }

    @Test func aFilterTypedOneCharacterAtATimeAndTakenBackAnswersAsAFreshSearch() {
        var search = SettingsFilter(keys: Self.keys)
        let typed = ["r", "re", "ref", "re", "e", "ev", "eve", "", "c", "ca", "caf", "cafe"]

        let answers = typed.map { search.matches($0) }

        #expect(answers == typed.map(expected))
    }

    /// Filters typed, grown, cut and typed into, at random, over settings whose titles repeat
    /// their letters (so a grown filter often matches later than the shorter one did): each
    /// answer is the oracle's.
    @Test func randomTypingAlwaysAnswersAsAFreshSearch() {
        var random = SeededRandom(seed: 43)
        let letters = Array("abab aB\u{E9}")
        let keys: [AnyPreferenceKey] = (0 ..< 60).map { number in
            let title = String((0 ..< 8).map { _ in letters[random.next(below: letters.count)] })
            return PreferenceKey<Int>("key\(number)", default: 0, title: title, section: "S")
        }
        var search = SettingsFilter(keys: keys)
        var filter = ""
        for _ in 0 ..< 400 {
            switch random.next(below: 4) {
            case 0 where !filter.isEmpty: filter.removeLast()
            case 1: filter.insert(letters[random.next(below: letters.count)], at: filter.startIndex)
            default: filter.append(letters[random.next(below: letters.count)])
            }
            if filter.count > 5 { filter = "" }
            let needle = filter.lowercased()
            let expected = keys.indices.filter { index in
                needle.isEmpty || keys[index].title.lowercased().contains(needle) || keys[index].name.lowercased().contains(needle)
            }

            #expect(search.matches(filter) == expected, "filter \(filter.debugDescription)")
        }
    }

    /// A filter of two bytes or more skips ahead by its last byte's distance from its end
    /// (Horspool's rule). Over titles of two letters and a space, where filters repeat their
    /// own bytes and match at every place (the start, the end, overlapping), a fresh search of
    /// every filter up to five bytes finds exactly the oracle's settings.
    @Test func aSearchThatSkipsAheadMissesNoPlaceAFilterCanStart() {
        var random = SeededRandom(seed: 7)
        let letters = Array("aab ")
        let keys: [AnyPreferenceKey] = (0 ..< 80).map { number in
            let title = String((0 ..< random.next(below: 14)).map { _ in letters[random.next(below: letters.count)] })
            return PreferenceKey<Int>("k\(number)", default: 0, title: title, section: "S")
        }
        var filters: [String] = [], longest = [""]
        for _ in 1 ... 5 {
            longest = longest.flatMap { filter in ["a", "b", " "].map { filter + $0 } }
            filters += longest
        }

        for filter in filters {
            var search = SettingsFilter(keys: keys)
            let expected = keys.indices.filter { keys[$0].title.contains(filter) || keys[$0].name.contains(filter) }

            #expect(search.matches(filter) == expected, "filter \(filter.debugDescription)")
        }
    }

    /// A control character in a filter (a paste can carry one) is left out of the search.
    /// With a NUL after a character that ends a title beyond ASCII, Foundation's `contains`
    /// trapped and ended the editor.
    @Test func aControlCharacterInTheFilterIsLeftOutOfTheSearch() {
        let keys: [AnyPreferenceKey] = [
            PreferenceKey<Int>("first", default: 0, title: "Ça", section: "S"),
            PreferenceKey<Int>("second", default: 0, title: "xa", section: "S"),
            PreferenceKey<Int>("third", default: 0, title: "none", section: "S"),
        ]
        var search = SettingsFilter(keys: keys)

        #expect(search.matches("a\u{0}") == [0, 1])
        #expect(search.matches("\u{7}a\u{1B}") == [0, 1])
        #expect(search.matches("\u{0}") == [0, 1, 2])
    }

    @Test func aPastedFilterWithANulEndsNothing() {
        let stored: [String: PlistValue] = ["café": .int(1), "plain": .int(2)]
        let editor = EditorHarness(width: 100, height: 30, stored: stored,
                                   schema: PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.cafe"))
        editor.press(.character("/"))
        editor.controller.send(.paste("é\u{0}"))

        #expect(editor.controller.state.listedKeyIndices.map { editor.controller.state.keys[$0].name } == ["café"])
    }

    /// A small generator of its own, so the sequence is the same on every run.
    private struct SeededRandom {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func sectionsAreNumberedWhereTheListShowsATitle() {
        #expect(SettingsFilter(keys: Self.keys).sectionNumbers == [0, 1, 1, 2, 2, 2, 2])
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
