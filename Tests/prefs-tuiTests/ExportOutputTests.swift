import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// `export --output`: never the suite's own file, clear messages for paths that cannot be
/// written, and the same safe write as the suite itself.
@Suite("prefs-tui export --output")
struct ExportOutputTests {
    @Test func exportingOverTheSuiteFileItselfIsRefusedAndTheSuiteStays() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        let before = try #require(cli.plistBytes)
        try FileManager.default.createSymbolicLink(atPath: cli.directory.file("alias.plist"), withDestinationPath: cli.plistPath)

        try FileManager.default.linkItem(atPath: cli.plistPath, toPath: cli.directory.file("hard.plist"))

        for output in [cli.plistPath, cli.directory.file("alias.plist"), cli.directory.path + "/./\(cli.suite).plist",
                       cli.directory.file("hard.plist"), cli.plistPath + ".lock"] {
            let result = try cli.run("export", "--output", output)

            #expect(result.status == 64, "\(output): \(result)")
            #expect(result.error.contains(output) && result.error.contains(cli.plistPath), "\(result.error)")
            #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        }
        #expect(cli.plistBytes == before)
        #expect(cli.stored["city"] == .string("Bergen"))
    }

    @Test func exportingOverTheTargetOfASymlinkedSuiteIsRefused() throws {
        let cli = CommandLineFixture()
        let dotfiles = TemporaryDirectory()
        let target = dotfiles.file("weather.plist")
        try FileManager.default.createSymbolicLink(atPath: cli.plistPath, withDestinationPath: target)
        try cli.run("set", "city", "Bergen")
        let before = try Data(contentsOf: URL(fileURLWithPath: target))

        let result = try cli.run("export", "--output", target)

        #expect(result.status == 64, "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
    }

    @Test func anOutputThatIsAFolderOrInAMissingFolderSaysWhy() throws {
        let cli = CommandLineFixture()
        let missing = cli.directory.file("no-such-folder/backup.json")

        let folder = try cli.run("export", "--output", cli.directory.path)
        let inMissing = try cli.run("export", "--output", missing)

        #expect(folder.status == 74)
        #expect(folder.error == "prefs-tui: cannot write \(cli.directory.path.quotedForMessage): it is a folder, not a file\n")
        #expect(inMissing.status == 74)
        #expect(inMissing.error == "prefs-tui: cannot write \(missing.quotedForMessage): the folder \(cli.directory.file("no-such-folder")) does not exist\n")
    }

    @Test func theOutputIsWrittenWithoutFollowingALinkAtATemporaryNameAndKeepsAnExistingFilesMode() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")
        let output = cli.directory.file("backup.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: output))
        chmod(output, 0o640)
        // Foundation's atomic write used `<name>.tmp`-style names beside the file; plant links
        // where a predictable name would be, to a file that must stay as it is.
        let victim = cli.directory.file("victim")
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        for name in [".dat.nosync", ".tmp", "~"] {
            try? FileManager.default.createSymbolicLink(atPath: output + name, withDestinationPath: victim)
        }

        let result = try cli.run("export", "--output", output)

        #expect(result.status == 0, "\(result.error)")
        #expect(try JSONValue(parsing: String(contentsOfFile: output, encoding: .utf8)) == .object(["city": .string("Bergen")]))
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Data("victim".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int == 0o640)
    }

    @Test func anOutputThatIsADeviceIsWrittenInPlaceNotReplaced() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "city", "Bergen")

        let result = try cli.run("export", "--output", "/dev/stdout")

        #expect(result.status == 0, "\(result.error)")
        #expect(try JSONValue(parsing: result.output) == .object(["city": .string("Bergen")]))
        var info = stat()
        #expect(lstat("/dev/stdout", &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test(.disabled(if: Unprivileged.unavailableReason != nil, "\(Unprivileged.unavailableReason ?? "")"))
    func anOutputInAFolderWithoutWritePermissionSaysSo() throws {
        let cli = CommandLineFixture()
        let locked = cli.directory.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(cli.directory.path, 0o755)
        chmod(locked, geteuid() == 0 ? 0o755 : 0o555)
        let output = locked + "/backup.json"

        let child = Unprivileged.product("prefs-tui", arguments: ["export", "--output", output], configHome: cli.directory.path)
        try child.start()
        let result = child.finish()

        #expect(result.status == 74)
        #expect(result.error == "prefs-tui: cannot write \(output.quotedForMessage): cannot create a file in \(locked) (Permission denied)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
