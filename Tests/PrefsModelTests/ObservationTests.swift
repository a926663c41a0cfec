import PrefsDemo
import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Collects what observers deliver, safely across threads.
final class Recorder<Element: Sendable>: Sendable {
    private let items = Locked<[Element]>([])
    func append(_ item: Element) { items.withLock { $0.append(item) } }
    var all: [Element] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

@Suite("Observation of changes in this process")
struct ObservationTests {
    @Test(arguments: StoreKind.allCases)
    func eachChangeIsDeliveredOnceWithOldAndNewTypedValues(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        let seen = Recorder<String>()
        let token = fixture.prefs.observe(.temperatureNotation) { change in
            seen.append("\(change.oldValue.rawValue)→\(change.newValue.rawValue)")
        }

        fixture.prefs[.temperatureNotation] = .fahrenheit
        fixture.prefs[.temperatureNotation] = .fahrenheit
        fixture.prefs[.city] = "Bergen"
        try fixture.prefs.reset(PreferenceKeys.temperatureNotation)

        #expect(seen.all == ["celsius→fahrenheit", "fahrenheit→celsius"])
        withExtendedLifetime(token) {}
    }

    @Test(arguments: StoreKind.allCases)
    func cancellingTheTokenStopsDelivery(kind: StoreKind) {
        let fixture = StoreFixture(kind)
        let seen = Recorder<Int>()
        let token = fixture.prefs.observe(.refreshInterval) { seen.append($0.newValue) }
        fixture.prefs[.refreshInterval] = 20
        token.cancel()
        fixture.prefs[.refreshInterval] = 25
        #expect(seen.all == [20])
    }

    @Test(arguments: StoreKind.allCases)
    func observingSeveralKeysAndAllKeys(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        let several = Recorder<String>()
        let everything = Recorder<String>()
        let severalToken = fixture.prefs.observe([PreferenceKeys.city, PreferenceKeys.favoriteCities]) { changes in
            for change in changes { several.append("\(change.name)=\(change.newText)") }
        }
        let allToken = fixture.prefs.observeAll { changes in
            for change in changes { everything.append(change.name) }
        }

        fixture.prefs[.city] = "Bergen"
        fixture.prefs[.decimalPlaces] = 2
        fixture.prefs[.favoriteCities] = ["Oslo"]
        try fixture.prefs.write(["unknownKey": .int(1)])

        #expect(several.all == ["city=Bergen", #"favoriteCities=["Oslo"]"#])
        #expect(everything.all == ["city", "decimalPlaces", "favoriteCities", "unknownKey"])
        withExtendedLifetime((severalToken, allToken)) {}
    }

    @Test(arguments: StoreKind.allCases)
    func asyncStreamDeliversChanges(kind: StoreKind) async throws {
        let fixture = StoreFixture(kind)
        let stream = fixture.prefs.changes(of: .decimalPlaces)
        fixture.prefs[.decimalPlaces] = 2
        fixture.prefs[.decimalPlaces] = 0
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        let second = await iterator.next()
        #expect(first.map { [$0.oldValue, $0.newValue] } == [1, 2])
        #expect(second.map { [$0.oldValue, $0.newValue] } == [2, 0])
    }

    @Test func anObserverMayWriteAndItsChangeIsDeliveredAfterItReturns() {
        let fixture = StoreFixture(.memory)
        let order = Recorder<String>()
        let token = fixture.prefs.observe(.city) { change in
            order.append("city \(change.newValue)")
            if change.newValue == "Bergen" { fixture.prefs[.decimalPlaces] = 2 }
            order.append("city handler done")
        }
        let second = fixture.prefs.observe(.decimalPlaces) { order.append("decimals \($0.newValue)") }
        fixture.prefs[.city] = "Bergen"
        #expect(order.all == ["city Bergen", "city handler done", "decimals 2"])
        withExtendedLifetime((token, second)) {}
    }
}

@Suite("Observation of other processes' changes", .serialized)
struct CrossProcessObservationTests {
    @Test func anotherProcessesWriteIsNoticed() async throws {
        let directory = TemporaryDirectory()
        let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: directory.path)
        let seen = Recorder<String>()
        let token = prefs.observe(.temperatureNotation) { seen.append($0.newValue.rawValue) }

        let writer = try HelperProcess.run(["set-text", "com.example.weather", "temperatureNotation", "kelvin"], configHome: directory.path)
        #expect(writer.status == 0, "\(writer.error)")

        let elapsed = await timeUntil { seen.count > 0 }
        // How soon (within 1 s) is measured, repeated, in the hostile suite (ObservationLatency).
        #expect(elapsed != nil, "not noticed within the deadline")
        #expect(seen.all == ["kelvin"])
        #expect(prefs[.temperatureNotation] == .kelvin)
        withExtendedLifetime(token) {}
    }

    @Test func aFoundationProgramsRewriteReportsOnlyTheKeysThatChanged() async throws {
        let directory = TemporaryDirectory()
        let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: directory.path)
        try prefs.set("Bergen", for: .city)
        try prefs.set(30, for: .refreshInterval)
        let seen = Recorder<String>()
        let token = prefs.observeAll { changes in
            for change in changes { seen.append("\(change.name): \(change.oldText) → \(change.newText)") }
        }

        // Foundation rewrites the whole file in place; only refreshInterval differs.
        let writer = try HelperProcess.run(["foundation-set-int", "com.example.weather", "refreshInterval", "60"], configHome: directory.path)
        #expect(writer.status == 0, "\(writer.error)")

        #expect(await eventually { seen.count > 0 })
        #expect(seen.all == ["refreshInterval: 30 → 60"])
        #expect(prefs[.refreshInterval] == 60)
        #expect(prefs[.city] == "Bergen")
        withExtendedLifetime(token) {}
    }

    @Test func anotherProcessSeesOurWrites() async throws {
        let directory = TemporaryDirectory()
        let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: directory.path)
        let watcher = HelperProcess.make(["watch", "com.example.weather"], configHome: directory.path)
        try watcher.start()
        defer { watcher.stop() }
        #expect(await eventually { watcher.outputSoFar.contains("ready") })

        try prefs.set(.imperial, for: .unitsNotation)

        #expect(await eventually { watcher.outputSoFar.contains("unitsNotation metric → imperial") })
    }

    @Test func ourOwnWriteIsDeliveredOnceEvenThoughTheWatcherSeesTheFileChange() async throws {
        let directory = TemporaryDirectory()
        let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: directory.path)
        let seen = Recorder<Int>()
        let token = prefs.observe(.refreshInterval) { seen.append($0.newValue) }
        try prefs.set(45, for: .refreshInterval)

        // A later external change proves the watcher has processed the earlier events.
        let writer = try HelperProcess.run(["set-text", "com.example.weather", "city", "Bodø"], configHome: directory.path)
        #expect(writer.status == 0)
        #expect(await eventually { prefs[.city] == "Bodø" })
        #expect(seen.all == [45])
        withExtendedLifetime(token) {}
    }
}

@Suite("Watching suite files", .serialized)
struct FileWatchingTests {
    private func externalWrite(_ suite: String, in directory: TemporaryDirectory) throws {
        let writer = try HelperProcess.run(["set-text", suite, "city", "Bergen"], configHome: directory.path)
        #expect(writer.status == 0, "\(writer.error)")
    }

    /// Open file descriptors that are inotify instances (`anon_inode:inotify` in /proc).
    private func inotifyInstancesOfThisProcess() -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter { descriptor in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) == "anon_inode:inotify"
        }.count
    }

    @Test func twoHundredStoresInOneProcessAllSeeOtherProcessesWrites() async throws {
        // More stores than the kernel's 128 inotify instances per user: they share one.
        let directory = TemporaryDirectory()
        let stores = (0..<200).map { SuiteStore(suiteName: "suite\($0)", directory: directory.path) }
        let seen = Recorder<String>()
        let token = stores[199].addChangeHandler { batch in for change in batch.changes { seen.append(change.key) } }

        try externalWrite("suite199", in: directory)

        let elapsed = await timeUntil { seen.count > 0 }
        // How soon (within 1 s) is measured, repeated, in the hostile suite (ObservationLatency).
        #expect(elapsed != nil, "not noticed within the deadline")
        #expect(inotifyInstancesOfThisProcess() == 1)
        withExtendedLifetime(token) {}
    }

    @Test func withoutInotifyChangesAreStillSeenAndOneWarningSaysSo() async throws {
        let directory = TemporaryDirectory()
        let monitor = FileChangeMonitor(useInotify: false)
        let first = SuiteStore(suiteName: "watched", directory: directory.path, watchForChanges: true, monitor: monitor)
        let second = SuiteStore(suiteName: "other", directory: directory.path, watchForChanges: true, monitor: monitor)
        let seen = Recorder<String>()
        let token = first.addChangeHandler { batch in for change in batch.changes { seen.append(change.key) } }

        try externalWrite("watched", in: directory)

        let elapsed = await timeUntil { seen.count > 0 }
        // How soon (within 1 s) is measured, repeated, in the hostile suite (ObservationLatency).
        #expect(elapsed != nil, "not noticed within the deadline")
        let warnings = first.takeWarnings() + second.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("every 0.5 s") == true)
        withExtendedLifetime((token, second)) {}
    }

    @Test func aFolderThatDoesNotExistYetIsWaitedForByInotifyNotByPolling() async throws {
        let parent = TemporaryDirectory()
        let directory = parent.file("a/b/c")
        let monitor = FileChangeMonitor(useInotify: true)
        let calls = Recorder<Int>()
        let token = monitor.watch(directory: directory, fileName: "x.plist") { calls.append(1) }
        #expect(!monitor.isPolling)

        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(await eventually { calls.count > 0 })        // the folder reached: its file is looked at
        let before = calls.count
        try Data("x".utf8).write(to: URL(fileURLWithPath: parent.file("a/b/c/x.plist")), options: .atomic)

        #expect(await eventually { calls.count > before })
        #expect(!monitor.isPolling)
        withExtendedLifetime(token) {}
    }

    @Test func aWatchedFolderRemovedAndMadeAgainIsWatchedAgainWithoutPolling() async throws {
        let parent = TemporaryDirectory()
        let directory = parent.file("config")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let monitor = FileChangeMonitor(useInotify: true)
        let calls = Recorder<Int>()
        let token = monitor.watch(directory: directory, fileName: "x.plist") { calls.append(1) }

        try FileManager.default.moveItem(atPath: directory, toPath: parent.file("config.old"))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(await eventually { calls.count > 0 })
        let before = calls.count
        try Data("x".utf8).write(to: URL(fileURLWithPath: parent.file("config/x.plist")), options: .atomic)

        #expect(await eventually { calls.count > before })
        #expect(!monitor.isPolling)
        withExtendedLifetime(token) {}
    }

    @Test func aStoreWhoseFolderDoesNotExistYetSeesItCreatedByAnotherProcess() async throws {
        let parent = TemporaryDirectory()
        let directory = parent.file("config")
        let store = SuiteStore(suiteName: "later", directory: directory)
        #expect(!FileManager.default.fileExists(atPath: directory))
        let seen = Recorder<String>()
        let token = store.addChangeHandler { batch in for change in batch.changes { seen.append(change.key) } }

        let writer = try ChildProcess.run(product: "prefs-test-helper", arguments: ["set-text", "later", "city", "Bergen"],
                                          configHome: directory)

        #expect(writer.status == 0, "\(writer.error)")
        #expect(await eventually(within: .seconds(2)) { seen.count > 0 })
        #expect(store.storedValue(forKey: "city") == .string("Bergen"))
        withExtendedLifetime(token) {}
    }

    @Test func aSymlinkedSuiteSeesItsTargetReplacedInAnotherFolder() async throws {
        let config = TemporaryDirectory()
        let dotfiles = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: config.file("linked.plist"), withDestinationPath: dotfiles.file("linked.plist"))
        let store = SuiteStore(suiteName: "linked", directory: config.path)
        let seen = Recorder<String>()
        let token = store.addChangeHandler { batch in for change in batch.changes { seen.append(change.key) } }

        // Written through the target's own folder, as a dotfile manager would.
        try SuiteStore(suiteName: "linked", directory: dotfiles.path, watchForChanges: false).commit(["city": .string("Bergen")])

        #expect(await eventually { seen.count > 0 })
        withExtendedLifetime(token) {}
    }
}

@Suite("Where a change came from")
struct ChangeOriginTests {
    @Test(arguments: StoreKind.allCases)
    func ownWritesAreThisPreferencesFromAnyThread(kind: StoreKind) async throws {
        let fixture = StoreFixture(kind)
        let origins = Recorder<ChangeOrigin>()
        let token = fixture.prefs.observe(.city) { origins.append($0.origin) }

        fixture.prefs[.city] = "Bergen"
        try await Task.detached { try fixture.prefs.set("Bodø", for: .city) }.value

        #expect(origins.all == [.thisPreferences, .thisPreferences])
        withExtendedLifetime(token) {}
    }

    @Test(arguments: StoreKind.allCases)
    func anotherPreferencesOnTheSameStoreIsOtherPreferencesInProcess(kind: StoreKind) throws {
        let fixture = StoreFixture(kind)
        let other = Preferences(store: fixture.store, schema: WeatherSettings.schema)
        let origins = Recorder<ChangeOrigin>()
        let token = fixture.prefs.observeAll { changes in for change in changes { origins.append(change.origin) } }

        other[.city] = "Bergen"
        try fixture.store.commit(["decimalPlaces": .int(2)])

        #expect(origins.all == [.otherPreferencesInProcess, .otherPreferencesInProcess])
        withExtendedLifetime(token) {}
    }

    @Test func anotherStoreOnTheSameSuiteInThisProcessIsOtherPreferencesInProcess() async throws {
        let directory = TemporaryDirectory()
        let observed = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: directory.path)
        let writer = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: directory.path)
        let origins = Recorder<ChangeOrigin>()
        let token = observed.observe(.city) { origins.append($0.origin) }

        try writer.set("Bergen", for: .city)

        #expect(await eventually { origins.count > 0 })
        #expect(origins.all == [.otherPreferencesInProcess])
        withExtendedLifetime(token) {}
    }

    @Test func anotherProcessesWriteIsOtherProcess() async throws {
        let directory = TemporaryDirectory()
        let prefs = Preferences(suiteName: "com.example.weather", schema: WeatherSettings.schema, directory: directory.path)
        let origins = Recorder<ChangeOrigin>()
        let token = prefs.observe(.city) { origins.append($0.origin) }

        let result = try HelperProcess.run(["set-text", "com.example.weather", "city", "Bergen"], configHome: directory.path)

        #expect(result.status == 0, "\(result.error)")
        #expect(await eventually { origins.count > 0 })
        #expect(origins.all == [.otherProcess])
        withExtendedLifetime(token) {}
    }
}

@Suite("Observation lifetime")
struct ObservationLifetimeTests {
    @Test func aTokenKeepsObservingAfterThePreferencesAreReleased() throws {
        let store = InMemoryStore()
        let seen = Recorder<String>()
        var token: ObservationToken?
        do {
            let prefs = Preferences(store: store, schema: WeatherSettings.schema)
            token = prefs.observe(.city) { seen.append($0.newValue) }
        }
        let writer = Preferences(store: store, schema: WeatherSettings.schema)
        writer[.city] = "Bergen"
        #expect(seen.all == ["Bergen"])
        withExtendedLifetime(token) {}
    }
}
