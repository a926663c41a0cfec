import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// The plain mode (issue 22): prompts on standard input and output that only append, for
/// screen readers, braille displays and terminals that cannot move the cursor.
@Suite("The plain mode")
struct PlainModeTests {
    private func session(_ lines: String..., stored: [String: PlistValue] = [:]) throws -> (CommandLineFixture, ChildProcess.Result) {
        let cli = CommandLineFixture()
        if !stored.isEmpty { try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false).commit(stored) }
        let input = try cli.write(lines.joined(separator: "\n") + "\n", to: "input.txt")
        return (cli, try cli.runInShell("< '\(input)'", "--plain"))
    }

    @Test func picksChangesRefusesUndoesAndQuitsWithoutAnEscapeSequence() throws {
        let (cli, result) = try session("6", "20", "10", "5", "", "2", "2", "u", "q")

        #expect(result.status == 0, "\(result.error)")
        #expect(!result.output.contains("\u{1B}"))                 // no cursor movement, no colours
        #expect(result.output.contains("Updates\n  6. Refresh every: 15 min\n  7. Show feels-like: on\n"))
        #expect(result.output.contains("Now 15 min; default 15 min. Allowed: a whole number from 5 to 240 in steps of 5."))
        #expect(result.output.contains("Saved refreshInterval = 20.\nLive values now: Next refresh"))
        #expect(result.output.contains(#"decimalPlaces: "5" is not allowed; allowed: 0…2"#))
        #expect(result.output.contains("Decimal places stays 1."))
        #expect(result.output.contains("Saved unitsNotation = imperial.\nLive values now: Wind 11.2 mph"))
        #expect(result.output.contains("Undid: unitsNotation = metric.\nLive values now: Wind 5.0 m/s"))
        #expect(cli.stored == ["refreshInterval": .int(20)])
    }

    /// The plain mode as a first hour found it (issue 39, item 5): the host's title shown as
    /// given, Esc at a question keeping the value, Ctrl-D ending with the closing line of q.
    @Test func escKeepsTheValueAndTheEndOfInputClosesAsQDoes() throws {
        let (cli, result) = try session("6", "\u{1B}", "7")   // input ends after the question for 7, as Ctrl-D ends it

        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Weather, suite com.example.weather ("), "\(result.output)")
        #expect(result.output.contains("Refresh every stays 15 min."), "\(result.output)")
        #expect(!result.output.contains("is not allowed"), "\(result.output)")
        #expect(result.output.hasSuffix("New value (Enter or Esc keeps it; r resets): \nBye.\n"), "\(result.output)")
        #expect(cli.stored.isEmpty)
    }

    @Test func aSettingIsPickedByNameAndAChoiceByNameOrNumber() throws {
        let (cli, result) = try session("temperatureNotation", "fahrenheit", "timeNotation", "1", "notificationsEnabled", "yes", "q")

        #expect(result.status == 0)
        #expect(result.output.contains("  1. Celsius\n  2. Fahrenheit\n  3. Kelvin\nChoice (number or name; Enter or Esc keeps Celsius; r resets): "))
        #expect(cli.stored == ["temperatureNotation": .string("fahrenheit"), "timeNotation": .string("twelveHour"),
                               "notificationsEnabled": .bool(true)])
    }

    @Test func anUnknownPickIsExplainedAndEndOfInputQuits() throws {
        let (cli, result) = try session("99", "citty", stored: ["city": .string("Bergen")])

        #expect(result.status == 0)
        #expect(result.output.contains(#"No setting "99": type a number from 1 to 11, or a key name."#))
        #expect(result.output.contains(#"No setting "citty""#))
        #expect(result.output.contains("  4. City: Bergen (changed)"))
        #expect(cli.stored == ["city": .string("Bergen")])
    }

    @Test func liveValuesAreComparedByNameAndUnsetIsNotEmpty() throws {
        let (_, result) = try session("7", "off", "l", "q")

        #expect(result.output.contains("Saved showFeelsLike = false.\nLive values now: Feels like (none)\n"), "\(result.output)")
        #expect(result.output.contains("  11. Last refresh: (unset)\n"))
        #expect(result.output.contains("  5. Favourite cities: (empty)\n"))
    }

    @Test func aKeyNobodyDeclaredADefaultForIsRemovedNotResetToZero() throws {
        var cli = CommandLineFixture()
        cli.suite = "com.acme.other"
        try SuiteStore(suiteName: cli.suite, directory: cli.directory.path, watchForChanges: false).commit(["port": .int(8080)])
        let input = try cli.write("r 1\nl\nq\n", to: "input.txt")

        let result = try cli.runInShell("< '\(input)'", "--plain", "--suite", "com.acme.other")

        #expect(result.output.contains("Removed port from the file; the program that owns it decides what it means."), "\(result.output)")
        // The list follows the file, as the full screen's does: the key went with its value.
        #expect(result.output.hasSuffix("No settings in this suite.\nSetting (number or name; l lists, q quits): Bye.\n"), "\(result.output)")
        #expect(cli.stored == [:])
    }

    @Test func anEmptySuiteSaysSoAndWrongResetFormsAreExplained() throws {
        let cli = CommandLineFixture()
        let input = try cli.write("r\nr 99\n\(String(repeating: "y", count: 5000))\nq\n", to: "input.txt")

        // A suite whose file holds no settings (a suite that is nowhere is a misspelling, exit 66).
        try SuiteStore(suiteName: "com.acme.empty", directory: cli.directory.path, watchForChanges: false).commit(["x": .int(1)])
        try SuiteStore(suiteName: "com.acme.empty", directory: cli.directory.path, watchForChanges: false).commit(["x": nil])
        let empty = try cli.runInShell("< '\(input)'", "--plain", "--suite", "com.acme.empty")
        let demo = try cli.runInShell("< '\(input)'", "--plain")

        #expect(empty.status == 0 && demo.status == 0, "\(empty.error)")   // a number in a suite without settings crashed
        #expect(empty.output.contains("No settings in this suite."))
        #expect(empty.output.contains(#"No setting "99" to reset: this suite has none."#))
        #expect(demo.output.contains("Type r and the setting's number or name, such as r 1."))
        #expect(demo.output.contains(#"No setting "99" to reset: type a number from 1 to 11, or a key name."#))
        #expect(demo.output.count < 5000, "a long line is not read back whole")
    }

    @Test func anAnswerEndedByEndOfInputWithoutEnterIsNotTaken() throws {
        let cli = CommandLineFixture()
        let input = try cli.write("4\nTrondheim", to: "input.txt")     // no line end: Ctrl-D after typing

        let result = try cli.runInShell("< '\(input)'", "--plain")

        #expect(result.status == 0)
        #expect(result.output.contains("City (city)"), "the question was not asked: \(result.output)")
        #expect(!result.output.contains("Saved city"), "\(result.output)")
        #expect(cli.stored == [:])
    }

    @Test func rulesAreSaidInWords() {
        func words(_ key: AnyPreferenceKey) -> String {
            SettingFacts(key, in: PreferencesSnapshot(schema: PreferenceSchema(title: "T", suiteName: "t", keys: [key]), storedValues: [:]))
                .allowedInWords
        }
        #expect(words(PreferenceKey<Int>("n", default: 5, rule: .range(5...240, step: 5))) == "a whole number from 5 to 240 in steps of 5")
        #expect(words(PreferenceKey<Double>("x", default: 1, rule: .range(0...2))) == "a number from 0 to 2")
        #expect(words(PreferenceKey<Bool>("b", default: true)) == "on or off")
        #expect(words(PreferenceKey<URL>("u", default: URL(string: "https://a.example")!)).hasPrefix("an absolute URL"))
        // The form the parser refuses a value with, asked for directly.
        #expect(words(PreferenceKey<Date>("d", default: Date(timeIntervalSince1970: 0))) == PreferenceType.date.textForm)
        #expect(throws: PreferenceError.invalidValue(key: "d", value: "soon", allowed: PreferenceType.date.textForm)) {
            try PreferenceKey<Date>("d", default: Date(timeIntervalSince1970: 0)).storedValue(parsing: ["soon"])
        }
    }

    @Test func aHostOpensThePlainModeThroughTheLibrary() throws {
        let prefs = Preferences(store: InMemoryStore(), schema: EditorHarness.schema)
        let plain = try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(mode: .plain)))

        #expect(plain.transcript.contains("4. City: Oslo"))
        plain.answer("city", "Tromsø")
        #expect(plain.transcript.hasSuffix("Saved city = Tromsø.\nSetting (number or name; l lists, q quits): "), "\(plain.transcript)")
        plain.answer("q")

        #expect(plain.hasQuit)
        #expect(prefs.store.storedValue(forKey: "city") == .string("Tromsø"))
        #expect(plain.summary.changes.map(\.key) == ["city"])
    }

    /// The same settings opened twice through the public harness: once on the full screen, once
    /// as plain questions.
    private func bothViews(stored: [String: PlistValue] = [:]) throws -> (screen: PreferencesEditor.Harness, plain: PreferencesEditor.Harness) {
        let screen = try PreferencesEditor.Harness(PreferencesEditor(Preferences(store: InMemoryStore(stored), schema: EditorHarness.schema)))
        let plain = try PreferencesEditor.Harness(PreferencesEditor(Preferences(store: InMemoryStore(stored), schema: EditorHarness.schema),
                                                                    options: .init(mode: .plain)))
        return (screen, plain)
    }

    @Test func aResetAndAnUndoAreWordedAsTheFullScreenWordsThem() throws {
        let (screen, plain) = try bothViews(stored: ["refreshInterval": .int(20)])

        screen.press(.down, .down, .down, .down, .down, .character("r"))     // Refresh every
        plain.answer("r 6")
        let reset = screen.statusLine.trimmingCharacters(in: .whitespaces)
        let changedByReset = plain.summary.changes.map(\.key)
        screen.press(.character("u"))
        plain.answer("u")
        let undone = screen.statusLine.trimmingCharacters(in: .whitespaces)

        #expect(reset == "Reset refreshInterval to its default (15)")
        #expect(plain.transcript.contains("\(reset).\nLive values now: Next refresh"), "\(plain.transcript)")
        #expect(plain.transcript.contains("\(undone).\n"), "\(plain.transcript)")
        #expect(changedByReset == ["refreshInterval"])
        #expect(plain.summary.changes.isEmpty)                              // undone: back as it was
    }

    @Test func anotherProgramsChangeIsSaidBeforeTheNextQuestion() throws {
        let store = InMemoryStore()
        let plain = try PreferencesEditor.Harness(PreferencesEditor(Preferences(store: store, schema: EditorHarness.schema),
                                                                    options: .init(mode: .plain)))
        plain.answer("city")

        try Preferences(store: store, schema: EditorHarness.schema).set("Hamar", for: PreferenceKey<String>("city", default: "Oslo"))

        #expect(plain.transcript.hasSuffix("City was changed by another program: now Hamar.\nNew value for City (Enter keeps Hamar; r resets): "),
                "\(plain.transcript)")
        plain.answer("")
        #expect(plain.transcript.hasSuffix("City stays Hamar.\nSetting (number or name; l lists, q quits): "))
        #expect(plain.summary.changes.isEmpty)
    }

    @Test func aSettingAnotherProgramRemovesWhileItIsAskedAboutIsSaidAndTheQuestionEnds() throws {
        let store = InMemoryStore(["port": .int(8080), "max": .string("3")])
        let prefs = Preferences(store: store, schema: PreferenceSchema(inferredFrom: store.storedValues(), suiteName: "com.acme.other"))
        let plain = try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(otherKeys: true, mode: .plain)))
        plain.answer("port")

        _ = try store.commit(["port": nil], by: nil)              // another program resets it

        #expect(plain.transcript.hasSuffix("port was removed by another program; the settings after it move up one number.\n"
            + "Setting (number or name; l lists, q quits): "), "\(plain.transcript)")
        plain.answer("q")                                          // a choice of setting again, not an answer for another
        #expect(plain.hasQuit)
        #expect(store.storedValue(forKey: "max") == .string("3"))
    }

    @Test func eachAnswerIsWordedFromTheStateItLeft() throws {
        let plain = try PreferencesEditor.Harness(PreferencesEditor(Preferences(store: InMemoryStore(), schema: EditorHarness.schema),
                                                                    options: .init(mode: .plain)))

        plain.answer("city", "Bergen")

        #expect(plain.transcript.contains("City (city): The city the forecast is for.\nNow Oslo; default Oslo."), "\(plain.transcript)")
    }

    @Test func theFullScreenTakesNoTypedLines() throws {
        let prefs = Preferences(store: InMemoryStore(["refreshInterval": .int(20)]), schema: EditorHarness.schema)
        let screen = try PreferencesEditor.Harness(PreferencesEditor(prefs))

        screen.answer("r 6", "q")

        #expect(!screen.hasQuit)
        #expect(prefs.store.storedValue(forKey: "refreshInterval") == .int(20))
        #expect(screen.transcript.isEmpty)
    }
}
