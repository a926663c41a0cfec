import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// Crafted suite, import and schema files, as a hostile review found them: each is refused with
/// a message naming the file and what is wrong, the file is kept, and nothing crashes.
@Suite("prefs-tui with crafted suite, import and schema files")
struct CraftedFileTests {
    private static let setObject = BinaryPlistBytes.suite(key: "tags") { plist in
        let member = plist.add(BinaryPlistBytes.ascii("a"))
        return plist.add([0xC1] + plist.ref(member))
    }

    private static func sixteenByteInteger(high: UInt64, low: UInt64) -> Data {
        BinaryPlistBytes.suite(key: "launchCount") { plist in
            plist.add([0x14] + BinaryPlistBytes.bigEndian(high, size: 8) + BinaryPlistBytes.bigEndian(low, size: 8))
        }
    }

    private func corruptCopies(_ cli: CommandLineFixture) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.contains(".corrupt-") }
    }

    @Test(arguments: [["list"], ["get", "city"], ["export"]])
    func aBinarySuiteHoldingASetIsRefusedNotCrashedOn(arguments: [String]) throws {
        let cli = CommandLineFixture()
        try Self.setObject.write(to: URL(fileURLWithPath: cli.plistPath))

        let result = try cli.run(arguments)

        #expect(result.status == 0, "status \(result.status): \(result.error)")
        #expect(result.error.contains("holds a set, which a suite cannot hold"), "\(result.error)")
        #expect(cli.plistBytes == Self.setObject)
    }

    @Test func importingABinaryPlistHoldingASetIsRefusedNamingTheFile() throws {
        let cli = CommandLineFixture()
        let file = cli.directory.file("crafted.plist")
        try Self.setObject.write(to: URL(fileURLWithPath: file))

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error == "prefs-tui: \(file): nothing imported: the file is a binary property list whose object 3 holds a set, which a suite cannot hold (only arrays and dictionaries)\n")
        #expect(!FileManager.default.fileExists(atPath: cli.plistPath))
    }

    @Test func aSixteenByteNegativeIntegerIsReadExactlyAndSurvivesAWriteOfAnotherKey() throws {
        let cli = CommandLineFixture()
        try Self.sixteenByteInteger(high: UInt64.max, low: UInt64(bitPattern: -5)).write(to: URL(fileURLWithPath: cli.plistPath))

        let set = try cli.run("set", "city", "Bergen")

        #expect(set.status == 0 && set.error.isEmpty, "\(set.error)")
        #expect(cli.stored == ["launchCount": .int(-5), "city": .string("Bergen")])
        #expect(String(decoding: cli.plistBytes ?? Data(), as: UTF8.self).contains("<integer>-5</integer>"))
    }

    @Test func anIntegerBeyondSixtyFourBitsIsRefusedAndAWriteKeepsTheOriginalBytes() throws {
        let cli = CommandLineFixture()
        let twoToThe100 = Self.sixteenByteInteger(high: 1 << 36, low: 0)
        try twoToThe100.write(to: URL(fileURLWithPath: cli.plistPath))

        let list = try cli.run("list")
        let set = try cli.run("set", "city", "Bergen")

        #expect(list.error.contains("holds an integer beyond 64 bits, which a suite cannot hold exactly"), "\(list.error)")
        #expect(set.status == 0)
        let copies = try corruptCopies(cli)
        #expect(copies.count == 1)
        #expect(FileManager.default.contents(atPath: cli.directory.file(copies.first ?? "")) == twoToThe100)
    }

    @Test func importingJSONThatIsNotUTF8IsRefusedWithLineAndColumn() throws {
        let cli = CommandLineFixture()
        let file = cli.directory.file("latin1.json")
        try Data("{\n  \"city\": \"Troms".utf8 + [0xF8] + "\"\n}".utf8).write(to: URL(fileURLWithPath: file))

        let result = try cli.run("import", file)

        #expect(result.status == 65)
        #expect(result.error == "prefs-tui: \(file): neither a property list nor JSON (line 2, column 17: the text is not valid UTF-8 (bytes 0xF8))\n")
        #expect(!FileManager.default.fileExists(atPath: cli.plistPath))
    }

    @Test func aSchemaThatIsNotUTF8IsRefusedWithLineAndColumn() throws {
        let cli = CommandLineFixture()
        let file = cli.directory.file("latin1.schema.json")
        try Data("{\"suite\": \"com.acme.x\", \"settings\": [{\"key\": \"a\", \"type\": \"string\", \"default\": \"".utf8
            + [0xE9, 0x74, 0xE9] + "\"}]}".utf8).write(to: URL(fileURLWithPath: file))

        let result = try cli.run("list", "--schema", file)

        #expect(result.status == 65)
        #expect(result.error.contains("schema \(file): "), "\(result.error)")
        #expect(result.error.contains("line 1, column 81"), "\(result.error)")
        #expect(result.error.contains("not valid UTF-8 (bytes 0xE9)"), "\(result.error)")
    }
}

extension CraftedFileTests {
    @Test func aDateThatDoesNotExistIsShownAsFoundationReadsItAndKeptByteForByte() throws {
        let cli = CommandLineFixture()
        _ = try cli.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>lastRefresh</key>
            \t<date>2024-02-30T12:00:00Z</date>
            </dict>
            </plist>

            """, to: "\(cli.suite).plist")

        let get = try cli.run("get", "lastRefresh")
        let set = try cli.run("set", "city", "Bergen")

        #expect(get.output == "2024-03-01T12:00:00Z\n", "\(get.output) \(get.error)")
        #expect(set.status == 0, "\(set.error)")
        let text = String(decoding: cli.plistBytes ?? Data(), as: UTF8.self)
        #expect(text.contains("<key>lastRefresh</key>\n\t<date>2024-02-30T12:00:00Z</date>\n"), "\(text)")
        #expect(text.contains("<string>Bergen</string>"))
    }
}
