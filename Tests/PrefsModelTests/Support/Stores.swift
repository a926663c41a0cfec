import PrefsDemo
import Foundation
import PrefsTestSupport
@testable import PrefsModel

/// The two stores every behaviour is checked against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, suite
    var testDescription: String { rawValue }
}

import Testing

/// A store of the given kind, in its own temporary folder, with the folder kept alive as long
/// as the fixture.
struct StoreFixture {
    let directory = TemporaryDirectory()
    let store: any PreferenceStore
    let prefs: Preferences

    init(_ kind: StoreKind, schema: PreferenceSchema = WeatherSettings.schema,
         initial: [String: PlistValue] = [:]) {
        switch kind {
        case .memory:
            store = InMemoryStore(initial)
        case .suite:
            let suite = SuiteStore(suiteName: "test.suite", directory: directory.path, watchForChanges: false)
            if !initial.isEmpty { try! suite.commit(initial) }
            store = suite
        }
        prefs = Preferences(store: store, schema: schema, onWriteError: { _ in })
    }

    /// The suite file's path (suite stores only).
    var plistPath: String { directory.file("test.suite.plist") }

    /// A second, independent view of the same suite, as a fresh process would load it.
    func reopened() -> Preferences {
        switch store {
        case let suite as SuiteStore:
            return Preferences(store: SuiteStore(suiteName: suite.suiteName, directory: directory.path, watchForChanges: false),
                               schema: prefs.schema)
        default:
            return prefs
        }
    }
}
