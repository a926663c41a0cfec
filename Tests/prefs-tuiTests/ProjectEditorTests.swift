import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// The project file in an open editor (issue 54): a checkout that changes it takes its values
/// away at once and says why, with the command that trusts it; trusting it again brings them
/// back. The news carry the project's layer whole, so a site's change keeps it.
@Suite("A project file under an open editor")
struct ProjectEditorTests {
    static let retention = PreferenceKey<Int>("retention", default: 15, rule: .range(1...365), title: "Retention")
    static let schema = PreferenceSchema(title: "Backup", suiteName: "org.example.backup", keys: [retention],
                                         projectFile: ".backup-tool.json")

    /// Whether the editor's Retention row comes to show `value` within 10 s (the file watcher's news).
    private func retention(in editor: PreferencesEditor.Harness, comesToRead value: Int) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !editor.screen.components(separatedBy: "\n").contains(where: { $0.hasPrefix("  Retention ") && $0.trimmingCharacters(in: .whitespaces).hasSuffix(" \(value)") }) {
            guard ContinuousClock.now < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    @Test func aCheckoutThatChangesTheFileIsSaidLiveAndTrustBringsItBack() throws {
        let root = TemporaryDirectory()
        let file = root.file("site/.backup-tool.json")
        try FileManager.default.createDirectory(atPath: root.file("site"), withIntermediateDirectories: true)
        try Data(#"{"retention": 30}"#.utf8).write(to: URL(fileURLWithPath: file))
        let trust = ProjectTrust(environment: ["XDG_STATE_HOME": root.file("state")])
        try trust.trust(path: file, digest: try #require(ProjectFile(path: file, schema: Self.schema, trust: trust, watchForChanges: false).digest))
        let project = ProjectFile(path: file, schema: Self.schema, trust: trust)
        let prefs = Preferences(store: InMemoryStore(), schema: Self.schema, site: nil, overrides: [:], project: project,
                                onWriteError: { _ in }, isView: false)
        let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 220, height: 24)
        #expect(retention(in: editor, comesToRead: 30), "\(editor.screen)")

        try Data(#"{"retention": 300}"#.utf8).write(to: URL(fileURLWithPath: file))   // a checkout

        #expect(retention(in: editor, comesToRead: 15), "\(editor.screen)")
        #expect(editor.statusLine.contains("changed since you trusted it, so ignored; run: prefs-tui trust"), "\(editor.statusLine)")
        let digest = try #require(ProjectFile(path: file, schema: Self.schema, trust: trust, watchForChanges: false).digest)
        try trust.trust(path: file, digest: digest)
        #expect(retention(in: editor, comesToRead: 300), "\(editor.screen)")
    }
}
