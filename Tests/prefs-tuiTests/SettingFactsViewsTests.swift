import Foundation
import PrefsDemo
import PrefsModel
import Testing
@testable import PrefsEditor

/// A setting's facts are worded once (issue 41, item 2): the full screen's pane and the plain
/// mode's question say what ``SettingFacts`` says, for a locked, a site, an overridden and a
/// refused setting.
@Suite("A setting's facts, worded once for every view")
struct SettingFactsViewsTests {
    static let site = SiteLayers(folders: [.init(path: "/etc/xdg/w.plist", locksPath: "/etc/xdg/w.locks",
                                                 values: ["city": .string("Bergen"), "refreshInterval": .int(30)],
                                                 locked: ["refreshInterval"])])
    static let stored: [String: PlistValue] = ["unitsNotation": .string("parsecs")]
    static let overrides: [String: PlistValue] = ["temperatureNotation": .string("kelvin")]

    private func prefs() -> Preferences {
        Preferences(store: InMemoryStore(Self.stored), schema: EditorHarness.schema,
                    site: SiteDefaults(frozen: Self.site, suiteName: EditorHarness.schema.suiteName),
                    overrides: Self.overrides, onWriteError: { _ in })
    }

    private func facts(_ name: String, in prefs: Preferences) throws -> SettingFacts {
        SettingFacts(try #require(prefs.schema.key(named: name)), in: prefs.snapshot())
    }

    @Test(arguments: ["city", "refreshInterval", "temperatureNotation"])
    func theFullScreenAndThePlainModeSayWhereAValueComesFromInTheFactsWords(name: String) throws {
        let prefs = prefs()
        let facts = try facts(name, in: prefs)
        let note = try #require(facts.sourceNote)
        let title = try #require(prefs.schema.key(named: name)).title

        let screen = EditorHarness(width: 160, height: 40, stored: Self.stored,
                                   site: SiteDefaults(frozen: Self.site, suiteName: EditorHarness.schema.suiteName),
                                   overrides: Self.overrides)
        screen.select(title)
        let plain = try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(mode: .plain)), width: 160, height: 40)
        plain.answer(name)

        #expect(screen.controller.state.selectedKey?.name == name)
        #expect(screen.lines.contains { $0.contains("From     \(note)") }, "\(screen.screen)")
        if let lock = facts.lock {
            // A locked setting is not asked about: the plain mode says why, in the same words.
            #expect(plain.transcript.contains("\(name) is \(lock): the site sets it for everyone"), "\(plain.transcript)")
        } else {
            #expect(plain.transcript.contains("(from \(note))"), "\(plain.transcript)")
        }
    }

    /// The value the facts show is the one the snapshot shows, for every setting and every
    /// source: a value a layer judged is not judged again, a locked value that breaks the rule
    /// (which no layer judged) still shows the default.
    @Test func theValueShownIsTheValueInEffectForEverySource() throws {
        let locked = SiteLayers(folders: [.init(path: "/etc/xdg/w.plist", locksPath: "/etc/xdg/w.locks",
                                                values: ["refreshInterval": .int(7), "city": .string("Bergen")],
                                                locked: ["refreshInterval"])])
        let prefs = Preferences(store: InMemoryStore(["unitsNotation": .string("parsecs"), "favoriteCities": .array([.string("Oslo")])]),
                                schema: EditorHarness.schema, site: SiteDefaults(frozen: locked, suiteName: EditorHarness.schema.suiteName),
                                overrides: Self.overrides, onWriteError: { _ in })
        let snapshot = prefs.snapshot()

        for key in prefs.schema.keys {
            #expect(SettingFacts(key, in: snapshot).valueDisplayText == snapshot.displayText(of: key), "\(key.name)")
        }
        let interval = try #require(prefs.schema.key(named: "refreshInterval"))
        #expect(SettingFacts(interval, in: snapshot).valueDisplayText == interval.defaultDisplayText)
    }

    @Test func eachSourceIsWordedAsTheFactsSayIt() throws {
        let prefs = prefs()

        #expect(try facts("city", in: prefs).sourceNote == "site file /etc/xdg/w.plist")
        #expect(try facts("refreshInterval", in: prefs).sourceNote == "locked by /etc/xdg/w.locks: read-only (value from /etc/xdg/w.plist)")
        #expect(try facts("temperatureNotation", in: prefs).sourceNote == "this run's override (not saved)")
        #expect(try facts("unitsNotation", in: prefs).sourceNote == nil)
    }

    @Test func aRefusedStoredValueIsExplainedInTheFactsWordsOnBothViews() throws {
        let prefs = prefs()
        let problem = try #require(try facts("unitsNotation", in: prefs).problem)
        let screen = EditorHarness(width: 200, height: 40, stored: Self.stored)
        screen.select(try #require(prefs.schema.key(named: "unitsNotation")).title)
        let plain = try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(mode: .plain)), width: 160, height: 40)
        plain.answer("unitsNotation")

        #expect(screen.lines.contains { $0.contains("Problem  \(problem)") }, "\(screen.screen)")
        #expect(plain.transcript.contains("Problem: \(problem)."), "\(plain.transcript)")
    }
}
