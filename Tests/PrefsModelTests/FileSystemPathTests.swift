import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A path setting (issue 30): stored as the plain path other programs read, `~` expanded when
/// typed, and rules for an absolute path, a folder and an existing folder.
@Suite("Path settings")
struct FileSystemPathTests {
    @Test func aTypedPathExpandsTheHomeFolderAndIsStoredAsPlainText() throws {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()

        #expect(try FileSystemPath(parsing: "~/Pictures/export").string == home + "/Pictures/export")
        #expect(try FileSystemPath(parsing: "~").string == home)
        #expect(try FileSystemPath(parsing: "/srv/data").storedValue == .string("/srv/data"))
        #expect(FileSystemPath(storedValue: .string("/srv/data"))?.formatted == "/srv/data")
        #expect(FileSystemPath(storedValue: .string("")) == nil)
    }

    /// `~user` as a shell expands it (issue 38, item 9): kept as written, `~root/x` was stored
    /// as a relative path.
    @Test func anotherUsersHomeIsTheUserDatabasesAndAnUnknownUserIsRefused() throws {
        let rootHome = try #require(UserDatabase.homeFolder(of: "root"), "this system has no root user")

        #expect(try FileSystemPath(parsing: "~root/x").string == rootHome + "/x")
        #expect(try FileSystemPath(parsing: "~root").string == rootHome)
        #expect(throws: PreferenceError.invalidValue(
            key: nil, value: "~no-such-user-here/x",
            allowed: #"a path such as /srv/data, ~/Pictures or ~ada/Pictures (not empty, no control characters); there is no user "no-such-user-here" on this system"#)) {
            try FileSystemPath(parsing: "~no-such-user-here/x")
        }
    }

    /// A folder rule tells "nothing there yet" from "no folder can ever be there" (issue 38,
    /// item 10): every failed look was taken for the first.
    @Test func aPathThatCanNeverBeAFolderIsRefusedSayingWhy() throws {
        let folder = TemporaryDirectory()
        let file = folder.file("a.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop"), withDestinationPath: folder.file("loop"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling"), withDestinationPath: folder.file("gone"))
        let longName = folder.file(String(repeating: "n", count: 300))
        func refusal(_ path: String) -> String? { PreferenceRule<FileSystemPath>.folder.refusalText(for: FileSystemPath(path)) }
        let allowed = "an absolute path (starting with / or ~) that is a folder or does not exist yet"

        #expect(refusal(folder.file("loop")) == allowed + " (\(folder.file("loop").quotedForMessage) leads through a loop of symbolic links)")
        #expect(refusal(folder.file("loop/below")) == allowed + " (\(folder.file("loop/below").quotedForMessage) leads through a loop of symbolic links)")
        #expect(refusal(folder.file("dangling")) == allowed + " (\(folder.file("dangling").quotedForMessage) is a symbolic link to nothing)")
        #expect(refusal(folder.file("dangling/below")) == allowed + " (\(folder.file("dangling").quotedForMessage) is a symbolic link to nothing)")
        #expect(refusal(folder.file("a.txt/below/deeper")) == allowed + " (\(file.quotedForMessage) is not a folder)")
        #expect(refusal(longName) == allowed + " (the path or one of its names is too long for the file system)")
        #expect(refusal(folder.file("not-yet/deeper")) == nil)
        #expect(refusal(file + "/") == allowed + " (\(file.quotedForMessage) is not a folder)")          // a trailing slash changes nothing
        #expect(refusal(folder.file("dangling") + "/") == allowed + " (\(folder.file("dangling").quotedForMessage) is a symbolic link to nothing)")
        #expect(PreferenceRule<FileSystemPath>.existingFolder.refusalText(for: FileSystemPath(folder.file("not-yet")))
            == "the absolute path (starting with / or ~) of an existing folder (\(folder.file("not-yet").quotedForMessage) does not exist)")
    }

    /// A path Foundation's own path functions trap on (found by the json fuzz target).
    @Test func aPathOfDoubledSlashesAndAReplacementCharacterIsCheckedWithoutAStop() {
        let path = String(decoding: [0x2F, 0x2F, 0x91], as: UTF8.self)

        #expect(PreferenceRule<FileSystemPath>.folder.allows(FileSystemPath(path)))
        #expect(FolderPossibility.parent(of: "//a//b//") == "//a")
        #expect(FolderPossibility.parent(of: "/a") == "/")
        #expect(FolderPossibility.parent(of: "/") == nil)
    }

    @Test func aSchemaFilesFolderRuleSaysWhyToo() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop"), withDestinationPath: folder.file("loop"))
        let schema = try PreferenceSchema(jsonText: #"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "out", "type": "path", "default": "/tmp", "rule": {"path": "folder"}}]}]}"#)
        let prefs = Preferences(store: InMemoryStore(), schema: schema)

        #expect(throws: PreferenceError.invalidValue(
            key: "out", value: folder.file("loop"),
            allowed: "an absolute path (starting with / or ~) that is a folder or does not exist yet (\(folder.file("loop").quotedForMessage) leads through a loop of symbolic links)")) {
            try prefs.set(text: [folder.file("loop")], for: schema.key(named: "out")!)
        }
    }

    @Test func anEmptyPathOrOneWithControlCharactersIsRefused() {
        for text in ["", "   ", "/tmp/a\nb", "/tmp/\u{0}"] {
            #expect(throws: PreferenceError.self, "\(text.debugDescription)") { try FileSystemPath(parsing: text) }
        }
    }

    @Test func theRulesLookAtThePathAndTheFileSystem() throws {
        let folder = TemporaryDirectory()
        let file = folder.file("a.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))

        #expect(PreferenceRule<FileSystemPath>.absolutePath.allows(FileSystemPath("/nowhere")))
        #expect(!PreferenceRule<FileSystemPath>.absolutePath.allows(FileSystemPath("relative/path")))
        #expect(PreferenceRule<FileSystemPath>.folder.allows(FileSystemPath(folder.path)))
        #expect(PreferenceRule<FileSystemPath>.folder.allows(FileSystemPath(folder.file("not-yet"))))
        #expect(!PreferenceRule<FileSystemPath>.folder.allows(FileSystemPath(file)))
        #expect(PreferenceRule<FileSystemPath>.existingFolder.allows(FileSystemPath(folder.path)))
        #expect(!PreferenceRule<FileSystemPath>.existingFolder.allows(FileSystemPath(folder.file("not-yet"))))
    }

    @Test func aKeyOfAPathReadsAndWritesThroughPreferences() throws {
        let folder = TemporaryDirectory()
        let output = PreferenceKey<FileSystemPath>("outputFolder", default: "/srv/export", rule: .folder, title: "Output folder")
        let prefs = Preferences(store: InMemoryStore(), schema: PreferenceSchema(title: "Exporter", suiteName: "x", keys: [output]))
        let file = folder.file("a.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))

        try prefs.set(FileSystemPath(folder.path), for: output)

        #expect(prefs.store.storedValue(forKey: "outputFolder") == .string(folder.path))
        #expect(throws: PreferenceError.self) { try prefs.set(FileSystemPath(file), for: output) }
        #expect(PreferenceType(name: "path") == .path && PreferenceType(name: "[path]") == .array(.path))
    }
}
