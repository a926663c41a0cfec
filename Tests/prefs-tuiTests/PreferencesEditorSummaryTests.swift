@testable import PrefsEditor
import PrefsDemo
import PrefsModel
import Testing

/// What a host gets back from the editor, and the options it can get wrong, without a terminal.
@Suite("The embedded editor's summary and options")
struct PreferencesEditorSummaryTests {
    @Test func changesAreCollapsedPerKeyInTheOrderOfTheirFirstChange() {
        let committed = [
            StoredChange(key: "b", old: nil, new: .int(1)),
            StoredChange(key: "a", old: .string("x"), new: .string("y")),
            StoredChange(key: "b", old: .int(1), new: .int(2)),
        ]

        let changes = PreferencesEditor.changes(committed)

        #expect(changes == [PreferencesEditor.Change(key: "b", before: nil, after: .int(2)),
                            PreferencesEditor.Change(key: "a", before: .string("x"), after: .string("y"))])
    }

    @Test func aChangePutBackIsLeftOut() {
        let committed = [
            StoredChange(key: "a", old: nil, new: .int(1)),
            StoredChange(key: "a", old: .int(1), new: nil),
            StoredChange(key: "b", old: .bool(true), new: .bool(false)),
            StoredChange(key: "b", old: .bool(false), new: .bool(true)),
        ]

        #expect(PreferencesEditor.changes(committed).isEmpty)
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
