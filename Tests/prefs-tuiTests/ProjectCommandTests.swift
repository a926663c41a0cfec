import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Project settings as the commands meet them (issue 54): `get` inside and outside the project,
/// `get --explain`'s layers, `trust` and `untrust`, and `set --project` writing what `export`
/// writes.
@Suite("Project settings: commands")
struct ProjectCommandTests {
    static let schema = #"""
        {"title": "Backup", "suite": "org.example.backup", "projectFile": ".backup-tool.json", "sections": [{"name": "General", "settings": [
          {"key": "retention", "type": "int", "default": 15, "rule": {"min": 1, "max": 365}},
          {"key": "compress", "type": "bool", "default": false},
          {"key": "folder", "type": "string", "default": "~/Backups", "scope": "user"},
          {"key": "token", "type": "string", "default": "", "secret": true}]}]}
        """#

    /// A suite with the schema above, a home with a project folder, and commands run in a folder.
    struct Fixture {
        let cli = CommandLineFixture()
        let schemaPath: String
        var home: String { cli.directory.file("home") }
        var project: String { cli.directory.file("home/site") }
        var projectFile: String { cli.directory.file("home/site/.backup-tool.json") }

        init() throws {
            schemaPath = try cli.write(ProjectCommandTests.schema, to: "backup.json")
            try FileManager.default.createDirectory(atPath: cli.directory.file("home/site/docs"), withIntermediateDirectories: true)
        }

        /// `prefs-tui ARGUMENTS --schema …` run in `folder`, with this fixture's home.
        @discardableResult
        func run(in folder: String, _ arguments: String...) throws -> ChildProcess.Result {
            try ChildProcess.run(executablePath: "/usr/bin/env", arguments: ["-C", folder, CommandLineFixture.binary] + arguments + ["--schema", schemaPath],
                                 configHome: cli.directory.path, environment: ["HOME": home])
        }

        func writeProject(_ json: String) throws {
            try Data(json.utf8).write(to: URL(fileURLWithPath: projectFile))
        }
    }

    @Test func insideTheProjectGetAnswersTheProjectsValueAndExplainShowsBothLayers() throws {
        let fixture = try Fixture()
        try fixture.run(in: fixture.home, "set", "retention", "20")
        try fixture.writeProject(#"{"retention": 30}"#)
        #expect(try fixture.run(in: fixture.project, "trust").status == 0)

        let inside = try fixture.run(in: fixture.cli.directory.file("home/site/docs"), "get", "retention")
        let explained = try fixture.run(in: fixture.project, "get", "retention", "--explain")
        let parent = try fixture.run(in: fixture.home, "get", "retention")
        let listed = try fixture.run(in: fixture.project, "list")

        #expect(inside.trimmedOutput == "30", "\(inside.error)")
        #expect(explained.output.contains("→ project   \(fixture.projectFile): 30"), "\(explained.output)")
        #expect(explained.output.contains("  user      \(fixture.cli.directory.file("org.example.backup.plist")): 20"), "\(explained.output)")
        #expect(parent.trimmedOutput == "20")
        #expect(listed.lines.contains { $0.hasPrefix("retention") && $0.contains(" project ") }, "\(listed.output)")
    }

    /// A typo in a file a person edits by hand is said, naming the nearest setting; the
    /// settings spelled right still apply, and a reference for editors is no typo.
    @Test func aNameInTheFileThatIsNoSettingIsSaidWithTheNearestOne() throws {
        let fixture = try Fixture()
        try fixture.writeProject(#"{"$schema": "./backup.schema.json", "retension": 30, "compress": true}"#)
        #expect(try fixture.run(in: fixture.project, "trust").status == 0)

        let get = try fixture.run(in: fixture.project, "get", "compress")

        #expect(get.trimmedOutput == "true", "\(get.error)")
        #expect(get.error == "prefs-tui: warning: project file \(fixture.projectFile): \"retension\" is no setting of org.example.backup, so ignored; "
                + "did you mean retention?\n", "\(get.error)")
    }

    @Test func anUntrustedFileChangesNothingAndPrintsTheCommandUntilTrusted() throws {
        let fixture = try Fixture()
        try fixture.writeProject(#"{"retention": 30}"#)

        let untrusted = try fixture.run(in: fixture.project, "get", "retention")
        #expect(untrusted.trimmedOutput == "15")
        #expect(untrusted.error.contains("not trusted, so ignored; run: prefs-tui trust \(fixture.projectFile)"), "\(untrusted.error)")

        #expect(try fixture.run(in: fixture.project, "trust", fixture.projectFile).status == 0)
        #expect(try fixture.run(in: fixture.project, "get", "retention").trimmedOutput == "30")

        try fixture.writeProject(#"{"retention": 31}"#)
        let changed = try fixture.run(in: fixture.project, "get", "retention")
        #expect(changed.trimmedOutput == "15")
        #expect(changed.error.contains("changed since you trusted it"), "\(changed.error)")
        #expect(try fixture.run(in: fixture.project, "trust", "--list").output.contains("changed  \(fixture.projectFile)"))

        #expect(try fixture.run(in: fixture.project, "trust").status == 0)
        #expect(try fixture.run(in: fixture.project, "untrust").status == 0)
        #expect(try fixture.run(in: fixture.project, "get", "retention").trimmedOutput == "15")
    }

    @Test func aSecretOrAUserScopedKeyInAProjectIsIgnoredWithItsReason() throws {
        let fixture = try Fixture()
        try fixture.writeProject(#"{"folder": "/mnt/theirs", "token": "stolen"}"#)
        try fixture.run(in: fixture.project, "trust")

        let folder = try fixture.run(in: fixture.project, "get", "folder")
        let token = try fixture.run(in: fixture.project, "get", "token", "--explain")

        #expect(folder.trimmedOutput == "~/Backups")
        #expect(folder.error.contains("scope user"), "\(folder.error)")
        #expect(token.output.contains("a secret is never read from a project file"), "\(token.output)")
        #expect(!token.output.contains("stolen") && !token.error.contains("stolen"))
        let refused = try fixture.run(in: fixture.project, "set", "--project", "token", "x")
        #expect(refused.status == 64)
        #expect(refused.error.contains("token: a secret is never read from a project file"), "\(refused.error)")
    }

    @Test func setProjectWritesWhatExportWritesAndTrustsIt() throws {
        let fixture = try Fixture()

        #expect(try fixture.run(in: fixture.project, "set", "--project", "retention", "30").status == 0)
        #expect(try fixture.run(in: fixture.project, "set", "compress", "true", "--project").status == 0)
        let written = try #require(FileManager.default.contents(atPath: fixture.projectFile))
        try fixture.run(in: fixture.home, "set", "retention", "30")
        try fixture.run(in: fixture.home, "set", "compress", "true")
        let exported = try fixture.run(in: fixture.home, "export")

        #expect(String(decoding: written, as: UTF8.self) == exported.output)
        #expect(try fixture.run(in: fixture.project, "get", "retention", "--explain").output.contains("→ project"))
        #expect(try fixture.run(in: fixture.project, "reset", "--project", "retention").status == 0)
        #expect(try fixture.run(in: fixture.project, "get", "compress").trimmedOutput == "true")
        #expect(try fixture.run(in: fixture.project, "get", "retention", "--explain").output.contains("→ user"))
    }

    @Test func aFileOwnedByAnotherUserIsRefusedEvenWhenTrusted() throws {
        guard geteuid() == 0 else { return }  // only root can give a file away
        let fixture = try Fixture()
        try fixture.writeProject(#"{"retention": 30}"#)
        try fixture.run(in: fixture.project, "trust")
        chown(fixture.projectFile, 65534, 65534)

        let result = try fixture.run(in: fixture.project, "get", "retention")

        #expect(result.trimmedOutput == "15")
        #expect(result.error.contains("owned by another user (uid 65534)"), "\(result.error)")
    }
}
