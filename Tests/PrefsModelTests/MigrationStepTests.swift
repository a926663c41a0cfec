import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Ordered migration steps (issue 21, point 3): a schema version, steps run once each after the
/// version a suite records, the version recorded only after its step succeeds, and never moved
/// back by an older program.
@Suite("Versioned migration steps")
struct MigrationStepTests {
    static let interval = PreferenceKey<Int>("refreshInterval", default: 15, rule: .range(5...240, step: 5))
    static let city = PreferenceKey<String>("city", default: "Oslo")

    /// Version 2 keeps the interval in minutes (version 1 stored seconds); version 3 splits
    /// "place" ("Bergen, Norway") into a city.
    static let steps = [
        MigrationStep(to: 3) { suite in
            if case .string(let place)? = suite["place"] {
                try suite.set(String(place.split(separator: ",")[0]), for: city)
                suite["place"] = nil
            }
        },
        MigrationStep(to: 2) { suite in
            if case .int(let seconds)? = suite["refreshSeconds"] {
                suite["refreshInterval"] = .int(seconds / 60)
                suite["refreshSeconds"] = nil
            }
        },
    ]
    static let schema = PreferenceSchema(title: "App", suiteName: "app", keys: [interval, city], migrationSteps: steps)

    private static var version: String { PreferenceSchema.versionKey }

    @Test(arguments: StoreKind.allCases)
    func stepsRunInOrderFromTheRecordedVersionAndRecordTheSchemasVersion(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, schema: Self.schema, initial: ["refreshSeconds": .int(1200), "place": .string("Bergen, Norway")])

        let steps = try fixture.prefs.migrate()

        #expect(Self.schema.version == 3)
        #expect(steps.map(\.description) == [
            "refreshInterval: set to 20 (step to version 2)", "refreshSeconds: 1200 removed (step to version 2)",
            #"city: set to "Bergen" (step to version 3)"#, #"place: "Bergen, Norway" removed (step to version 3)"#,
            "schema version: none → 3",
        ])
        #expect(fixture.store.storedValues() == ["refreshInterval": .int(20), "city": .string("Bergen"), Self.version: .int(3)])
        #expect(fixture.prefs[Self.interval] == 20)
        #expect(try fixture.prefs.migrate().isEmpty)            // once: nothing more to do
    }

    @Test(arguments: StoreKind.allCases)
    func aSuiteAtAVersionRunsOnlyTheStepsAfterIt(kind: StoreKind) throws {
        // At version 2, "refreshSeconds" is some other program's key: step 2 must not touch it.
        let fixture = StoreFixture(kind, schema: Self.schema, initial: [
            Self.version: .int(2), "refreshSeconds": .int(600), "place": .string("Tromsø, Norway"),
        ])

        try fixture.prefs.set(30, for: Self.interval)           // the first write migrates too

        #expect(fixture.store.storedValues() == [
            Self.version: .int(3), "refreshSeconds": .int(600), "city": .string("Tromsø"), "refreshInterval": .int(30),
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func aStepThatThrowsStopsThereAndTheVersionBeforeItIsRecorded(kind: StoreKind) throws {
        // "place" without a comma-free city: the typed write of an empty city is refused.
        let schema = PreferenceSchema(title: "App", suiteName: "app", keys: [Self.interval, PreferenceKey<String>(
            "city", default: "Oslo", rule: .text(nonEmpty: true))], migrationSteps: [
                Self.steps[1],
                MigrationStep(to: 3) { suite in
                    if case .string(let place)? = suite["place"] {
                        try suite.set(String(place.prefix { $0 != "," }), for: PreferenceKey<String>("city", default: "Oslo", rule: .text(nonEmpty: true)))
                        suite["place"] = nil
                    }
                },
            ])
        let fixture = StoreFixture(kind, schema: schema, initial: ["refreshSeconds": .int(300), "place": .string(", Norway")])

        #expect(throws: PreferenceError.self) { try fixture.prefs.migrate() }

        #expect(fixture.store.storedValues() == ["refreshInterval": .int(5), "place": .string(", Norway"), Self.version: .int(2)])
        // A plan is a read: it runs no step, so it shows the step to version 3 as still due.
        #expect(fixture.prefs.migrationPlan().map(\.action) == [.recordVersion])
    }

    @Test func aWriteGoesThroughWhenAStepFailsAndTheFailureIsReported() throws {
        let reported = Locked<[PreferenceError]>([])
        let schema = PreferenceSchema(title: "App", suiteName: "app", keys: [Self.interval], migrationSteps: [
            MigrationStep(to: 1) { _ in throw PreferenceError.invalidValue(key: "legacy", value: "x", allowed: "y") },
        ])
        let store = InMemoryStore(["legacy": .string("x")])
        let prefs = Preferences(store: store, schema: schema, onWriteError: { error in reported.withLock { $0.append(error) } })

        try prefs.set(25, for: Self.interval)

        #expect(store.storedValues() == ["legacy": .string("x"), "refreshInterval": .int(25)])
        #expect(reported.withLock { $0 } == [.migrationFailed(version: 1, reason: #"legacy: "x" is not allowed; allowed: y"#)])
    }

    @Test(arguments: StoreKind.allCases)
    func anOlderProgramReadsANewerSuiteWithoutMigratingIt(kind: StoreKind) throws {
        // Version 1 of the program retired "mode"; version 3 brought it back. Version 1 must
        // neither remove it nor move the recorded version back.
        let older = PreferenceSchema(title: "App", suiteName: "app", keys: [Self.interval], retiredKeys: ["mode"], version: 1)
        let fixture = StoreFixture(kind, schema: older, initial: [Self.version: .int(3), "mode": .string("fast"), "refreshInterval": .int(20)])

        #expect(fixture.prefs[Self.interval] == 20)
        #expect(fixture.prefs.migrationPlan().map(\.description) == [
            "prefs.schemaVersion: 3 kept (a newer version of the program migrated this suite; this one is at version 1, so nothing is migrated)",
        ])
        try fixture.prefs.set(45, for: Self.interval)

        #expect(fixture.store.storedValues() == [Self.version: .int(3), "mode": .string("fast"), "refreshInterval": .int(45)])
    }

    @Test func aNewSuiteRunsNoStepAndRecordsTheVersionWithItsFirstValue() throws {
        let fixture = StoreFixture(.suite, schema: Self.schema)

        #expect(try fixture.prefs.migrate().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.plistPath))   // no file for a version alone
        try fixture.prefs.set("Bergen", for: Self.city)

        #expect(fixture.store.storedValues() == ["city": .string("Bergen"), Self.version: .int(3)])
    }

    @Test func programsMigratingAtOnceRunEachStepOnce() throws {
        // A step that is not idempotent (it doubles): run twice, the value would be wrong.
        let schema = PreferenceSchema(title: "App", suiteName: "app", keys: [Self.interval], migrationSteps: [
            MigrationStep(to: 1) { suite in
                if case .int(let minutes)? = suite["refreshInterval"] { suite["refreshInterval"] = .int(minutes * 2) }
            },
        ])
        let directory = TemporaryDirectory()
        try SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false).commit(["refreshInterval": .int(10)])
        let programs = (0..<4).map { _ in
            Preferences(store: SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false), schema: schema)
        }

        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: programs.count) { index in
            do { try programs[index].migrate() } catch { failures.withLock { $0 += 1 } }
        }

        #expect(failures.withLock { $0 } == 0)
        #expect(SuiteStore(suiteName: "app", directory: directory.path, watchForChanges: false).storedValues()
                == ["refreshInterval": .int(20), Self.version: .int(1)])
    }

    @Test func aWriteThatBringsItsOwnVersionIsMigratedFromIt() throws {
        // An import of a backup made at version 1 into a suite at version 3.
        let fixture = StoreFixture(.memory, schema: Self.schema, initial: [Self.version: .int(3), "city": .string("Oslo")])

        try fixture.prefs.write(["refreshSeconds": .int(900), Self.version: .int(1)])

        #expect(fixture.store.storedValues() == ["city": .string("Oslo"), "refreshInterval": .int(15), Self.version: .int(3)])
    }

    @Test func anOlderBackupNeverMovesTheVersionBackNorRerunsStepsOnTheFilesValues() throws {
        // The file is at version 3 with a value step 2 would change again; the backup is at 1.
        let fixture = StoreFixture(.memory, schema: Self.schema, initial: [Self.version: .int(3), "refreshInterval": .int(20)])

        try fixture.prefs.write(["city": .string("Bergen"), Self.version: .int(1)])
        try fixture.prefs.write(["city": .string("Tromsø"), Self.version: .int(0)])

        #expect(fixture.store.storedValues() == [Self.version: .int(3), "refreshInterval": .int(20), "city": .string("Tromsø")])
    }

    @Test func aDamagedRecordOfTheVersionIsReportedNotSilentlyKept() throws {
        let fixture = StoreFixture(.memory, schema: Self.schema, initial: [Self.version: .string("2"), "refreshSeconds": .int(600)])

        #expect(throws: PreferenceError.self) { try fixture.prefs.migrate() }
        #expect(fixture.store.storedValues() == [Self.version: .string("2"), "refreshSeconds": .int(600)])
    }

    @Test func noSchemaMayUseTheVersionsName() {
        #expect(throws: PreferenceError.self) {
            try PreferenceSchema(jsonData: Data(#"{"suite": "a", "version": 2, "sections": [{"name": "S", "settings": [{"key": "prefs.schemaVersion", "type": "string", "default": "x"}]}]}"#.utf8))
        }
        #expect(throws: PreferenceError.self) {
            try PreferenceSchema(jsonData: Data(#"{"suite": "a", "retired": ["prefs.schemaVersion"], "sections": []}"#.utf8))
        }
    }

    @Test func migrateWritesNothingWhenThereIsNothingToMigrateOrTheFileCannotBeRead() throws {
        let fixture = StoreFixture(.suite, schema: Self.schema)
        try Data("garbage<<".utf8).write(to: URL(fileURLWithPath: fixture.plistPath))
        let unreadable = fixture.reopened()

        #expect(try unreadable.migrate().isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.plistPath)) == Data("garbage<<".utf8))
    }

    @Test func theVersionKeyIsNoOtherProgramsKeyAndASchemaFileCarriesTheVersion() throws {
        let stored: [String: PlistValue] = [Self.version: .int(3), "city": .string("Oslo")]
        #expect(Self.schema.addingOtherKeys(from: stored).keys.map(\.name) == ["refreshInterval", "city"])

        let file = try PreferenceSchema(jsonData: Data(#"{"suite": "app", "version": 4, "sections": []}"#.utf8))
        #expect(file.version == 4)
        #expect(try PreferenceSchema(jsonData: Data(file.jsonValue.prettyText.utf8)).version == 4)
        #expect(throws: PreferenceError.invalidSchema(location: #""version""#, reason: #"expected a whole number from 0, found "4""#)) {
            try PreferenceSchema(jsonData: Data(#"{"suite": "app", "version": "4", "sections": []}"#.utf8))
        }
    }
}
