import Foundation

/// The generated settings the benchmarks run on: schemas and suites of any size, with the same
/// mix of types and rules at every size, so a row that compares sizes compares only the size.
public enum Fixtures {
    /// The kinds of setting, in the order they repeat: one of each type the editor shows
    /// differently (stepper, text field, toggle, real number, list).
    public enum Kind: Int, CaseIterable, Sendable {
        case int, string, bool, double, stringList
    }

    /// Settings per section, so large schemas have many sections like a real program's.
    public static let sectionSize = 20

    /// The suite name used for a schema of `count` settings.
    public static func suiteName(settings count: Int) -> String { "bench.settings-\(count)" }

    /// The key of setting `index`. Fixed width, so sorted order equals index order.
    public static func key(_ index: Int) -> String {
        "setting" + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index)
    }

    public static func kind(_ index: Int) -> Kind { Kind(rawValue: index % Kind.allCases.count)! }

    /// The value stored for setting `index`: always allowed by its rule and never its default,
    /// so the editor shows every row as changed and no row as a diagnostic.
    public static func storedValue(_ index: Int) -> Any {
        switch kind(index) {
        case .int: return index % 1000 + 1
        case .string: return "value \(index)"
        case .bool: return true
        case .double: return Double(index % 100) / 2 + 0.25
        case .stringList: return ["x\(index)", "y"]
        }
    }

    /// A suite of `count` keys, as Foundation reads it.
    public static func suiteValues(count: Int) -> [String: Any] {
        var values: [String: Any] = [:]
        values.reserveCapacity(count)
        for index in 0..<count { values[key(index)] = storedValue(index) }
        return values
    }

    /// A schema file of `count` settings, in the format `prefs-tui schema` prints.
    public static func schemaJSON(settings count: Int) throws -> Data {
        var sections: [[String: Any]] = []
        for start in stride(from: 0, to: count, by: sectionSize) {
            let settings = (start..<min(count, start + sectionSize)).map(setting(_:))
            sections.append(["name": "Section \(start / sectionSize + 1)", "settings": settings])
        }
        let root: [String: Any] = ["title": "Benchmark \(count)", "suite": suiteName(settings: count), "sections": sections]
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
    }

    private static func setting(_ index: Int) -> [String: Any] {
        var entry: [String: Any] = [
            "key": key(index),
            "title": "Setting \(index)",
            "help": "What setting \(index) changes, in a sentence about as long as real help text is.",
        ]
        switch kind(index) {
        case .int:
            entry["type"] = "int"; entry["default"] = 0
            entry["rule"] = ["min": 0, "max": 1000, "step": 1]
            entry["unit"] = "s"
        case .string:
            entry["type"] = "string"; entry["default"] = "text"
            entry["rule"] = ["nonEmpty": true, "maxLength": 64]
        case .bool:
            entry["type"] = "bool"; entry["default"] = false
        case .double:
            entry["type"] = "double"; entry["default"] = 0.0
            entry["rule"] = ["min": 0, "max": 100]
        case .stringList:
            entry["type"] = "[string]"; entry["default"] = ["a"]
        }
        return entry
    }

    /// Writes a suite file the way Foundation does (XML plist, mode 0600), replacing any.
    /// The schema of the long-value rows: a text setting, `note`, first in the list, and a
    /// whole number, `count`, whose stored text is invalid (the details pane shows it as a problem).
    public static let longValueSchemaJSON = Data(#"""
        {"suite": "bench.long-1024", "title": "Long value", "sections": [{"name": "Text", "settings": [
          {"key": "note", "type": "string", "title": "Note", "default": ""},
          {"key": "count", "type": "int", "title": "Count", "default": 1}]}]}
        """#.utf8)

    /// The suite of a long-value row: `note` and `count` holding `length` bytes of digits.
    public static func longValueSuiteName(length: Int) -> String { "bench.long-\(length)" }

    public static func longText(length: Int) -> String {
        String(String(repeating: "0123456789", count: length / 10 + 1).prefix(length))
    }

    public static func writeSuite(_ values: [String: Any], suiteName: String, directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
        let path = (directory as NSString).appendingPathComponent(suiteName + ".plist")
        try data.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    /// The folder Foundation uses for suites in this process: `$XDG_CONFIG_HOME` when it is an
    /// absolute path, else `~/.config`. Benchmarks that compare with `UserDefaults` must write
    /// where it reads.
    public static func foundationDirectory() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        return (NSHomeDirectory() as NSString).appendingPathComponent(".config")
    }
}
