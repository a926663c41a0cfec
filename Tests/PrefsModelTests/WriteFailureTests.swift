import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Writes that fail part-way and writers that die leave the suite whole and nothing behind.
@Suite("Failed and killed writes")
struct WriteFailureTests {
    private let directory = TemporaryDirectory()
    private var suitePath: String { directory.file("victim.plist") }

    private func seedSuite() throws -> Data {
        try SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false)
            .commit(["city": .string("Oslo"), "units": .string("metric")])
        return try Data(contentsOf: URL(fileURLWithPath: suitePath))
    }

    private func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
    }

    private func parsedSuite() throws -> [String: PlistValue]? {
        let root = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: suitePath)), options: [], format: nil)
        guard case .dictionary(let values)? = PlistValue(foundationObject: root) else { return nil }
        return values
    }

    @Test func storedTextXMLCannotCarryBlocksOtherKeysWritesNamingEveryBlockingKey() throws {
        // A binary plist, as another program may write it: it can hold an escape character.
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["city": "a\u{1B}b", "note": ["x\u{2}"], "ok": "x"], format: .binary, options: 0)
        try binary.write(to: URL(fileURLWithPath: suitePath))
        let store = SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false)

        #expect(throws: PreferenceError.unwritableStoredValues(blocking: [
            "city": "text an XML property list cannot carry (U+001B)", "note": "text an XML property list cannot carry (U+0002)",
        ], changing: [])) {
            try store.commit(["ok": .string("y")])
        }
        #expect(throws: PreferenceError.unwritableStoredValues(blocking: [
            "note": "text an XML property list cannot carry (U+0002)",
        ], changing: ["city"])) {
            try store.commit(["city": nil])
        }
        #expect(throws: PreferenceError.invalidValue(
            key: "ok", value: "\\u{001B}", allowed: "text without control characters other than tab, line feed and carriage return, "
                + "without U+FFFE or U+FFFF, and not starting with U+FEFF (an XML property list cannot carry U+001B)")) {
            try store.commit(["ok": .string("\u{1B}"), "city": nil])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: suitePath)) == binary)

        try store.commit(["city": nil, "note": .array([])])

        #expect(try parsedSuite() == ["note": .array([]), "ok": .string("x")])
    }

    @Test func aWriteOverTheFileSizeLimitFailsNamingThePathAndChangesNothing() throws {
        let before = try seedSuite()

        let result = try HelperProcess.run(["write-under-size-limit", "victim", "city", "200000", "16384"], configHome: directory.path)

        #expect(result.status == 1)
        #expect(result.error.contains("cannot write \(suitePath): File too large; nothing was saved"), "\(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: suitePath)) == before)
        #expect(try temporaryFiles().isEmpty)
    }

    @Test func aWriteUnderTheLimitStillSucceeds() throws {
        _ = try seedSuite()

        let result = try HelperProcess.run(["write-under-size-limit", "victim", "city", "100", "16384"], configHome: directory.path)

        #expect(result.output == "written\n", "\(result.error)")
    }

    @Test func aWriterKilledMidWriteLeavesAWholeSuiteAndNoLockThatBlocks() async throws {
        _ = try seedSuite()
        let writer = HelperProcess.make(["write-forever", "victim"], configHome: directory.path)
        try writer.start()
        #expect(await eventually { writer.outputSoFar.contains("writing") })

        writer.stop(signal: SIGKILL)

        let values = try #require(try parsedSuite(), "the suite is a whole plist")
        #expect(values["city"] == .string("Oslo"))
        #expect(try temporaryFiles().count <= 1)
        let next = SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false)
        try next.commit(["city": .string("Bergen")])
        #expect(try parsedSuite()?["city"] == .string("Bergen"))
        #expect(try temporaryFiles().isEmpty)
    }

    /// A pid no process has: a child that ran and was reaped.
    private func deadPid() throws -> pid_t {
        let child = ChildProcess(executablePath: "/bin/true", arguments: [], configHome: directory.path)
        try child.start()
        _ = child.finish()
        return child.processIdentifier
    }

    @Test func temporaryFilesLeftByDeadWritersAreRemovedByTheNextWrite() throws {
        _ = try seedSuite()
        for leftover in ["victim.plist.tmp-\(try deadPid())-k3v9q0z7m1ab", "victim.plist.tmp-\(try deadPid())"] {
            try Data("<?xml half".utf8).write(to: URL(fileURLWithPath: directory.file(leftover)))
        }
        try Data("another suite's".utf8).write(to: URL(fileURLWithPath: directory.file("other.plist.tmp-5")))

        try SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false).commit(["city": .string("Bodø")])

        #expect(try temporaryFiles() == ["other.plist.tmp-5"])
    }

    /// Only a crash leaves such files, so a store looks for them once, not at every write.
    @Test func aStoreLooksForDeadWritersFilesOnItsFirstWriteOnly() throws {
        _ = try seedSuite()
        let store = SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false)
        try store.commit(["city": .string("Bodø")])
        let leftover = "victim.plist.tmp-\(try deadPid())-k3v9q0z7m1ab"
        try Data("<?xml half".utf8).write(to: URL(fileURLWithPath: directory.file(leftover)))

        try store.commit(["city": .string("Tromsø")])
        let afterSecondWrite = try temporaryFiles()
        try SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false).commit(["city": .string("Hamar")])

        #expect(afterSecondWrite == [leftover])
        #expect(try temporaryFiles().isEmpty)
    }
}
