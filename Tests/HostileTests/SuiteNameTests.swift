import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Suite names are file names in the config folder: anything else is a usage error (64)
    /// that names the reason, and no file appears anywhere.
    @Suite("Hostile suite names")
    struct SuiteNames {
        static let refused: [(name: String, reason: String)] = [
            ("../x", "contains \"/\""),
            ("/etc/passwd", "contains \"/\""),
            ("", "it is empty"),
            ("..", "is a folder"),
            ("x\u{01}y", "control character U+0001"),
            ("x\ny", "control character U+000A"),
            ("x\u{7F}", "control character U+007F"),
            (String(repeating: "a", count: 219), "too long for a file name: 219 bytes (UTF-8), at most 218 allowed"),
            (String(repeating: "a", count: 240), "too long for a file name: 240 bytes (UTF-8), at most 218 allowed"),
            (String(repeating: "a", count: 249), "too long for a file name: 249 bytes (UTF-8), at most 218 allowed"),
            (String(repeating: "a", count: 300), "too long for a file name: 300 bytes"),
            (String(repeating: "ü", count: 200), "too long for a file name: 400 bytes"),
        ]

        @Test func refusedNamesGetExit64WithTheReasonAndCreateNoFile() throws {
            let root = TemporaryDirectory()
            let configHome = root.file("config")
            try FileManager.default.createDirectory(atPath: configHome, withIntermediateDirectories: true)
            let programs = Programs(configHome: configHome)
            let passwd = FileManager.default.contents(atPath: "/etc/passwd")
            var refusals = 0

            for (name, reason) in Self.refused {
                for command in [["set", "city", "Bergen"], ["get", "city"], ["list"]] {
                    let child = programs.prefsTUI(command + ["--suite", name])
                    try child.start()
                    let result = child.finish()
                    #expect(result.status == 64, "\(command) --suite \(name.debugDescription): \(result.status) \(result.error)")
                    #expect(result.error.contains("invalid suite name") && result.error.contains(reason),
                            "\(name.debugDescription): \(result.error)")
                    #expect(!result.error.dropLast().contains("\n"), "the message must stay on one line: \(result.error)")
                    if result.status == 64 { refusals += 1 }
                }
            }

            let created = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0 != "config" }
            #expect(created.isEmpty, "files appeared: \(created)")
            #expect(FileManager.default.contents(atPath: "/etc/passwd") == passwd)
            HostileRun.report("suite names: \(refusals)/\(Self.refused.count * 3) hostile names refused with exit 64 (set, get, list), 0 files created")
        }
    }
}
