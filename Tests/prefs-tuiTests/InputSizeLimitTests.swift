import Foundation
import PrefsTestSupport
import Testing

/// Import and schema files over 16 MB are refused before they are read.
@Suite("prefs-tui with import and schema files over the size limit")
struct InputSizeLimitTests {
    /// A sparse file of 17 MB: made at once, and reading it would take as long as a real one.
    private func sparseFile(named name: String, megabytes: Int, in cli: CommandLineFixture) throws -> String {
        let path = cli.directory.file(name)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(megabytes) << 20)
        try handle.close()
        return path
    }

    @Test func anImportFileOverTheLimitIsRefusedNamingFileSizeAndLimit() throws {
        let cli = CommandLineFixture()
        let file = try sparseFile(named: "huge.json", megabytes: 17, in: cli)

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error == "prefs-tui: cannot read \"\(file)\": it is 17.0 MB (17825792 bytes), over the limit of 16 MB (16777216 bytes) for an import file\n")
        #expect(cli.plistBytes == nil)
    }

    @Test func aSchemaFileOverTheLimitIsRefusedNamingFileSizeAndLimit() throws {
        let cli = CommandLineFixture()
        let file = try sparseFile(named: "huge.schema.json", megabytes: 17, in: cli)

        let result = try cli.run("list", "--schema", file)

        #expect(result.status == 65)
        #expect(result.error == "prefs-tui: cannot read schema \"\(file)\": it is 17.0 MB (17825792 bytes), over the limit of 16 MB (16777216 bytes) for a schema file\n")
    }

    @Test func aFileAtTheLimitIsRead() throws {
        let cli = CommandLineFixture()
        let file = try cli.write(#"{"city": "Bergen"}"# + String(repeating: " ", count: (16 << 20) - 18), to: "padded.json")

        let result = try cli.run("import", file)

        #expect(result.status == 0, "\(result.error)")
        #expect(cli.stored["city"] == .string("Bergen"))
    }

    @Test func aStreamOverTheLimitIsCutOffWhileReading() throws {
        let cli = CommandLineFixture()

        // A pipe has no size to look at first: the reader stops at the limit.
        let result = try ChildProcess.run(executablePath: "/bin/bash", arguments: [
            "-c", #"head -c 17000000 /dev/zero | "$0" import /dev/stdin"#, CommandLineFixture.binary,
        ], configHome: cli.directory.path)

        #expect(result.status == 65)
        #expect(result.error == "prefs-tui: cannot read \"/dev/stdin\": it is over the limit of 16 MB (16777216 bytes) for an import file\n")
    }
}
