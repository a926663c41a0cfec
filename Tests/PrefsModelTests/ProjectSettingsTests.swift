import Foundation
@testable import PrefsModel
import PrefsTestSupport
import Testing

/// A project's settings file (issue 54): found upward from a folder, read only once trusted
/// as it is, refused when it is not safely the person's own, above the user's file and below
/// locks, and never for a secret or a setting of the user's scope.
@Suite("Project settings")
struct ProjectSettingsTests {
    static let retention = PreferenceKey<Int>("retention", default: 15, rule: .range(1...365))
    static let folder = PreferenceKey<String>("folder", default: "~/Backups", scope: .user)
    static let token = PreferenceKey<String>("token", default: "", isSecret: true)
    static let schema = PreferenceSchema(title: "Backup", suiteName: "org.example.backup", keys: [retention, folder, token],
                                         projectFile: ".backup-tool.json")

    /// A home with a project in it, a user's suite, and a trust record of its own.
    struct Fixture {
        let root = TemporaryDirectory()
        var home: String { root.file("home") }
        var project: String { root.file("home/site") }
        var projectFile: String { root.file("home/site/.backup-tool.json") }
        let store = InMemoryStore()
        var trust: ProjectTrust { ProjectTrust(environment: ["XDG_STATE_HOME": root.file("state")]) }

        init() throws {
            try FileManager.default.createDirectory(atPath: root.file("home/site/docs"), withIntermediateDirectories: true)
        }

        func writeProject(_ json: String) throws {
            try Data(json.utf8).write(to: URL(fileURLWithPath: projectFile))
        }

        func trustProject() throws {
            let digest = try #require(ProjectFile(path: projectFile, schema: ProjectSettingsTests.schema, trust: trust, watchForChanges: false).digest)
            try trust.trust(path: projectFile, digest: digest)
        }

        func prefs(from folder: String? = nil, watching: Bool = false) -> Preferences {
            let found = ProjectLocation.search(from: folder ?? root.file("home/site/docs")).path(for: ".backup-tool.json", home: home)
            let file = found.map { ProjectFile(path: $0, schema: ProjectSettingsTests.schema, trust: trust, watchForChanges: watching) }
            return Preferences(store: store, schema: ProjectSettingsTests.schema, site: nil, overrides: [:], project: file,
                               onWriteError: { _ in }, isView: false)
        }
    }

    @Test func aTrustedProjectFileWinsOverTheUsersFileInsideTheProjectOnly() throws {
        let fixture = try Fixture()
        try fixture.store.commit(["retention": .int(20)])
        try fixture.writeProject(#"{"retention": 30}"#)
        try fixture.trustProject()

        let inside = fixture.prefs()
        let outside = fixture.prefs(from: fixture.home)

        #expect(inside[Self.retention] == 30)
        #expect(inside.source(of: Self.retention) == .project(path: fixture.projectFile))
        let layers = inside.explanation(of: Self.retention)
        #expect(layers.map(\.source.kind) == ["project", "user", "default"])
        #expect(layers.first?.wins == true)
        #expect(outside[Self.retention] == 20)
        #expect(outside.projectLayer == nil)
    }

    @Test func anUntrustedFileChangesNothingAndSaysTheCommand() throws {
        let fixture = try Fixture()
        try fixture.writeProject(#"{"retention": 30}"#)

        let prefs = fixture.prefs()

        #expect(prefs[Self.retention] == 15)
        let layer = try #require(prefs.projectLayer)
        #expect(!layer.isTrusted)
        #expect(layer.trustCommand == "prefs-tui trust \(fixture.projectFile)")
        #expect(layer.description.contains("not trusted"))
    }

    @Test func aFileEditedAfterItWasTrustedIsIgnoredAgain() throws {
        let fixture = try Fixture()
        try fixture.writeProject(#"{"retention": 30}"#)
        try fixture.trustProject()
        #expect(fixture.prefs()[Self.retention] == 30)

        try fixture.writeProject(#"{"retention": 31}"#)

        let prefs = fixture.prefs()
        #expect(prefs[Self.retention] == 15)
        #expect(prefs.projectLayer?.problem?.contains("changed since you trusted it") == true)
    }

    @Test func aSecretAndAUserScopedSettingAreNeverReadFromAProject() throws {
        let fixture = try Fixture()
        try fixture.writeProject(#"{"folder": "/mnt/theirs", "token": "stolen"}"#)
        try fixture.trustProject()

        let prefs = fixture.prefs()

        #expect(prefs[Self.folder] == "~/Backups")
        #expect(prefs[Self.token] == "")
        let folderLayer = try #require(prefs.explanation(of: Self.folder).first { $0.source.kind == "project" })
        #expect(folderLayer.problem == SettingWords.userScopeNotFromProject)
        let tokenLayer = try #require(prefs.explanation(of: Self.token).first { $0.source.kind == "project" })
        #expect(tokenLayer.problem == SettingWords.secretNotFromProject)
        #expect(!String(describing: tokenLayer).contains("stolen"))
        #expect(prefs.diagnostics().contains { $0.key == "folder" && $0.description.contains("project file") })
    }

    @Test func aFileInAFolderOthersCanWriteIsRefusedEvenWhenTrusted() throws {
        let fixture = try Fixture()
        try fixture.writeProject(#"{"retention": 30}"#)
        try fixture.trustProject()
        chmod(fixture.project, 0o777)
        defer { chmod(fixture.project, 0o755) }

        let prefs = fixture.prefs()

        #expect(prefs[Self.retention] == 15)
        #expect(prefs.projectLayer?.problem?.contains("a folder others can write") == true)
    }

    @Test func aSymbolicLinkIsRefusedEvenWhenItsTargetIsTrusted() throws {
        let fixture = try Fixture()
        let elsewhere = fixture.root.file("elsewhere.json")
        try Data(#"{"retention": 30}"#.utf8).write(to: URL(fileURLWithPath: elsewhere))
        symlink(elsewhere, fixture.projectFile)
        let digest = SHA256.hex(of: Array(#"{"retention": 30}"#.utf8))
        try fixture.trust.trust(path: fixture.projectFile, digest: digest)

        let prefs = fixture.prefs()

        #expect(prefs[Self.retention] == 15)
        #expect(prefs.projectLayer?.problem?.contains("symbolic link") == true)
    }

    @Test func aLockStillWinsOverTheProject() throws {
        let fixture = try Fixture()
        let site = fixture.root.file("site")
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try SuiteStore(suiteName: Self.schema.suiteName, directory: site, watchForChanges: false).commit(["retention": .int(90)])
        try Data("retention\n".utf8).write(to: URL(fileURLWithPath: site + "/\(Self.schema.suiteName).locks"))
        try fixture.writeProject(#"{"retention": 30}"#)
        try fixture.trustProject()
        let file = ProjectFile(path: fixture.projectFile, schema: Self.schema, trust: fixture.trust, watchForChanges: false)

        let prefs = Preferences(store: fixture.store, schema: Self.schema,
                                site: SiteDefaults(suiteName: Self.schema.suiteName, folders: [site], watchForChanges: false),
                                overrides: [:], project: file, onWriteError: { _ in }, isView: false)

        #expect(prefs[Self.retention] == 90)
        #expect(prefs.isLocked(Self.retention))
    }

    @Test func theSearchStopsBelowTheHomeFolder() throws {
        let fixture = try Fixture()
        try Data(#"{"retention": 30}"#.utf8).write(to: URL(fileURLWithPath: fixture.home + "/.backup-tool.json"))

        let found = ProjectLocation.search(from: fixture.root.file("home/site/docs")).path(for: ".backup-tool.json", home: fixture.home)

        #expect(found == nil)
    }

    @Test func aTrustedChangeReachesAnObserverOfTheKey() async throws {
        let fixture = try Fixture()
        try fixture.writeProject(#"{"retention": 30}"#)
        try fixture.trustProject()
        let prefs = fixture.prefs(watching: true)
        let seen = Locked<[Int]>([])
        let token = prefs.observe(Self.retention) { change in seen.withLock { $0.append(change.newValue) } }
        defer { token.cancel() }

        try fixture.writeProject(#"{"retention": 45}"#)
        try fixture.trustProject()

        #expect(await eventually(within: .seconds(10)) { seen.withLock { $0.last == 45 } }, "\(seen.withLock { $0 })")
        #expect(prefs[Self.retention] == 45)
    }

    @Test func theDigestIsSHA256() {
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: [UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(of: long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func aSchemaFileCarriesTheProjectFileAndTheScope() throws {
        let read = try PreferenceSchema(jsonText: Self.schema.jsonValue.prettyText)

        #expect(read.projectFile == ".backup-tool.json")
        #expect(read.key(named: "folder")?.scope == .user)
        #expect(read.key(named: "retention")?.scope == .project)
        #expect(throws: PreferenceError.self) {
            try PreferenceSchema(jsonText: #"{"suite": "s", "projectFile": "../x.json", "sections": []}"#)
        }
    }
}
