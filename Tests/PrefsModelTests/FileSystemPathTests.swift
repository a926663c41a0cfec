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
        #expect(try FileSystemPath(parsing: "~ada/x").string == "~ada/x")          // another user's home is not guessed
        #expect(FileSystemPath(storedValue: .string("/srv/data"))?.formatted == "/srv/data")
        #expect(FileSystemPath(storedValue: .string("")) == nil)
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
