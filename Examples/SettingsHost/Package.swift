// swift-tools-version: 6.1
import PackageDescription

// A program with settings of its own that opens the prefs-tui editor on them with one call.
// It depends on prefs-tui as any program would; here by path, elsewhere by URL:
//     .package(url: "https://github.com/<owner>/prefs-tui", from: "<version>")
//
//     swift run --package-path Examples/SettingsHost settings-host settings
let package = Package(
    name: "SettingsHost",
    dependencies: [
        .package(name: "prefs-tui", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "settings-host",
            dependencies: [
                .product(name: "PrefsModel", package: "prefs-tui"),
                .product(name: "PrefsEditor", package: "prefs-tui"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
