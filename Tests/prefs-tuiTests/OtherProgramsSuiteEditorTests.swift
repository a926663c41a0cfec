import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// The editor in a real terminal (tmux) on suites that no schema fully describes.
@Suite("The editor on another program's suite", .serialized)
struct OtherProgramsSuiteEditorTests {
    @Test func showsAndEditsTheKeysOfASuiteWithoutASchema() async throws {
        let directory = TemporaryDirectory()
        let store = SuiteStore(suiteName: "com.acme.backup", directory: directory.path, watchForChanges: false)
        try store.commit(["excludes": .array([.string("*.tmp")]), "label": .string("Nightly"),
                          "legacyMode": .bool(true), "retryCount": .int(3)])

        let session = try TmuxSession(["--suite", "com.acme.backup"], directory: directory)

        let names = ["excludes", "label", "legacyMode", "retryCount"]
        #expect(await session.waitUntil { screen in screen.contains(PreferenceSchema.inferredSection) && names.allSatisfy(screen.contains) },
                "\(session.screen())")
        try session.press("Down", "Down", "Space")                          // legacyMode: a toggle
        #expect(await session.waitFor("Saved legacyMode = false"))
        try session.press("Down", "Right")                                  // retryCount: a stepper
        #expect(await session.waitFor("Saved retryCount = 4"))
        #expect(session.stored(suite: "com.acme.backup") == ["excludes": .array([.string("*.tmp")]), "label": .string("Nightly"),
                                                            "legacyMode": .bool(false), "retryCount": .int(4)])
        try session.press("q")
        #expect(await eventually { session.exitStatus == "0" })
    }

    @Test func showsKeysTheSchemaDoesNotDescribeInALastSection() async throws {
        let directory = TemporaryDirectory()
        try SuiteStore(suiteName: "com.example.weather", directory: directory.path, watchForChanges: false)
            .commit(["launchCount": .int(12)])

        let session = try TmuxSession(directory: directory)
        #expect(await session.waitFor("Weather ·"))
        try session.press("End")

        #expect(await session.waitUntil { $0.contains(PreferenceSchema.otherKeysSection) && $0.contains("launchCount") },
                "\(session.screen())")
        try session.press("Right")
        #expect(await session.waitFor("Saved launchCount = 13"))
        #expect(session.stored["launchCount"] == .int(13))
    }
}

extension TmuxSession {
    /// What is stored in a suite of the session's folder now, read as a fresh process would.
    func stored(suite: String) -> [String: PlistValue] {
        SuiteStore(suiteName: suite, directory: directory.path, watchForChanges: false).storedValues()
    }
}
