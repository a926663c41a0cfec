import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Settings that survive a program's new version (issue 21): renamed and retired keys,
/// declared with the key, carried out once, in one commit, never losing a value.
@Suite("Renamed and retired settings")
struct MigrationTests {
    enum Units: String, PreferenceChoice {
        case metric, imperial
        var title: String { rawValue.capitalized }
    }

    static let units = PreferenceKey<Units>("units", default: .metric, renamedFrom: ["unitSystem", "measure"])
    static let interval = PreferenceKey<Int>("refreshMinutes", default: 15, rule: .range(5...240, step: 5), renamedFrom: ["interval"])
    static let schema = PreferenceSchema(title: "App", suiteName: "app", keys: [units, interval], retiredKeys: ["legacyMode"])

    private func open(_ stored: [String: PlistValue], kind: StoreKind) -> StoreFixture {
        StoreFixture(kind, schema: Self.schema, initial: stored)
    }

    @Test(arguments: StoreKind.allCases)
    func anOldNamesValueIsReadAndTheFirstWriteMovesItInOneCommit(kind: StoreKind) throws {
        let fixture = open(["unitSystem": .string("imperial"), "legacyMode": .bool(true)], kind: kind)
        let prefs = fixture.prefs

        #expect(prefs[Self.units] == .imperial)
        #expect(!prefs.isDefault(Self.units))
        #expect(prefs.migrationPlan().map(\.description) == [#"unitSystem → units: "imperial""#, "legacyMode: true removed (retired)"])

        try prefs.set(30, for: Self.interval)

        #expect(fixture.store.storedValues() == ["units": .string("imperial"), "refreshMinutes": .int(30)])
        #expect(prefs[Self.units] == .imperial)
        #expect(try prefs.migrate().isEmpty)                  // done: nothing more to do
    }

    @Test(arguments: StoreKind.allCases)
    func aValueTheRenamedSettingRefusesIsKeptUnderItsOldNameAndReported(kind: StoreKind) throws {
        let fixture = open(["interval": .int(7)], kind: kind)
        let prefs = fixture.prefs

        let steps = try prefs.migrate()

        #expect(steps.map(\.action) == [.keep(reason: "refreshMinutes does not take it: 7 is not allowed; allowed: 5…240 in steps of 5")])
        #expect(fixture.store.storedValues() == ["interval": .int(7)])
        #expect(prefs[Self.interval] == 15)
        #expect(prefs.diagnostics().contains { $0.key == "interval" && $0.reason.hasPrefix("not moved: refreshMinutes does not take it") })
    }

    @Test func aValueNeverSetIsNeverWrittenAndANewNameThatHoldsOneWins() throws {
        let fixture = open(["units": .string("metric"), "unitSystem": .string("imperial")], kind: .suite)

        let steps = try fixture.prefs.migrate()

        #expect(steps.map(\.action) == [.keep(reason: "units already holds a value")])
        #expect(fixture.store.storedValues() == ["units": .string("metric"), "unitSystem": .string("imperial")])
        #expect(fixture.prefs[Self.units] == .metric)
        #expect(fixture.prefs[Self.interval] == 15)
        #expect(fixture.store.storedValue(forKey: "refreshMinutes") == nil)
    }

    @Test func twoProgramsMigratingAtOnceMigrateOnceAndLoseNothing() throws {
        let directory = TemporaryDirectory()
        try SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false)
            .commit(["unitSystem": .string("imperial"), "legacyMode": .bool(true)])
        let first = Preferences(store: SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false), schema: Self.schema)
        let second = Preferences(store: SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false), schema: Self.schema)

        let done = try first.migrate()
        let again = try second.migrate()                      // decided on the file as it is now

        #expect(done.count == 2)
        #expect(again.isEmpty)
        #expect(SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false).storedValues() == ["units": .string("imperial")])
    }

    @Test func retiredAndOldNamesAreNotListedAsAnotherProgramsKeys() {
        let shown = Self.schema.addingOtherKeys(from: ["legacyMode": .bool(true), "unitSystem": .string("imperial"), "theirs": .int(1)])

        #expect(shown.keys.map(\.name) == ["units", "refreshMinutes", "theirs"])
    }

    @Test func renamesAndRetiredNamesReadBackFromASchemaFile() throws {
        let schema = try PreferenceSchema(jsonText: Self.schema.jsonValue.prettyText)

        #expect(schema.retiredKeys == ["legacyMode"])
        #expect(schema.key(named: "units")?.renamedFrom == ["unitSystem", "measure"])
        #expect(schema.migrationPlan(for: ["measure": .string("imperial")]).map(\.action) == [.rename(to: "units")])
    }

    // MARK: A changed type

    static let retyped = PreferenceKey<Units>("units", default: .metric, renamedFrom: ["imperialUnits"],
                                              migrating: .from(Bool.self) { $0 ? .imperial : .metric })
    static let retypedSchema = PreferenceSchema(title: "App", suiteName: "app", keys: [retyped])

    @Test(arguments: StoreKind.allCases)
    func aValueOfTheOldTypeIsReadConvertedAndConvertedInPlaceByTheFirstWrite(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, schema: Self.retypedSchema, initial: ["units": .bool(true)])

        #expect(fixture.prefs[Self.retyped] == .imperial)
        #expect(fixture.prefs.diagnostics().isEmpty)
        #expect(fixture.prefs.migrationPlan().map(\.description) == [#"units: true → "imperial" (converted)"#])

        try fixture.prefs.migrate()

        #expect(fixture.store.storedValues() == ["units": .string("imperial")])
    }

    @Test func aRenamedAndRetypedValueMovesConvertedAndOneWithoutAConversionStays() throws {
        let moved = StoreFixture(.suite, schema: Self.retypedSchema, initial: ["imperialUnits": .bool(false)])
        let kept = StoreFixture(.suite, schema: Self.retypedSchema, initial: ["imperialUnits": .string("furlongs")])

        try moved.prefs.migrate()
        let steps = try kept.prefs.migrate()

        #expect(moved.store.storedValues() == ["units": .string("metric")])
        #expect(steps.map(\.action) == [.keep(reason: #"units does not take it: stored as string "furlongs", expected one of metric, imperial"#)])
        #expect(kept.store.storedValues() == ["imperialUnits": .string("furlongs")])
    }

    @Test func aSchemaFileConvertsByATable() throws {
        let schema = try PreferenceSchema(jsonText: #"""
            {"suite": "app", "sections": [{"name": "S", "settings": [
              {"key": "units", "type": "string", "default": "metric", "rule": {"choices": ["metric", "imperial"]},
               "convert": [{"from": true, "to": "imperial"}, {"from": false, "to": "metric"}]}]}]}
            """#)

        #expect(schema.migrationPlan(for: ["units": .bool(true)]).map(\.newValue) == [.string("imperial")])
        // `prefs-tui schema` writes the table back out, and it reads back the same.
        let again = try PreferenceSchema(jsonText: schema.jsonValue.prettyText)
        #expect(again.migrationPlan(for: ["units": .bool(false)]).map(\.newValue) == [.string("metric")])
        #expect(again.jsonValue == schema.jsonValue)
        #expect(throws: PreferenceError.self) {
            try PreferenceSchema(jsonText: #"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 1, "convert": [{"from": 1}]}]}]}"#)
        }
    }
}

