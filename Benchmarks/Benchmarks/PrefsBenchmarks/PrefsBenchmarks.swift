import Benchmark
import BenchFixtures
import Foundation
import PrefsModel

// Every measure is registered as a pair, ours and its baseline, once per round. The runner
// sorts benchmarks by name ("<round> <measure> <side>"), so the rounds run one after the other
// and a pair's two halves run seconds apart: the machine's load (two cores shared with other
// builds) hits both alike. run.sh takes each pair's ratio per round and reports the median.

/// Keys of the generated suites that the read and write rows use (setting 0 is an int,
/// 1 a string, 4 a list of strings; see `Fixtures.kind`).
enum BenchKeys {
    static let int = PreferenceKey<Int>(Fixtures.key(0), default: 0, rule: .range(0...1000))
    static let string = PreferenceKey<String>(Fixtures.key(1), default: "text", rule: .text(nonEmpty: true, maxLength: 64))
    static let list = PreferenceKey<[String]>(Fixtures.key(4), default: ["a"])
    static let schema = PreferenceSchema(title: "bench", suiteName: "bench", keys: [int, string, list])
}

/// A suite written fresh with `count` generated values, opened by both sides.
struct SuitePair {
    let ours: Preferences
    let foundation: UserDefaults

    init(_ name: String, count: Int) {
        let directory = Fixtures.foundationDirectory()
        let values = Fixtures.suiteValues(count: count)
        do {
            try Fixtures.writeSuite(values, suiteName: "\(name)-ours", directory: directory)
            try Fixtures.writeSuite(values, suiteName: "\(name)-foundation", directory: directory)
        } catch {
            fatalError("cannot write the benchmark suites into \(directory): \(error)")
        }
        // The convenience initializer watches the folder, as every program using it does.
        ours = Preferences(suiteName: "\(name)-ours", schema: BenchKeys.schema, directory: directory)
        guard let defaults = UserDefaults(suiteName: "\(name)-foundation") else { fatalError("no suite \(name)") }
        foundation = defaults
        // Both sides start with the suite loaded: a first read loads it.
        precondition(ours[BenchKeys.int] == 1 && foundation.integer(forKey: BenchKeys.int.name) == 1,
                     "the suites in \(directory) do not hold the generated values")
    }
}

/// In-memory typed settings holding `count` generated values.
func inMemoryPreferences(count: Int) -> Preferences {
    var values: [String: PlistValue] = [:]
    for (key, value) in Fixtures.suiteValues(count: count) {
        guard let plist = PlistValue(foundationObject: value) else { fatalError("not a plist value: \(value)") }
        values[key] = plist
    }
    return Preferences(store: InMemoryStore(values), schema: BenchKeys.schema)
}

/// Registers every benchmark; returns how many pairs, which the generated runner (`_ = benchmarks()`)
/// ignores. Returning a value keeps that generated line free of a "redundant `_ =`" warning.
func benchmarks() -> Int {
    let rounds = Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 7
    // Wall clock in nanoseconds for every benchmark, so run.sh reads one unit.
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], timeUnits: .nanoseconds,
                                           warmupIterations: 3, maxDuration: .milliseconds(300), maxIterations: 1_000_000)

    let reads = SuitePair("bench.read-1000", count: 1_000)
    let afterWrite = SuitePair("bench.read-after-write-10000", count: 10_000)
    let writes = [10, 1_000, 10_000].map { (count: $0, pair: SuitePair("bench.write-\($0)", count: $0)) }
    let memory = [10, 10_000].map { (count: $0, prefs: inMemoryPreferences(count: $0)) }

    // A thousand reads per sample: one read is tens of nanoseconds, near the clock's own cost.
    let manyReads = Benchmark.Configuration(scalingFactor: .kilo)

    for round in 1...rounds {
        // Zero-padded: the runner sorts benchmarks by name, and "r10" must come after "r9".
        let r = "r" + (round < 10 ? "0" : "") + String(round)

        Benchmark("\(r) read-int ours", configuration: manyReads) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(reads.ours[BenchKeys.int]) }
        }
        Benchmark("\(r) read-int baseline", configuration: manyReads) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(reads.foundation.integer(forKey: BenchKeys.int.name)) }
        }
        Benchmark("\(r) read-string ours", configuration: manyReads) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(reads.ours[BenchKeys.string]) }
        }
        Benchmark("\(r) read-string baseline", configuration: manyReads) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(reads.foundation.string(forKey: BenchKeys.string.name)) }
        }
        Benchmark("\(r) read-list ours", configuration: manyReads) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(reads.ours[BenchKeys.list]) }
        }
        Benchmark("\(r) read-list baseline", configuration: manyReads) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(reads.foundation.stringArray(forKey: BenchKeys.list.name)) }
        }

        // One read right after a write: the write is outside the measurement, and each sample
        // writes a value different from the last, so the read cannot be served from before it.
        var written = 0
        Benchmark("\(r) read-after-write-10000 ours", configuration: .init(maxDuration: .seconds(1))) { benchmark in
            written = written % 1000 + 1
            try afterWrite.ours.set(written, for: BenchKeys.int)
            benchmark.startMeasurement()
            blackHole(afterWrite.ours[BenchKeys.int])
            benchmark.stopMeasurement()
        }
        Benchmark("\(r) read-after-write-10000 baseline", configuration: .init(maxDuration: .seconds(1))) { benchmark in
            written = written % 1000 + 1
            afterWrite.foundation.set(written, forKey: BenchKeys.int.name)
            benchmark.startMeasurement()
            blackHole(afterWrite.foundation.integer(forKey: BenchKeys.int.name))
            benchmark.stopMeasurement()
        }

        // A committed write: on disk when it returns. Ours checks the rule, takes the lock and
        // writes through a temporary file; Foundation's is set + synchronize().
        for (count, pair) in writes {
            let duration: Duration = count >= 10_000 ? .seconds(2) : .milliseconds(700)
            Benchmark("\(r) write-\(count) ours", configuration: .init(maxDuration: duration)) { benchmark in
                written = written % 1000 + 1
                try pair.ours.set(written, for: BenchKeys.int)
            }
            Benchmark("\(r) write-\(count) baseline", configuration: .init(maxDuration: duration)) { benchmark in
                written = written % 1000 + 1
                pair.foundation.set(written, forKey: BenchKeys.int.name)
                guard pair.foundation.synchronize() else { throw CocoaError(.fileWriteUnknown) }
            }
        }

        // InMemoryStore: the same typed set on a suite of 10,000 values and on one of 10; the
        // "baseline" here is the small suite. One set per sample: at 10,000 values a set can
        // take milliseconds.
        for (count, prefs) in memory {
            let side = count == 10 ? "baseline" : "ours"
            Benchmark("\(r) memory-set \(side)") { benchmark in
                written = written % 1000 + 1
                try prefs.set(written, for: BenchKeys.int)
            }
        }
    }
    return rounds * 11
}
