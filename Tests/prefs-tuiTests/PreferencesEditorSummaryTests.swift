@testable import PrefsEditor
import PrefsDemo
import PrefsModel
import Testing

/// What a host gets back from the editor, and the options it can get wrong, without a terminal.
@Suite("The embedded editor's summary and options")
struct PreferencesEditorSummaryTests {
    @Test func changesAreCollapsedPerKeyInTheOrderOfTheirFirstChange() {
        var session = SessionChanges()
        session.record([StoredChange(key: "b", old: nil, new: .int(1))], edited: ["b"])
        session.record([StoredChange(key: "a", old: .string("x"), new: .string("y"))], edited: ["a"])
        session.record([StoredChange(key: "b", old: .int(1), new: .int(2))], edited: ["b"])

        let summary = PreferencesEditor.Summary(session, ending: .quit, unsaved: nil)

        #expect(summary.changes == [PreferencesEditor.Change(key: "b", before: nil, after: .int(2)),
                                    PreferencesEditor.Change(key: "a", before: .string("x"), after: .string("y"))])
    }

    @Test func aChangePutBackIsLeftOut() {
        var session = SessionChanges()
        session.record([StoredChange(key: "a", old: nil, new: .int(1))], edited: ["a"])
        session.record([StoredChange(key: "a", old: .int(1), new: nil)], edited: ["a"])
        session.record([StoredChange(key: "b", old: .bool(true), new: .bool(false))], edited: ["b"])
        session.record([StoredChange(key: "b", old: .bool(false), new: .bool(true))], edited: ["b"])

        #expect(PreferencesEditor.Summary(session, ending: .quit, unsaved: nil).changes.isEmpty)
    }

    @Test func whatAWriteCarriedAlongIsNotThePersonsChangeAndOneActionsKeysKeepTheirOrder() {
        var session = SessionChanges()
        // The first write migrates: the old name's value moves, and the version is recorded.
        session.record([StoredChange(key: "outputFolder", old: .string("/p"), new: nil),
                        StoredChange(key: "outputDirectory", old: nil, new: .string("/p")),
                        StoredChange(key: "prefs.schemaVersion", old: nil, new: .int(2)),
                        StoredChange(key: "format", old: nil, new: .string("png"))], edited: ["format"])
        session.record([StoredChange(key: "a", old: .int(1), new: nil), StoredChange(key: "z", old: .int(2), new: nil)],
                       edited: ["z", "a"])

        let summary = PreferencesEditor.Summary(session, ending: .interrupted, unsaved: nil)

        #expect(summary.changes.map(\.key) == ["format", "z", "a"])
        #expect(summary.migrated.map(\.key) == ["outputFolder", "outputDirectory", "prefs.schemaVersion"])
        #expect(summary.ending == .interrupted && summary.endingSignal == nil && !summary.wasCancelled)
    }

    /// Checked before any terminal is touched: these throw whatever standard input is.
    @Test func anUnknownSectionOrKeyIsRefusedNamingTheOnesThereAre() {
        let prefs = Preferences(store: InMemoryStore(), schema: WeatherSettings.schema)

        #expect(throws: PreferencesEditorError.noSuchSetting(name: "Colours", kind: "section",
                                                             allowed: ["Units", "Location", "Updates", "Display"])) {
            try PreferencesEditor(prefs, options: .init(sections: ["Colours"], terminal: .standardStreams)).run()
        }
        #expect(throws: PreferencesEditorError.self) {
            try PreferencesEditor(prefs, options: .init(keys: ["cty"], terminal: .standardStreams)).run()
        }
        #expect(PreferencesEditorError.noSuchSetting(name: "cty", kind: "setting", allowed: ["city", "units"]).description
                == #"no setting named "cty" to show; settings: city, units"#)
    }
}
