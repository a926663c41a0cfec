import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// A suite file nested a hundred thousand levels deep, as a hostile review crafted it: every
    /// command refuses it past 512 levels, naming the file and the depth, keeps its bytes, and
    /// `reset --all` starts again beside a preserved copy. In the hostile suite: 8 s of the
    /// quick suite's 60 on two cores.
    @Suite("A suite nested a hundred thousand levels deep")
    struct DeepNestingTests {
        private static let suite = "com.example.weather"
        private static let deepXML: Data = {
            let depth = 100_000
            return Data((#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>city</key>"#
                + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</dict></plist>").utf8)
        }()

        /// A config folder holding the deep suite.
        private func folderWithTheDeepSuite() throws -> TemporaryDirectory {
            let folder = TemporaryDirectory()
            try Self.deepXML.write(to: URL(fileURLWithPath: folder.file("\(Self.suite).plist")))
            return folder
        }

        private func run(_ arguments: [String], in folder: TemporaryDirectory) throws -> ChildProcess.Result {
            try ChildProcess.run(product: "prefs-tui", arguments: arguments, configHome: folder.path)
        }

        private func corruptCopies(in folder: TemporaryDirectory) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".corrupt-") }
        }

        @Test(arguments: [["list"], ["get", "city"], ["export"], ["set", "city", "Bergen"]])
        func aSuiteNestedAHundredThousandDeepIsRefusedByEveryCommand(arguments: [String]) throws {
            let folder = try folderWithTheDeepSuite()

            let result = try run(arguments, in: folder)

            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.contains("\(Self.suite).plist nests arrays and dictionaries more than 512 levels deep"), "\(result.error)")
            if arguments[0] == "set" {
                let copies = try corruptCopies(in: folder)
                #expect(copies.count == 1)
                #expect(FileManager.default.contents(atPath: folder.file(copies.first ?? "")) == Self.deepXML)
            } else {
                #expect(FileManager.default.contents(atPath: folder.file("\(Self.suite).plist")) == Self.deepXML)
            }
        }

        @Test func resetAllRepairsADeeplyNestedSuiteAndKeepsItsBytes() throws {
            let folder = try folderWithTheDeepSuite()

            let reset = try run(["reset", "--all"], in: folder)
            let list = try run(["list"], in: folder)

            #expect(reset.status == 0, "\(reset.error)")
            #expect(reset.error.contains("preserved as"))
            #expect(list.status == 0 && list.error.isEmpty, "\(list.error)")
            #expect(try corruptCopies(in: folder).count == 1)
            #expect(SuiteStore(suiteName: Self.suite, directory: folder.path, watchForChanges: false).storedValues() == [:])
        }
    }
}
