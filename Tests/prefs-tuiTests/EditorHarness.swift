import Foundation
import PrefsModel
@testable import prefs_tui

/// The editor without a terminal: keys in, screens out as text.
final class EditorHarness {
    /// 2026-11-21 12:00:00 UTC, so the live panel's "next refresh" is fixed.
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)
    static let schema = WeatherSettings.makeSchema(now: { EditorHarness.noon }, timeZone: TimeZone(identifier: "UTC")!)

    let store: InMemoryStore
    let prefs: Preferences
    let controller: EditorController

    init(width: Int = 80, height: Int = 24, stored: [String: PlistValue] = [:], schema: PreferenceSchema = EditorHarness.schema) {
        store = InMemoryStore(stored)
        prefs = Preferences(store: store, schema: schema)
        controller = EditorController(prefs: prefs, suiteName: schema.suiteName, location: "/home/ada/.config/com.example.weather.plist",
                                      width: width, height: height)
    }

    func press(_ keys: KeyEvent...) { controller.handle(keys) }

    func paste(_ text: String) { controller.send(.paste(text)) }

    func resize(width: Int, height: Int) { controller.send(.resize(width: width, height: height)) }

    /// Reports keys as changed by another program (after writing them to the store).
    func changedOutside(_ names: String...) { controller.send(.externalChange(Set(names))) }

    func type(_ text: String) { controller.handle(text.map { .character($0) }) }

    var screen: String { controller.frame().text }
    var lines: [String] { screen.components(separatedBy: "\n") }
    var status: String { lines.last ?? "" }

    /// The list row of a setting, by title.
    func row(_ title: String) -> String {
        lines.first { $0.hasPrefix("  \(title) ") || $0.hasPrefix("● \(title) ") || $0.hasPrefix("! \(title) ") } ?? "(no row \(title))"
    }

    func stored(_ key: String) -> PlistValue? { store.storedValue(forKey: key) }

    /// Moves the selection to the setting with this title.
    func select(_ title: String) {
        press(.home)
        for _ in 0..<prefs.schema.keys.count where controller.state.selectedKey?.title != title { press(.down) }
    }
}
