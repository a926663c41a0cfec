import Foundation
import PrefsDemo
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Site defaults and locks (`$XDG_CONFIG_DIRS`), and where each value comes from: the layers
/// are, highest first, a site lock, this run's overrides, the user's file, each site folder,
/// the registered default.
@Suite("Site defaults, locks and sources")
struct SiteDefaultsTests {
    /// A user folder and two site folders, the first above the second.
    struct Fixture {
        let home = TemporaryDirectory()
        let siteA = TemporaryDirectory()
        let siteB = TemporaryDirectory()
        let suite = "com.example.weather"

        func writeSite(_ folder: TemporaryDirectory, _ values: [String: PlistValue]) throws {
            try PlistValue.xmlPropertyList(values).write(to: URL(fileURLWithPath: folder.file(suite + ".plist")), options: .atomic)
        }

        func lock(_ folder: TemporaryDirectory, _ lines: String) throws {
            try Data(lines.utf8).write(to: URL(fileURLWithPath: folder.file(suite + ".locks")), options: .atomic)
        }

        func open(watch: Bool = false, overrides: [String: PlistValue] = [:]) -> Preferences {
            let store = SuiteStore(suiteName: suite, directory: home.path, watchForChanges: watch)
            let site = SiteDefaults(suiteName: suite, folders: [siteA.path, siteB.path], watchForChanges: watch)
            return Preferences(store: store, schema: WeatherSettings.schema, site: site, overrides: overrides)
        }

        var userPath: String { home.file(suite + ".plist") }
        func sitePath(_ folder: TemporaryDirectory) -> String { folder.file(suite + ".plist") }
    }

    @Test func choosingTheProgramsDefaultOverASiteValueIsStoredAndTheSitesOwnValueIsNot() throws {
        let fixture = Fixture()
        try fixture.writeSite(fixture.siteB, ["unitsNotation": .string("imperial"), "showFeelsLike": .bool(false)])
        let prefs = fixture.open()

        try prefs.writeEdits(["unitsNotation": .string("metric"), "showFeelsLike": .bool(true)])

        #expect(prefs[.unitsNotation] == .metric)
        #expect(prefs[.showFeelsLike] == true)
        #expect(prefs.store.storedValues() == ["unitsNotation": .string("metric"), "showFeelsLike": .bool(true)])

        try prefs.writeEdits(["unitsNotation": .string("imperial")])  // the site's own value: nothing stored

        #expect(prefs.store.storedValue(forKey: "unitsNotation") == nil)
        #expect(prefs[.unitsNotation] == .imperial)
    }

    @Test func aWriteChecksTheLocksAsTheyAreOnDiskNotAsLastSeen() throws {
        let fixture = Fixture()
        let prefs = fixture.open()  // not watching: the lock below is never seen by a watch

        try fixture.lock(fixture.siteA, "city\n")

        #expect(throws: PreferenceError.locked(key: "city", lockFile: fixture.siteA.file(fixture.suite + ".locks"))) {
            try prefs.set("Paris", for: .city)
        }
        #expect(prefs.store.storedValues().isEmpty)
    }

    @Test func aLocksFileMadeReadableIsSeenWithoutBeingWritten() async throws {
        let fixture = Fixture()
        let locks = fixture.siteA.file(fixture.suite + ".locks")
        try fixture.lock(fixture.siteA, "city\n")
        #expect(chmod(locks, 0) == 0)
        let prefs = fixture.open(watch: true)
        let unreadable = !FileManager.default.isReadableFile(atPath: locks)   // root reads it anyway

        #expect(chmod(locks, 0o644) == 0)

        #expect(await eventually { prefs.isLocked(PreferenceKeys.city) })
        if unreadable { #expect(prefs.siteLayers.problems.isEmpty) }
    }

    @Test func aSiteFolderCreatedAfterTheProgramStartsIsReadAndItsLocksEnforced() async throws {
        let fixture = Fixture()
        let later = fixture.siteA.file("acme/xdg")   // two folders that do not exist yet
        let store = SuiteStore(suiteName: fixture.suite, directory: fixture.home.path, watchForChanges: true)
        let site = SiteDefaults(suiteName: fixture.suite, folders: [later], watchForChanges: true)
        let prefs = Preferences(store: store, schema: WeatherSettings.schema, site: site)
        let seen = Recorder<String>()
        let token = prefs.observeAll { changes in for change in changes { seen.append(change.name) } }

        try FileManager.default.createDirectory(atPath: later, withIntermediateDirectories: true)
        try PlistValue.xmlPropertyList(["city": .string("Bergen")]).write(to: URL(fileURLWithPath: later + "/" + fixture.suite + ".plist"))
        try Data("city\n".utf8).write(to: URL(fileURLWithPath: later + "/" + fixture.suite + ".locks"))

        #expect(await eventually { prefs[.city] == "Bergen" && prefs.isLocked(PreferenceKeys.city) })
        // Observers hear of it just after the layers change (on the watcher's thread): waited for too.
        #expect(await eventually { seen.all.contains("city") })
        #expect(throws: PreferenceError.locked(key: "city", lockFile: later + "/" + fixture.suite + ".locks")) {
            try prefs.set("Paris", for: .city)
        }
        withExtendedLifetime(token) {}
    }

    @Test(arguments: ["removed", "moved away"])
    func aSiteFolderRemovedOrMovedAwayTakesItsValuesAndLocksWithIt(how: String) async throws {
        let fixture = Fixture()
        let folder = fixture.siteA.file("acme")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try PlistValue.xmlPropertyList(["city": .string("Bergen")]).write(to: URL(fileURLWithPath: folder + "/" + fixture.suite + ".plist"))
        try Data("unitsNotation\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + fixture.suite + ".locks"))
        let store = SuiteStore(suiteName: fixture.suite, directory: fixture.home.path, watchForChanges: true)
        let prefs = Preferences(store: store, schema: WeatherSettings.schema,
                                site: SiteDefaults(suiteName: fixture.suite, folders: [folder], watchForChanges: true))
        #expect(prefs[.city] == "Bergen" && prefs.isLocked(PreferenceKeys.unitsNotation))

        if how == "removed" {
            try FileManager.default.removeItem(atPath: folder)
        } else {
            try FileManager.default.moveItem(atPath: folder, toPath: folder + ".away")
        }

        #expect(await eventually { prefs[.city] == "Oslo" && !prefs.isLocked(PreferenceKeys.unitsNotation) })
    }

    @Test func xdgConfigDirsIsReadAsTheSpecificationSays() {
        #expect(SiteDefaults.folders(fromEnvironment: [:]) == ["/etc/xdg"])
        #expect(SiteDefaults.folders(fromEnvironment: ["XDG_CONFIG_DIRS": ""]) == ["/etc/xdg"])
        #expect(SiteDefaults.folders(fromEnvironment: ["XDG_CONFIG_DIRS": "/etc/acme:relative:/etc/xdg:/etc/acme"]) == ["/etc/acme", "/etc/xdg"])
    }

    @Test func aSiteValueIsReadWhereTheUserSetsNothingAndTheUsersOwnWins() throws {
        let fixture = Fixture()
        try fixture.writeSite(fixture.siteB, ["city": .string("Bergen"), "refreshInterval": .int(30)])
        try fixture.writeSite(fixture.siteA, ["refreshInterval": .int(60)])
        let prefs = fixture.open()

        #expect(prefs[.city] == "Bergen")
        #expect(prefs.source(of: PreferenceKeys.city) == .site(path: fixture.sitePath(fixture.siteB)))
        #expect(prefs[.refreshInterval] == 60)  // the first folder is above the second
        #expect(prefs.isDefault(PreferenceKeys.city))  // nothing in the user's file

        prefs[.city] = "Tromsø"

        #expect(prefs[.city] == "Tromsø")
        #expect(prefs.source(of: PreferenceKeys.city) == .user(path: fixture.userPath))
        #expect(prefs.differsFromFallback(PreferenceKeys.city))
        #expect(prefs.fallback(of: PreferenceKeys.city) == PreferenceResolution(stored: .string("Bergen"), source: .site(path: fixture.sitePath(fixture.siteB))))

        try prefs.reset(PreferenceKeys.city)

        #expect(prefs[.city] == "Bergen")
        #expect(prefs.source(of: PreferenceKeys.temperatureNotation) == .registeredDefault)
    }

    /// The demo renamed "unitSystem" to "unitsNotation": an administrator's file written for
    /// the earlier version keeps applying, as the user's file does.
    @Test func aSiteFileIsReadThroughTheProgramsRenames() throws {
        let fixture = Fixture()
        try fixture.writeSite(fixture.siteA, ["unitSystem": .string("imperial")])
        let prefs = fixture.open()

        #expect(prefs[.unitsNotation] == .imperial)
        #expect(prefs.source(of: PreferenceKeys.unitsNotation) == .site(path: fixture.sitePath(fixture.siteA)))
        #expect(prefs.explanation(of: PreferenceKeys.unitsNotation).contains { $0.wins && $0.value == .string("imperial") })
    }

    @Test func aSiteValueTheKeyRefusesIsSkippedWithADiagnosticNamingTheFile() throws {
        let fixture = Fixture()
        try fixture.writeSite(fixture.siteA, ["refreshInterval": .string("soon")])
        try fixture.writeSite(fixture.siteB, ["refreshInterval": .int(45)])
        let prefs = fixture.open()

        #expect(prefs[.refreshInterval] == 45)
        let diagnostics = prefs.diagnostics(of: PreferenceKeys.refreshInterval)
        #expect(diagnostics.map(\.file) == [fixture.sitePath(fixture.siteA)])
        #expect("\(diagnostics[0])".contains("in site file \(fixture.sitePath(fixture.siteA)) skipped"))
        #expect(prefs.diagnostics().contains(diagnostics[0]))
    }

    @Test func aLockedKeyReadsTheSitesValueAndNoWriteOfItIsTaken() throws {
        let fixture = Fixture()
        try SuiteStore(suiteName: fixture.suite, directory: fixture.home.path, watchForChanges: false)
            .commit(["refreshInterval": .int(120), "city": .string("Tromsø")])
        try fixture.writeSite(fixture.siteB, ["refreshInterval": .int(30)])
        try fixture.lock(fixture.siteA, "# set by IT\n\n  refreshInterval  \n")
        let prefs = fixture.open()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.userPath))
        let lockFile = fixture.siteA.file(fixture.suite + ".locks")

        #expect(prefs.isLocked(PreferenceKeys.refreshInterval))
        #expect(!prefs.isLocked(PreferenceKeys.city))
        #expect(prefs[.refreshInterval] == 30)
        #expect(prefs.source(of: PreferenceKeys.refreshInterval) == .locked(lockFile: lockFile, valueFile: fixture.sitePath(fixture.siteB)))
        #expect(throws: PreferenceError.locked(key: "refreshInterval", lockFile: lockFile)) {
            try prefs.set(60, for: .refreshInterval)
        }
        #expect(throws: PreferenceError.locked(key: "refreshInterval", lockFile: lockFile)) {
            try prefs.write(["city": .string("Oslo"), "refreshInterval": .int(60)])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.userPath)) == before)

        let leftAlone = try prefs.resetAll()

        #expect(leftAlone == ["refreshInterval"])
        #expect(prefs.store.storedValues() == ["refreshInterval": .int(120)])
    }

    @Test func aLockWithoutASiteValueReadsTheRegisteredDefault() throws {
        let fixture = Fixture()
        try fixture.lock(fixture.siteB, "city\n")
        try fixture.writeSite(fixture.siteA, ["city": .string("Bergen")])  // above the lock: not used
        let prefs = fixture.open()

        #expect(prefs[.city] == "Oslo")
        #expect(prefs.source(of: PreferenceKeys.city) == .locked(lockFile: fixture.siteB.file(fixture.suite + ".locks"), valueFile: nil))
    }

    @Test func overridesAreAboveTheUsersFileAndNeverWritten() throws {
        let fixture = Fixture()
        let prefs = fixture.open(overrides: ["city": .string("Paris"), "refreshInterval": .string("bad")])
        prefs[.city] = "Tromsø"

        #expect(prefs[.city] == "Paris")
        #expect(prefs.source(of: PreferenceKeys.city) == .override)
        #expect(prefs[.refreshInterval] == 15)  // an override the key refuses is skipped
        #expect(prefs.store.storedValues() == ["city": .string("Tromsø")])
    }

    @Test func theExplanationListsEveryLayerAndMarksTheOneInEffect() throws {
        let fixture = Fixture()
        try fixture.writeSite(fixture.siteA, ["city": .string("Bergen")])
        try fixture.writeSite(fixture.siteB, ["city": .int(7)])
        let prefs = fixture.open()

        let layers = prefs.explanation(of: PreferenceKeys.city)

        #expect(layers.map(\.source) == [.user(path: fixture.userPath), .site(path: fixture.sitePath(fixture.siteA)),
                                         .site(path: fixture.sitePath(fixture.siteB)), .registeredDefault])
        #expect(layers.map(\.wins) == [false, true, false, false])
        #expect(layers[2].problem != nil)
    }

    @Test func withoutSiteFoldersNothingChanges() throws {
        let home = TemporaryDirectory()
        try SuiteStore(suiteName: "com.example.weather", directory: home.path, watchForChanges: false).commit(["refreshInterval": .string("soon")])
        let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: home.path, siteFolders: [])

        #expect(prefs.site == nil)
        #expect(prefs[.refreshInterval] == 15)
        #expect(prefs.source(of: PreferenceKeys.refreshInterval) == .registeredDefault)
    }

    @Test func anAdministratorsEditReachesObserversAlsoForAFileCreatedLater() async throws {
        let fixture = Fixture()
        let prefs = fixture.open(watch: true)
        let seen = Locked<[String]>([])
        let token = prefs.observe(.city) { change in seen.withLock { $0.append(change.newValue) } }
        defer { token.cancel() }

        try fixture.writeSite(fixture.siteB, ["city": .string("Bergen")])

        #expect(await eventually { seen.withLock { $0 } == ["Bergen"] })
        #expect(prefs[.city] == "Bergen")

        try fixture.lock(fixture.siteA, "city\n")
        try fixture.writeSite(fixture.siteA, ["city": .string("Narvik")])

        #expect(await eventually { prefs.isLocked(PreferenceKeys.city) })
        // Locked in the first folder: its own file's value, which is above the second's.
        #expect(await eventually { prefs[.city] == "Narvik" })
    }

    @Test func aLockAddedOrLiftedIsReportedEvenWhenTheValueStays() async throws {
        let fixture = Fixture()
        try fixture.writeSite(fixture.siteA, ["city": .string("Bergen")])
        let prefs = fixture.open(watch: true)
        let reported = Locked<[String]>([])
        let token = prefs.observeAll { changes in reported.withLock { $0 += changes.map(\.name) } }
        defer { token.cancel() }

        try fixture.lock(fixture.siteA, "city\n")

        #expect(await eventually { reported.withLock { $0 } == ["city"] })
        #expect(prefs.isLocked(PreferenceKeys.city))
        #expect(prefs[.city] == "Bergen")
    }

    @Test func aLocksFileIsReadAsAdministratorsWriteThem() {
        #expect(SiteLocks.parse("\u{FEFF}city\r\nrefreshInterval  # set centrally\r\n\t unitsNotation\t\n# all\n\n") ==
                ["city", "refreshInterval", "unitsNotation"])
    }

    @Test func aLocksFileThatIsNoRegularFileLocksNothingAtOnceAndSaysSo() throws {
        let folder = TemporaryDirectory()
        let fifo = folder.file("s.locks")
        #expect(mkfifo(fifo, 0o600) == 0)

        let reading = SiteLocks.read(fifo)                    // returns: a FIFO with no writer would block an open

        #expect(reading.keys.isEmpty)
        #expect(reading.problem == "the locks file \(fifo) is not a regular file; it locks nothing")
    }

    @Test func anOverlongLocksFileIsReadToItsLastWholeLineWithAProblem() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("s.locks")
        let padding = String(repeating: "#", count: SiteLocks.limit - 5) + "\n"
        try Data((padding + "cityOfficeLocation\n").utf8).write(to: URL(fileURLWithPath: path))

        let reading = SiteLocks.read(path)

        #expect(reading.keys.isEmpty)                         // "city" cut from "cityOfficeLocation" locks nothing
        #expect(reading.problem?.contains("is over 1 MB") == true)
    }

    @Test func theSameFolderSpelledTwiceIsReadOnce() throws {
        let fixture = Fixture()
        let site = SiteDefaults(suiteName: fixture.suite, folders: [fixture.siteA.path + "/", fixture.siteA.path, "/nonexistent/x"],
                                watchForChanges: false)

        #expect(site.folders == [fixture.siteA.path, "/nonexistent/x"])
        #expect(site.layers.folders.map(\.path) == [fixture.sitePath(fixture.siteA)])   // a missing folder has no layer
    }
}

/// Keys nobody declared a default for (issue 21, point 5): inferred from a suite's file, or a
/// schema file's setting without "default". Nothing presents an invented value as a default.
@Suite("Keys without a declared default")
struct UndeclaredDefaultTests {
    @Test func anInferredSchemaClaimsNoDefaultsAndItsJSONReadsBackTheSame() throws {
        let inferred = PreferenceSchema(inferredFrom: ["enabled": .bool(true), "big": .int(1_099_511_627_776), "name": .string("x")],
                                        suiteName: "com.acme.other")

        #expect(inferred.keys.allSatisfy { !$0.hasDefault })
        guard case .object(let root) = inferred.jsonValue, case .array(let sections)? = root["sections"],
              case .object(let section) = sections[0], case .array(let settings)? = section["settings"] else {
            Issue.record("\(inferred.jsonValue)"); return
        }
        for case .object(let setting) in settings { #expect(setting["default"] == nil, "\(setting)") }

        let readBack = try PreferenceSchema(jsonText: inferred.jsonValue.prettyText)

        #expect(readBack.keys.map(\.hasDefault) == [false, false, false])
        #expect(readBack.keys.map(\.type) == inferred.keys.map(\.type))
    }

    @Test func aSettingWithoutADefaultDeclaresNone() throws {
        let schema = try PreferenceSchema(jsonText: #"""
            {"suite": "a", "sections": [{"name": "S", "settings": [
              {"key": "n", "type": "int", "rule": {"min": 5, "max": 9}},
              {"key": "o", "type": "int?"},
              {"key": "d", "type": "int", "default": 7}]}]}
            """#)

        #expect(schema.keys.map(\.hasDefault) == [false, true, true])
        let prefs = Preferences(store: InMemoryStore(), schema: schema)
        #expect(prefs.text(of: schema.keys[0]) == "0")       // read while unset; not claimed as a default
    }

    @Test func aChangeOfAKeyTheSchemaDoesNotHaveReadsAsGetPrintsIt() throws {
        let store = InMemoryStore()
        let prefs = Preferences(store: store, schema: PreferenceSchema(inferredFrom: [:], suiteName: "s"))
        let texts = Locked<[String]>([])
        let token = prefs.observeAll { changes in texts.withLock { $0 += changes.map { "\($0.oldText) → \($0.newText)" } } }
        defer { token.cancel() }

        try store.commit(["foreign": .string("y")])

        #expect(texts.withLock { $0 } == [" → y"])
    }
}
