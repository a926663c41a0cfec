import BenchFixtures
import Foundation

// Usage: bench-fixtures OUTPUT-FOLDER CONFIG-FOLDER
// Writes OUTPUT-FOLDER/settings-N.schema.json for N = 100, 10,000 and 50,000, their suites
// (bench.settings-N.plist, one stored value per setting) into CONFIG-FOLDER, and the demo's
// suite com.example.weather with a city for the `get` row, and for the line-editor rows
// OUTPUT-FOLDER/long-value.schema.json with suites bench.long-1024 and bench.long-1048576.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: bench-fixtures OUTPUT-FOLDER CONFIG-FOLDER\n".utf8))
    exit(64)
}
let output = arguments[1], config = arguments[2]
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
for count in [100, 10_000, 50_000] {
    let schemaPath = (output as NSString).appendingPathComponent("settings-\(count).schema.json")
    try Fixtures.schemaJSON(settings: count).write(to: URL(fileURLWithPath: schemaPath))
    try Fixtures.writeSuite(Fixtures.suiteValues(count: count), suiteName: Fixtures.suiteName(settings: count),
                            directory: config)
}
try Fixtures.writeSuite(["city": "Bergen", "refreshInterval": 30], suiteName: "com.example.weather", directory: config)
try Fixtures.longValueSchemaJSON.write(to: URL(fileURLWithPath: (output as NSString).appendingPathComponent("long-value.schema.json")))
for length in [1024, 1 << 20] {
    let text = Fixtures.longText(length: length)
    try Fixtures.writeSuite(["note": text, "count": text], suiteName: Fixtures.longValueSuiteName(length: length),
                            directory: config)
}
print("fixtures written to \(output) and \(config)")
