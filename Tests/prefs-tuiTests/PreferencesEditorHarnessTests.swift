import PrefsEditor
import PrefsModel
import Testing

/// The public headless harness, used as a host's tests would: through `PrefsEditor`'s public
/// API alone (no `@testable`), on a host's own settings with a derived value.
@Suite("PreferencesEditor.Harness: a host tests its settings screen without a terminal")
struct PreferencesEditorHarnessTests {
    static let copies = PreferenceKey<Int>("copies", default: 7, rule: .range(1...30), title: "Copies kept", section: "When")
    static let everyHours = PreferenceKey<Int>("everyHours", default: 24, rule: .range(1...48), title: "Every", section: "When", unit: "h")
    static let compress = PreferenceKey<Bool>("compress", default: true, title: "Compress", section: "How")
    static let history = DerivedValue(name: "history", title: "History kept", inputs: [copies, everyHours]) { prefs in
        "\(prefs[copies] * prefs[everyHours] / 24) days"
    }
    static let schema = PreferenceSchema(title: "Backup", suiteName: "com.example.harness", keys: [copies, everyHours, compress],
                                         derivedValues: [AnyDerivedValue(history)])

    /// The live preview's "History kept" value.
    private func history(_ editor: PreferencesEditor.Harness) -> String {
        let line = editor.screen.components(separatedBy: "\n").first { $0.contains("History kept") } ?? ""
        return line.components(separatedBy: "History kept").last?.trimmingCharacters(in: .whitespaces) ?? ""
    }

    private func harness(_ options: PreferencesEditor.Options = .init(), store: InMemoryStore = InMemoryStore())
        throws -> (PreferencesEditor.Harness, Preferences) {
        let prefs = Preferences(store: store, schema: Self.schema)
        return (try PreferencesEditor.Harness(PreferencesEditor(prefs, title: "Backup settings", options: options), width: 100, height: 30), prefs)
    }

    @Test func keysChangeSettingsAndTheHostsDerivedValueFollows() throws {
        let (editor, prefs) = try harness()
        #expect(history(editor) == "7 days", "\(editor.screen)")

        editor.press(.right)                                   // Copies kept: 7 → 8

        #expect(prefs[Self.copies] == 8)
        #expect(history(editor) == "8 days")
        #expect(editor.statusLine == " Saved copies = 8")
        #expect(editor.summary.changes == [PreferencesEditor.Change(key: "copies", before: nil, after: .int(8))])
    }

    @Test func typedTextGoesIntoAnOpenFieldAndQuitEnds() throws {
        let (editor, prefs) = try harness()
        editor.press(.down, .enter, .control("u"))
        editor.type("12")
        editor.press(.enter)

        #expect(prefs[Self.everyHours] == 12)
        #expect(history(editor) == "3 days")
        #expect(!editor.hasQuit)
        editor.press(.character("q"), .right)                  // keys after quit do nothing
        #expect(editor.hasQuit)
        #expect(prefs[Self.everyHours] == 12)
    }

    @Test func aRefusedValueLeavesTheSettingAndSaysWhatIsAllowed() throws {
        let (editor, prefs) = try harness()
        editor.press(.enter, .control("u"))
        editor.type("99")
        editor.press(.enter)

        #expect(prefs[Self.copies] == 7)
        #expect(editor.statusLine.contains("copies"), "\(editor.statusLine)")
        #expect(editor.statusLine.contains("1"), "\(editor.statusLine)")
        #expect(editor.summary.changes.isEmpty)
    }

    @Test func aRefusedValueTooLongForTheStatusLineStillEndsWithWhatIsAllowed() throws {
        let prefs = Preferences(store: InMemoryStore(), schema: Self.schema)
        let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 160, height: 30)
        editor.press(.enter, .control("u"))
        editor.paste(String(repeating: "9", count: 50_000))
        editor.press(.enter)

        #expect(prefs[Self.copies] == 7)
        // Not a whole number a setting can hold at all, so the allowed part is Int's range.
        #expect(editor.statusLine == #" copies: "9999999999999999…" (50000 characters) is not allowed; allowed: a whole number from -9223372036854775808 to 9223372036854775807"#,
                "\(editor.statusLine)")
    }

    @Test func aChangeMadeElsewhereShowsOnTheNextScreen() throws {
        let store = InMemoryStore()
        let (editor, _) = try harness(store: store)
        try Preferences(store: store, schema: Self.schema).set(14, for: Self.copies)

        #expect(history(editor) == "14 days", "\(editor.screen)")
        #expect(editor.statusLine.contains("Changed by another program: copies"))
        #expect(editor.summary.changes.isEmpty)               // not the editor's change
    }

    @Test func optionsChooseTheSectionsShownAndBadNamesAreRefused() throws {
        let (editor, _) = try harness(.init(sections: ["How"]))
        #expect(editor.screen.contains("Compress"))
        #expect(!editor.screen.contains("Copies kept"))

        #expect(throws: PreferencesEditorError.self) { try harness(.init(keys: ["nope"])) }
        let (anyCase, _) = try harness(.init(sections: ["how"]))   // as `prefs-tui reset --section` takes them
        #expect(anyCase.screen.contains("Compress"))
        #expect(!anyCase.screen.contains("Copies kept"))
    }

    @Test func withOtherKeysTheStoresUndeclaredKeysAreListedAsTheyComeAndGo() throws {
        let store = InMemoryStore(["legacyMode": .bool(true)])
        let (editor, _) = try harness(.init(sections: ["How"], otherKeys: true), store: store)
        #expect(editor.screen.contains(PreferenceSchema.otherKeysSection))
        #expect(editor.screen.contains("legacyMode"))

        let elsewhere = Preferences(store: store, schema: Self.schema)
        try elsewhere.write(["addedLater": .string("x"), "copies": .int(9), "legacyMode": nil])

        let screen = editor.screen
        #expect(screen.contains("addedLater"), "\(screen)")
        #expect(!screen.contains("legacyMode  "), "\(screen)")
        // A declared setting the host chose not to show is not "another key".
        #expect(!screen.contains("copies  "), "\(screen)")
        #expect(!screen.contains("Copies kept"), "\(screen)")
    }

    @Test func withoutOtherKeysOnlyTheDeclaredSettingsAreListed() throws {
        let store = InMemoryStore(["legacyMode": .bool(true)])
        let (editor, _) = try harness(store: store)
        try Preferences(store: store, schema: Self.schema).write(["addedLater": .string("x")])
        #expect(!editor.screen.contains(PreferenceSchema.otherKeysSection))
        #expect(!editor.screen.components(separatedBy: "\n").dropLast().contains { $0.contains("addedLater") })
    }

    @Test func onANarrowTerminalTheDetailsShowTheDerivedValues() throws {
        let prefs = Preferences(store: InMemoryStore(), schema: Self.schema)
        let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 60, height: 24)
        #expect(!editor.screen.contains("History kept"))      // no room for the live preview beside the pane

        editor.press(.character("i"))

        #expect(editor.screen.contains("History kept: 7 days"), "\(editor.screen)")
    }

    @Test func theScreenFollowsAResize() throws {
        let (editor, _) = try harness()
        editor.resize(width: 50, height: 12)
        let lines = editor.screen.components(separatedBy: "\n")
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.count <= 50 })
    }

    @Test func aHarnessOnACopyShowsTheChangeAndNeverWritesTheStore() throws {
        let store = InMemoryStore()
        let prefs = Preferences(store: store, schema: Self.schema)
        let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 100, height: 30, writesToCopy: true)

        editor.press(.right)

        #expect(editor.statusLine.contains("Saved copies = 8"))
        #expect(history(editor) == "8 days")
        #expect(store.storedValues().isEmpty)
    }

    @Test func keysAreNamedAsTheRenderCommandNamesThem() {
        #expect(PreferencesEditor.Key.named("ctrl-u") == [.control("u")])
        #expect(PreferencesEditor.Key.named("shift-tab") == [.backTab])
        #expect(PreferencesEditor.Key.named("text:ab") == [.character("a"), .character("b")])
        #expect(PreferencesEditor.Key.named("f13") == nil)
    }

    @Test func theLivePreviewFollowsWhatItsValueReadsOnEachBranch() throws {
        let metric = PreferenceKey<Bool>("metric", default: true, title: "Metric", section: "Ride")
        let kmh = PreferenceKey<Int>("kmh", default: 10, rule: .range(0...300), title: "Speed km/h", section: "Ride")
        let mph = PreferenceKey<Int>("mph", default: 6, rule: .range(0...200), title: "Speed mph", section: "Ride")
        let speed = DerivedValue(name: "speed", title: "Cruising") { prefs in prefs[metric] ? "\(prefs[kmh]) km/h" : "\(prefs[mph]) mph" }
        let schema = PreferenceSchema(title: "Ride", suiteName: "com.example.ride", keys: [metric, kmh, mph], derivedValues: [speed])
        let editor = try PreferencesEditor.Harness(PreferencesEditor(Preferences(store: InMemoryStore(), schema: schema)), width: 100, height: 30)
        func preview() -> String {
            editor.screen.components(separatedBy: "\n").first { $0.contains("Cruising") }?.components(separatedBy: "Cruising").last?
                .trimmingCharacters(in: .whitespaces) ?? ""
        }
        #expect(preview() == "10 km/h", "\(editor.screen)")

        editor.press(.enter)                                   // Metric off: the other branch
        #expect(preview() == "6 mph")
        editor.press(.down, .down, .right)                     // mph, read only on that branch: 6 → 7
        #expect(preview() == "7 mph", "\(editor.screen)")
    }

    @Test func aDerivedTitleTakesTheWidthItsValueLeavesFree() throws {
        let quality = PreferenceKey<Int>("quality", default: 80, rule: .range(1...100), title: "Quality", section: "Export")
        let size = DerivedValue(name: "size", title: "Size per photo") { prefs in "≈ \(Double(prefs[quality]) * 0.375) MB" }
        let schema = PreferenceSchema(title: "Photo exporter", suiteName: "com.example.exporter", keys: [quality], derivedValues: [size])
        let editor = try PreferencesEditor.Harness(PreferencesEditor(Preferences(store: InMemoryStore(), schema: schema)), width: 80, height: 24)

        #expect(editor.screen.contains("Size per photo ≈ 30.0 MB"), "\(editor.screen)")
    }
}
