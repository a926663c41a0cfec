// Shared by the editor targets (editor-input, plain-lines; Fuzz/run.sh adds Fuzz/Support/Editor
// to those only, as they alone link PrefsDemo and PrefsEditor): the settings they open.
import Foundation
import PrefsDemo
@testable import PrefsModel

/// A store whose writes fail while `failing` is set (a full disk, an unwritable folder), and
/// whose file may be reported unreadable: what an editor meets on a real suite.
final class FuzzStore: PreferenceStore, @unchecked Sendable {
    private let inner: InMemoryStore
    var failing = false
    var problem: String?

    init(_ values: [String: PlistValue]) { inner = InMemoryStore(values) }

    var location: String { "/home/ada/.config/com.example.fuzz.plist" }
    var loadProblem: String? { problem }
    func takeWarnings() -> [String] { failing ? ["a warning from the store"] : [] }
    func storedValue(forKey key: String) -> PlistValue? { inner.storedValue(forKey: key) }
    func storedValues() -> [String: PlistValue] { inner.storedValues() }
    func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken {
        inner.addChangeHandler(handler)
    }
    func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] {
        if failing { throw PreferenceError.writeFailed(path: location, reason: "No space left on device") }
        return try inner.commit(changes, by: writer)
    }
    func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange] {
        if failing { throw PreferenceError.writeFailed(path: location, reason: "No space left on device") }
        return try inner.commit(by: writer, transaction: transaction)
    }
}

/// The settings an editor opens, chosen by the first byte of the input.
struct FuzzSettings {
    let store: FuzzStore
    let prefs: Preferences

    /// 2026-11-21 12:00:00 UTC, as the editor tests fix it: the live preview reads the clock.
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)
    static let demo = WeatherSettings.makeSchema(now: { FuzzSettings.noon }, timeZone: TimeZone(identifier: "UTC")!)

    /// The schema: bits 0–1 of `choice` (the demo, every kind of key, one inferred from the
    /// stored values, every kind plus the file's other keys); bit 2: the site has defaults and
    /// locks; bit 3: overrides (as `--set` gives); bit 4: the file is reported unreadable.
    /// `stored`: what the user's file holds.
    init(choice: UInt8, stored: [String: PlistValue]) {
        store = FuzzStore(stored)
        if choice & 16 != 0 { store.problem = "cannot be read: it is not a valid property list (moved aside)" }
        let schema: PreferenceSchema
        switch choice & 3 {
        case 0: schema = Self.demo
        case 1: schema = FuzzSchemas.everyKind
        case 2: schema = PreferenceSchema(inferredFrom: stored, suiteName: "com.example.fuzz")
        default: schema = FuzzSchemas.everyKind.addingOtherKeys(from: stored)
        }
        let site = choice & 4 != 0 ? FuzzSite.defaults(for: schema.suiteName) : nil
        let overrides: [String: PlistValue] = choice & 8 != 0 ? ["city": .string("Override"), "interval": .int(20), "ports": .array([])] : [:]
        prefs = Preferences(store: store, schema: schema, site: site, overrides: overrides, onWriteError: { _ in })
    }

    /// Stored values for the keys of both schemas and some others, many of the wrong type or
    /// against their rules (another program wrote the file).
    static func stored(_ input: inout FuzzBytes) -> [String: PlistValue] {
        let names = ["city", "refreshInterval", "temperatureNotation", "favoriteCities", "unitSystem", "showRadar",
                     "interval", "ratio", "level", "ports", "big", "tiny", "weights", "notation", "notes", "enabled",
                     "home", "aliases", "limits", "tags", "extra", "lastRun", "blob", "when", "tempUnit", "legacyMode",
                     "other", "", "very long key name that does not fit any column of any terminal at all", "ключ", "\u{1B}"]
        var stored: [String: PlistValue] = [:]
        for _ in 0..<input.below(6) { stored[input.pick(names)] = PlistValue.fuzzed(&input) }
        return stored
    }
}

/// Site folders with defaults and locks (`SiteDefaults` reads files): one folder under the
/// temporary folder, shared by every fuzz process and left there (a few hundred bytes), as
/// libFuzzer's fork mode kills children that could not clean up after themselves. Each process
/// writes the same files atomically, so they never read a half-written one.
enum FuzzSite {
    private static let folder: String = {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("prefs-tui-fuzz-site")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files: [(String, [String: PlistValue], String)] = [
            (WeatherSettings.suiteName, ["city": .string("Site City"), "refreshInterval": .int(30), "bogus": .bool(true)], "city\n# comment\nrefreshInterval\n"),
            ("com.example.kinds", ["interval": .int(60), "notes": .string("from the site"), "ports": .array([.int(1)])], "interval\nports\nunknownKey\n"),
            ("com.example.fuzz", ["other": .int(1)], "other\n"),
        ]
        for (suite, values, locks) in files {
            let base = (folder as NSString).appendingPathComponent(suite)
            if let bytes = try? PlistValue.xmlPropertyList(values) { try? bytes.write(to: URL(fileURLWithPath: base + ".plist"), options: .atomic) }
            try? Data(locks.utf8).write(to: URL(fileURLWithPath: base + ".locks"), options: .atomic)
        }
        return folder
    }()

    /// Read once per suite: the files never change.
    nonisolated(unsafe) private static var cache: [String: SiteDefaults] = [:]

    static func defaults(for suiteName: String) -> SiteDefaults {
        if let site = cache[suiteName] { return site }
        let site = SiteDefaults(suiteName: suiteName, folders: [folder], watchForChanges: false)
        cache[suiteName] = site
        return site
    }
}
