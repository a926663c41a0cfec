// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "prefs-tui",
    products: [
        .library(name: "PrefsModel", targets: ["PrefsModel"]),
        .library(name: "PrefsEditor", targets: ["PrefsEditor"]),
        .library(name: "PrefsConfiguration", targets: ["PrefsConfiguration"]),
        .executable(name: "prefs-tui", targets: ["prefs-tui"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // For PrefsConfiguration only, without its default traits (JSON files): a provider
        // needs none of them, and a program that uses PrefsModel or PrefsEditor alone builds
        // none of it.
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: []),
        // Only for `swift package generate-documentation` (the DocC catalogs); it adds no code
        // to any product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // ncursesw, the wide-character build (plain ncurses garbles UTF-8). No `pkgConfig:`:
        // Debian's ncursesw.pc adds -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 to the C flags, which
        // SwiftPM refuses with a "prohibited flag(s)" warning on every build. The shim defines
        // what those flags were for (NCURSES_WIDECHAR), and the module map links the libraries.
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The terminal guard: the saved terminal modes, the signal actions to put back and the
        // flags the signal handlers set, kept in C because release builds laid out Swift globals
        // of C struct types without their padding (see terminal_guard.c).
        .target(name: "CTerminalGuard"),
        // The file formats (XML and binary plists, JSON): values, readers, writers and the
        // scanner, knowing nothing of suites or settings, so the compiler keeps storage in layers.
        .target(
            name: "PrefsFormats",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "PrefsModel",
            dependencies: ["PrefsFormats"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The demo's weather settings, which `prefs-tui` opens when no suite is named, and
        // which the tests use: kept out of the library, which ships no settings of its own.
        .target(
            name: "PrefsDemo",
            dependencies: ["PrefsModel"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The editor as a library: any program opens it on its own Preferences.
        .target(
            name: "PrefsEditor",
            dependencies: ["PrefsModel", "CNcurses", "CTerminalGuard"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The settings as a swift-configuration provider: ConfigReader(providers: [..., PreferencesProvider(prefs)]).
        .target(
            name: "PrefsConfiguration",
            dependencies: ["PrefsModel", .product(name: "Configuration", package: "swift-configuration")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "prefs-tui",
            dependencies: [
                "PrefsModel",
                "PrefsDemo",
                "PrefsEditor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The man page and its script are generated files for installers, not sources.
            exclude: ["Manual"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The example host: a program with its own settings and a derived value that opens the
        // editor with one call (README, "Embedding the editor"). It is a package of its own
        // (Examples/SettingsHost/Package.swift, which depends on this one as a user's would,
        // built by .ci/run); this target builds the same sources here too, so that the tests
        // drive it in tmux without building the library a second time.
        .executableTarget(
            name: "settings-host",
            dependencies: ["PrefsModel", "PrefsEditor"],
            path: "Examples/SettingsHost/Sources/settings-host",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "prefs-test-helper",
            dependencies: ["PrefsModel", "PrefsDemo"],
            path: "Tests/PrefsTestHelper",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "PrefsTestSupport",
            dependencies: ["PrefsModel"],
            path: "Tests/PrefsTestSupport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "PrefsModelTests",
            dependencies: [
                "PrefsModel",
                "PrefsDemo",
                "PrefsTestSupport",
                "prefs-test-helper",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The hostile suite: repeated multi-process runs, killed writers, random input, corrupt
        // files. Slow, so `swift test` skips it; `.ci/run` runs it with PREFS_HOSTILE=1.
        .testTarget(
            name: "HostileTests",
            dependencies: [
                "PrefsModel",
                "PrefsDemo",
                "PrefsTestSupport",
                "prefs-tui",
                "prefs-test-helper",
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The README's code, compiled (and run where it needs no terminal), with a check that
        // it is still the README's. Apart from the other tests: the README declares the demo's
        // key names itself, which PrefsDemo's would make ambiguous.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["PrefsModel", "PrefsEditor", "settings-host"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "PrefsConfigurationTests",
            dependencies: [
                "PrefsConfiguration",
                "PrefsModel",
                "PrefsTestSupport",
                "prefs-tui",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ConfigurationTesting", package: "swift-configuration"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "prefs-tuiTests",
            dependencies: [
                "PrefsModel",
                "PrefsDemo",
                "PrefsEditor",
                "settings-host",
                "PrefsTestSupport",
                "prefs-tui",
                "prefs-test-helper",
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
