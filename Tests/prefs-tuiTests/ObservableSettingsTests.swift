import Foundation
import Observation
import PrefsDemo
import PrefsModel
import PrefsTestSupport
import Synchronization
import Testing

/// Settings that Swift's Observation follows (issue 53): `Observations { prefs[.city] }` and
/// `withObservationTracking`, per setting, for changes from anywhere.
@Suite("Settings Swift's Observation follows")
struct ObservableSettingsTests {
    /// The demo's suite in the fixture's folder, as this process's program opens it.
    private func prefs(in cli: CommandLineFixture) -> Preferences {
        Preferences(suiteName: WeatherSettings.suiteName, schema: WeatherSettings.schema, directory: cli.directory.path, siteFolders: [])
    }

    /// Whether `withObservationTracking` around `read` fires when `change` runs. A change of
    /// this instance's own is reported before `write` returns, so half a second is ample for
    /// "it did not fire".
    private func fires(reading read: @escaping @Sendable () -> Void, when change: () throws -> Void) async throws -> Bool {
        let fired = Atomic<Bool>(false)
        withObservationTracking(read) { fired.store(true, ordering: .sequentiallyConsistent) }
        try change()
        return await eventually(within: .milliseconds(500)) { fired.load(ordering: .sequentiallyConsistent) }
    }

    @Test func aReadOfOneSettingFiresForItsChangeAndNotForAnothers() async throws {
        let cli = CommandLineFixture()
        let prefs = prefs(in: cli)

        let other = try await fires(reading: { _ = prefs[.city] }, when: { try prefs.set(.imperial, for: .unitsNotation) })
        let own = try await fires(reading: { _ = prefs[.city] }, when: { try prefs.set("Bergen", for: .city) })

        #expect(!other)
        #expect(own)
    }

    @Test func aDerivedValueFiresWhenOneOfItsInputsChanges() async throws {
        let cli = CommandLineFixture()
        let prefs = prefs(in: cli)
        let shown = DerivedValue<String>(name: "shown", title: "Shown") { $0[.city] + ($0[.showFeelsLike] ? " (feels like)" : "") }

        let unrelated = try await fires(reading: { _ = prefs[shown] }, when: { try prefs.set(30, for: .refreshInterval) })
        let input = try await fires(reading: { _ = prefs[shown] }, when: { try prefs.set(false, for: .showFeelsLike) })

        #expect(!unrelated)
        #expect(input)
    }

    @Test func observationsYieldAnotherProcesssChangeOfTheSettingOnly() async throws {
        let cli = CommandLineFixture()
        let prefs = prefs(in: cli)
        let seen = Mutex<[String]>([])
        let reader = Task {
            for await city in Observations({ prefs[.city] }) {
                seen.withLock { $0.append(city) }
            }
        }
        defer { reader.cancel() }
        #expect(await eventually { seen.withLock { $0 } == ["Oslo"] })

        #expect(try cli.run("set", "refreshInterval", "30").status == 0)
        #expect(try cli.run("set", "city", "Bergen").status == 0)

        #expect(await eventually(within: .seconds(3)) { seen.withLock { $0 } == ["Oslo", "Bergen"] }, "\(seen.withLock { $0 })")
        // The other setting's change yielded nothing: only Oslo, then Bergen.
        #expect(seen.withLock { $0 }.count == 2)
    }

    @Test func aBatchThatChangesTheSettingTwiceYieldsOnce() async throws {
        let cli = CommandLineFixture()
        let prefs = prefs(in: cli)
        let seen = Mutex<[String]>([])
        let reader = Task {
            for await city in Observations({ prefs[.city] }) { seen.withLock { $0.append(city) } }
        }
        defer { reader.cancel() }
        #expect(await eventually { seen.withLock { $0 } == ["Oslo"] })

        try prefs.write(["city": .string("Tromsø"), "favoriteCities": .array([.string("Oslo")])])

        #expect(await eventually { seen.withLock { $0 } == ["Oslo", "Tromsø"] }, "\(seen.withLock { $0 })")
    }

    /// Run under ThreadSanitizer by `.ci/run`: the watcher's queue and the iterating tasks
    /// share the registrar.
    @Test func eightTasksFollowWhileTwoProcessesWrite() async throws {
        let cli = CommandLineFixture()
        let prefs = prefs(in: cli)
        let last = LastSeen()
        var readers: [Task<Void, Never>] = []
        for index in 0..<8 {
            readers.append(Task {
                for await city in Observations({ prefs[.city] }) { last.values.withLock { $0[index] = city } }
            })
        }
        defer { for reader in readers { reader.cancel() } }
        #expect(await eventually { last.values.withLock { $0.count } == 8 })

        let writers = try (0..<2).map { writer in
            let script = (1...3).map { #""$0" set city W\#(writer)-\#($0)"# }.joined(separator: " && ")
            let child = ChildProcess(executablePath: "/bin/bash", arguments: ["-c", script, CommandLineFixture.binary],
                                     configHome: cli.directory.path)
            try child.start()
            return child
        }
        for writer in writers { #expect(writer.finish().status == 0) }
        // What the file holds now, read afresh: this process's store may still be taking the
        // last news from its watcher.
        let stored = SuiteStore(suiteName: WeatherSettings.suiteName, directory: cli.directory.path, watchForChanges: false)
            .storedValue(forKey: "city")
        guard case .string(let final)? = stored else { Issue.record("no city stored: \(String(describing: stored))"); return }

        #expect(final.hasSuffix("-3"), "\(final)")
        #expect(await eventually(within: .seconds(3)) { last.values.withLock { Set($0.values) } == [final] }, "\(last.values.withLock { $0 })")
    }

    @Test func aModelOfTheProgramsOwnIsFollowed() async throws {
        let cli = CommandLineFixture()
        let model = WeatherModel(prefs: prefs(in: cli))
        let seen = Mutex<[String]>([])
        let reader = Task {
            for await line in Observations({ model.headline }) { seen.withLock { $0.append(line) } }
        }
        defer { reader.cancel() }
        #expect(await eventually { seen.withLock { $0 } == ["Oslo, every 15 min"] })

        #expect(try cli.run("set", "refreshInterval", "30").status == 0)

        #expect(await eventually(within: .seconds(3)) { seen.withLock { $0 }.last == "Oslo, every 30 min" }, "\(seen.withLock { $0 })")
    }
}

/// The last value each reading task saw.
final class LastSeen: Sendable {
    let values = Mutex<[Int: String]>([:])
}

/// A program's own model over its settings, with no copy of them.
@Observable
final class WeatherModel: @unchecked Sendable {
    // `@unchecked`: its only stored property is a `let` of a Sendable type; the macro's
    // registrar is Sendable too, but the macro does not say so for the class.
    @ObservationIgnored let prefs: Preferences
    var headline: String { "\(prefs[.city]), every \(prefs[.refreshInterval]) min" }

    init(prefs: Preferences) { self.prefs = prefs }
}
