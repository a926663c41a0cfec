import Foundation
import PrefsDemo
import PrefsModel
@testable import PrefsEditor
@testable import prefs_tui

/// The editor without a terminal: keys in, screens out as text.
/// The project's tests of the editor as text: the public `PreferencesEditor.Harness` (the one a
/// host's tests use) on the demo's schema, with the vocabulary these tests share.
final class EditorHarness {
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)
    static let schema = WeatherSettings.makeSchema(now: { EditorHarness.noon }, timeZone: TimeZone(identifier: "UTC")!)

    let store: any PreferenceStore
    let prefs: Preferences
    let editor: PreferencesEditor.Harness
    /// The state machine inside the harness, for tests that check the state itself.
    var controller: EditorController { editor.controller }

    init(width: Int = 80, height: Int = 24, stored: [String: PlistValue] = [:], schema: PreferenceSchema = EditorHarness.schema,
         store: (any PreferenceStore)? = nil, asciiMarkers: Bool = false, keyListing: KeyListing = .schema,
         site: SiteDefaults? = nil, overrides: [String: PlistValue] = [:]) {
        self.store = store ?? InMemoryStore(stored)
        prefs = Preferences(store: self.store, schema: schema, site: site, overrides: overrides)
        editor = PreferencesEditor.Harness(prefs: prefs, suiteName: schema.suiteName, location: "/home/ada/.config/com.example.weather.plist",
                                           width: width, height: height, asciiMarkers: asciiMarkers, keyListing: keyListing)
    }

    func press(_ keys: KeyEvent...) {
        for key in keys { editor.press(PreferencesEditor.Key(key)) }
    }

    func paste(_ text: String) { editor.paste(text) }

    func resize(width: Int, height: Int) { editor.resize(width: width, height: height) }

    /// Another program's change of these settings, delivered now (the harness also takes any
    /// change of the store by itself before the next key or screen).
    func changedOutside(_ names: String...) { controller.changedOutside(Set(names)) }

    func type(_ text: String) { editor.type(text) }

    var screen: String { editor.screen }
    var lines: [String] { screen.components(separatedBy: "\n") }
    var status: String { lines.last ?? "" }

    func row(_ title: String) -> String {
        lines.first { line in ["  ", "● ", "! ", "* ", "⊘ ", "# ", "○ ", "o "].contains { line.hasPrefix($0 + title + " ") } } ?? "(no row \(title))"
    }

    /// The details pane below the list: its rows under the rule, without the live preview.
    var pane: [String] {
        let rows = lines.drop { !$0.hasPrefix("─") }.dropFirst().dropLast(2)
        return rows.map { ($0.split(separator: "│", omittingEmptySubsequences: false).first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces) }
    }

    func stored(_ key: String) -> PlistValue? { store.storedValue(forKey: key) }

    /// Moves the selection to the setting with this title.
    func select(_ title: String) {
        press(.home)
        for _ in 0..<prefs.schema.keys.count where controller.state.selectedKey?.title != title { press(.down) }
    }
}

/// A store whose writes fail while `failing` is set (an unwritable folder, a full disk).
final class FailingStore: PreferenceStore, @unchecked Sendable {
    private let inner = InMemoryStore()
    var failing = true

    var location: String { "/blocked/com.example.weather.plist" }
    var loadProblem: String? { nil }
    func takeWarnings() -> [String] { [] }
    func storedValue(forKey key: String) -> PlistValue? { inner.storedValue(forKey: key) }
    func storedValues() -> [String: PlistValue] { inner.storedValues() }
    func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken { inner.addChangeHandler(handler) }

    func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] {
        if failing { throw PreferenceError.writeFailed(path: location, reason: "input/output error") }
        return try inner.commit(changes, by: writer)
    }
}

extension EditorHarness {
    /// The editor on a store whose writes fail until `store.failing` is cleared.
    static func failing(width: Int = 80, height: Int = 24) -> (EditorHarness, FailingStore) {
        let store = FailingStore()
        return (EditorHarness(width: width, height: height, store: store), store)
    }
}

/// A store that counts its reads, to show that the editor reads it once, when it opens.
final class CountingStore: PreferenceStore, Sendable {
    private let inner: InMemoryStore
    let reads = Locked(0)

    init(_ values: [String: PlistValue] = [:]) { inner = InMemoryStore(values) }

    var location: String { inner.location }
    var loadProblem: String? { inner.loadProblem }
    func takeWarnings() -> [String] { [] }
    func storedValue(forKey key: String) -> PlistValue? {
        reads.withLock { $0 += 1 }
        return inner.storedValue(forKey: key)
    }
    func storedValues() -> [String: PlistValue] {
        reads.withLock { $0 += 1 }
        return inner.storedValues()
    }
    func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken { inner.addChangeHandler(handler) }
    func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] {
        try inner.commit(changes, by: writer)
    }
    /// A write's own read of the values it decides on (a migration) is part of the write, made
    /// by the effect that runs it: not counted as a read by the update or the renderer.
    func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange] {
        try inner.commit(by: writer, transaction: transaction)
    }
}
