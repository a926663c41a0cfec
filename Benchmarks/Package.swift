// swift-tools-version: 6.1
import PackageDescription

// A package of its own, beside the root package and depending on it by path, so that the
// root's `swift build` and `swift test` never resolve or build package-benchmark.
let package = Package(
    name: "prefs-tui-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named: a path dependency is otherwise known by its folder, which differs between
        // checkouts (main, worktrees, CI clones).
        .package(name: "prefs-tui", path: ".."),
        // MallocInterposer is named explicitly: the default traits also pull in a runtime
        // interposer package that this machine's package mirror does not carry.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Fixture content shared by the generator and the in-process benchmarks, so both
        // measure the same suites.
        .target(
            name: "BenchFixtures",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Writes the schemas and suites the whole-process rows run on.
        .executableTarget(
            name: "bench-fixtures",
            dependencies: ["BenchFixtures"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Baseline of the render row: loads a suite with Foundation and nothing else.
        .executableTarget(
            name: "foundation-load",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Baseline of the get row: reads one string with Foundation and prints it.
        .executableTarget(
            name: "foundation-get",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The latency of a watch through swift-configuration, from another process's write.
        .executableTarget(
            name: "watch-latency",
            dependencies: [
                .product(name: "PrefsConfiguration", package: "prefs-tui"),
                .product(name: "PrefsModel", package: "prefs-tui"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Another program's change of one setting, as the editor takes it (a per-event row).
        .executableTarget(
            name: "editor-outside-change",
            dependencies: [
                .product(name: "PrefsEditor", package: "prefs-tui"),
                .product(name: "PrefsModel", package: "prefs-tui"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "PrefsBenchmarks",
            dependencies: [
                "BenchFixtures",
                .product(name: "PrefsModel", package: "prefs-tui"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PrefsBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
