// The latency of swift-configuration's watchValue through PreferencesProvider (issue 31): how
// long after another process's committed write the watching program has the new value.
//
//   watch-latency FOLDER [WRITES]     prints "p50-ns p90-ns count" of WRITES writes (default 200)
//   watch-latency --writer FOLDER N   (the other process) N writes, 20 ms apart, each followed
//                                     by a line "index wall-clock-ns" once the commit returned
import Configuration
import Foundation
import PrefsConfiguration
import PrefsModel

let city = PreferenceKey<String>("city", default: "Oslo")
let schema = PreferenceSchema(title: "Latency", suiteName: "bench.watch-latency", keys: [city])

func wallClockNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[1] == "--writer" {
    let store = SuiteStore(suiteName: schema.suiteName, directory: arguments[2], watchForChanges: false)
    for index in 1...(Int(arguments[3]) ?? 1) {
        // Paced, so that the watcher sees each write on its own rather than several at once.
        usleep(20_000)
        _ = try store.commit(["city": .string("City \(index)")])
        // Straight to the descriptor: the parent reads each line as it comes.
        FileHandle.standardOutput.write(Data("\(index) \(wallClockNanoseconds())\n".utf8))
    }
    exit(0)
}

guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: watch-latency FOLDER [WRITES]\n".utf8))
    exit(64)
}
let folder = arguments[1]
let writes = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(schema.suiteName + ".plist"))
let prefs = Preferences(suiteName: schema.suiteName, schema: schema, directory: folder, siteFolders: [])
let config = ConfigReader(providers: [PreferencesProvider(prefs)])

/// When each value arrived here, by value.
final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [String: Int64] = [:]
    func note(_ value: String) { lock.withLock { if times[value] == nil { times[value] = wallClockNanoseconds() } } }
    var all: [String: Int64] { lock.withLock { times } }
}
let arrivals = Arrivals()
let writer = Process()
writer.executableURL = URL(fileURLWithPath: arguments[0])
writer.arguments = ["--writer", folder, String(writes)]
let output = Pipe()
writer.standardOutput = output

try await config.watchString(forKey: "city") { updates in
    var started = false
    for await value in updates {
        if !started {
            started = true
            try writer.run()           // once the watch has given its first value
        }
        if let value { arrivals.note(value) }
        if value == "City \(writes)" { return }
    }
}
writer.waitUntilExit()
let committed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
var latencies: [Int64] = []
let arrived = arrivals.all
for line in committed.split(separator: "\n") {
    let parts = line.split(separator: " ")
    guard parts.count == 2, let at = Int64(parts[1]), let seen = arrived["City \(parts[0])"] else { continue }
    latencies.append(max(0, seen - at))
}
latencies.sort()
guard !latencies.isEmpty else {
    FileHandle.standardError.write(Data("watch-latency: no write was seen\n".utf8))
    exit(2)
}
print(latencies[latencies.count / 2], latencies[min(latencies.count - 1, latencies.count * 9 / 10)], latencies.count)
