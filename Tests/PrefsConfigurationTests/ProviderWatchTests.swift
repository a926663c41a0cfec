import Configuration
import Foundation
import PrefsConfiguration
@testable import PrefsModel
import PrefsTestSupport
import Testing

/// Watching a suite through swift-configuration: the current value first, then each change
/// (this program's and other programs'), in order, from the store's own change news.
@Suite("Watching settings through swift-configuration")
struct ProviderWatchTests {
    @Test func aSetByAnotherProgramReachesAWatcherWithoutPolling() async throws {
        let fixture = ProviderFixture()
        let config = ConfigReader(providers: [fixture.provider])
        let seen = Collected<Int?>()

        try await withHangGuard(seconds: 60) {
            try await config.watchInt(forKey: "refreshInterval") { updates in
                for await value in updates {
                    seen.append(value)
                    if seen.all.count == 1 { try fixture.prefsTUI("set", "refreshInterval", "30") }
                    if value == 30 { return }
                }
            }
        }

        #expect(seen.all == [15, 30])
        #expect(!FileChangeMonitor.shared.isPolling)
    }

    @Test func aThousandChangesInARowArriveInOrderWithTheLastValueLast() async throws {
        // In memory: the order is the provider's to keep, and 1,000 synced writes to a file
        // under ThreadSanitizer took longer than any deadline worth waiting for.
        let prefs = Preferences(store: InMemoryStore(), schema: ProviderFixture.schema)
        let provider = PreferencesProvider(prefs)
        let seen = Collected<String?>()
        let names = (0..<1_000).map { "City \($0)" }

        try await withHangGuard(seconds: 60) {
            try await ConfigReader(providers: [provider]).watchString(forKey: "city") { updates in
                for await value in updates {
                    seen.append(value)
                    if seen.all.count == 1 {
                        for name in names { try prefs.set(name, for: ProviderFixture.city) }
                    }
                    if value == names.last { return }
                }
            }
        }

        #expect(seen.all.first == "Oslo")
        #expect(Array(seen.all.dropFirst()) == names)
    }

    @Test func aLockArrivingFromTheSiteChangesTheWatchedValue() async throws {
        let site = TemporaryDirectory()
        let fixture = ProviderFixture(siteFolders: [site.path])
        try fixture.prefs.set("Bergen", for: ProviderFixture.city)
        let seen = Collected<String?>()

        try await withHangGuard(seconds: 60) {
            try await ConfigReader(providers: [fixture.provider]).watchString(forKey: "city") { updates in
                for await value in updates {
                    seen.append(value)
                    if seen.all.count == 1 {
                        try SuiteStore(suiteName: ProviderFixture.schema.suiteName, directory: site.path, watchForChanges: false)
                            .commit(["city": .string("Hamar")])
                        try Data("city\n".utf8).write(to: URL(fileURLWithPath: site.file(ProviderFixture.schema.suiteName + ".locks")))
                    }
                    if value == "Hamar" { return }
                }
            }
        }

        #expect(seen.all.first == "Bergen")
        #expect(seen.all.last == "Hamar")
    }

    @Test func aSnapshotWatcherSeesEachChangeAndASnapshotKeepsItsValues() async throws {
        let fixture = ProviderFixture()
        let before = fixture.provider.snapshot()
        try fixture.prefs.set("Bergen", for: ProviderFixture.city)
        let seen = Collected<String>()

        try await withHangGuard(seconds: 60) {
            try await fixture.provider.watchSnapshot { updates in
                for await snapshot in updates {
                    let city = try snapshot.value(forKey: ["city"], type: .string).value?.content
                    guard case .string(let name)? = city else { return }
                    seen.append(name)
                    if seen.all.count == 1 { try fixture.prefsTUI("set", "city", "Tromsø") }
                    if name == "Tromsø" { return }
                }
            }
        }

        #expect(seen.all == ["Bergen", "Tromsø"])
        #expect(try before.value(forKey: ["city"], type: .string).value?.content == .string("Oslo"))
    }

    @Test func aSnapshotKeepsTheSitesValuesAndLocksAsTheyWere() async throws {
        let site = TemporaryDirectory()
        let fixture = ProviderFixture(siteFolders: [site.path])
        try fixture.prefs.set("Bergen", for: ProviderFixture.city)
        let before = fixture.provider.snapshot()

        try SuiteStore(suiteName: ProviderFixture.schema.suiteName, directory: site.path, watchForChanges: false)
            .commit(["city": .string("Hamar")])
        try Data("city\n".utf8).write(to: URL(fileURLWithPath: site.file(ProviderFixture.schema.suiteName + ".locks")))
        // The live settings have taken the site's change (its watch reports it a moment later).
        #expect(await eventually { fixture.prefs[ProviderFixture.city] == "Hamar" })

        #expect(try before.value(forKey: ["city"], type: .string).value?.content == .string("Bergen"))
    }

    @Test func endingAWatchReleasesItsObserver() async throws {
        let fixture = ProviderFixture()
        weak var released: PreferencesProvider?
        do {
            let provider = PreferencesProvider(fixture.prefs)
            released = provider
            try await provider.watchValue(forKey: ["city"], type: .string) { updates in
                for await _ in updates { return }
            }
        }

        #expect(released == nil, "the watch kept the provider alive after it ended")
    }
}
