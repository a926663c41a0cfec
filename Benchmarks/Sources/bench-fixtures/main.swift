import BenchFixtures
import Foundation

// Usage: bench-fixtures OUTPUT-FOLDER CONFIG-FOLDER
// Writes OUTPUT-FOLDER/settings-N.schema.json for N = 100 and 10,000, their suites
// (bench.settings-N.plist, one stored value per setting) into CONFIG-FOLDER, and the demo's
// suite com.example.weather with a city for the `get` row.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: bench-fixtures OUTPUT-FOLDER CONFIG-FOLDER\n".utf8))
    exit(64)
}
let output = arguments[1], config = arguments[2]
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
for count in [100, 10_000] {
    let schemaPath = (output as NSString).appendingPathComponent("settings-\(count).schema.json")
    try Fixtures.schemaJSON(settings: count).write(to: URL(fileURLWithPath: schemaPath))
    try Fixtures.writeSuite(Fixtures.suiteValues(count: count), suiteName: Fixtures.suiteName(settings: count),
                            directory: config)
}
try Fixtures.writeSuite(["city": "Bergen", "refreshInterval": 30], suiteName: "com.example.weather", directory: config)
print("fixtures written to \(output) and \(config)")
