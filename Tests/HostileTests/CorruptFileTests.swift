import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Every kind of damaged suite file, then `get` and `set` through the real binary: nothing
    /// the user had is ever lost, and every file written is well-formed.
    @Suite("Corrupt suite files")
    struct CorruptFiles {
        /// What must become of the original.
        enum Outcome: Sendable {
            /// Unreadable: reads show defaults, a write preserves the bytes in a copy first.
            case preservedByteForByte
            /// A valid suite in another form: read as it is, rewritten as XML with its values.
            case readNormally(city: String)
            /// Nothing in it to lose: written over like an absent file.
            case emptySuite
            /// Cannot be replaced: the write fails (74) and the thing stays as it was.
            case refused
        }

        struct Kind: Sendable, CustomTestStringConvertible {
            let name: String
            let contents: @Sendable () throws -> Data
            let outcome: Outcome
            var isFolder = false
            var testDescription: String { name }
        }

        static let validXML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>city</key>
            \t<string>Tromsø</string>
            \t<key>refreshInterval</key>
            \t<integer>30</integer>
            </dict>
            </plist>
            """

        static let kinds: [Kind] = [
            Kind(name: "garbage text", contents: { Data("this is not a property list {{{ ]]> <<".utf8) }, outcome: .preservedByteForByte),
            Kind(name: "truncated XML", contents: { Data(validXML.utf8.prefix(validXML.utf8.count / 2)) }, outcome: .preservedByteForByte),
            Kind(name: "empty file", contents: { Data() }, outcome: .emptySuite),
            Kind(name: "binary junk", contents: { junk(count: 4096, seed: 11) }, outcome: .preservedByteForByte),
            Kind(name: "5 MB of binary junk", contents: { junk(count: 5 << 20, seed: 12) }, outcome: .preservedByteForByte),
            Kind(name: "binary plist", contents: {
                try PropertyListSerialization.data(
                    fromPropertyList: ["city": "Tromsø", "refreshInterval": 30] as [String: Any], format: .binary, options: 0)
            }, outcome: .readNormally(city: "Tromsø")),
            Kind(name: "array root", contents: {
                Data(validXML.replacingOccurrences(of: "<dict>", with: "<array>").replacingOccurrences(of: "</dict>", with: "</array>").utf8)
            }, outcome: .preservedByteForByte),
            Kind(name: "invalid UTF-8 in a string", contents: {
                Data(validXML.utf8).replacing(Data("Tromsø".utf8), with: Data([0x54, 0xFF, 0xFE, 0xC0, 0xAF]))
            }, outcome: .preservedByteForByte),
            Kind(name: "XML entity bomb", contents: { Data(entityBomb.utf8) }, outcome: .preservedByteForByte),
            Kind(name: "a folder in its place", contents: { Data() }, outcome: .refused, isFolder: true),
        ]

        /// "Billion laughs": entities that expand to gigabytes if a parser expands them.
        static let entityBomb: String = {
            var declarations = "<!ENTITY l0 \"lol\">\n"
            for level in 1...9 {
                declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n"
            }
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist [
                \(declarations)]>
                <plist version="1.0"><dict><key>city</key><string>&l9;</string></dict></plist>
                """
        }()

        static func junk(count: Int, seed: UInt64) -> Data {
            var generator = SeededGenerator(seed: seed)
            return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }

        @Test(arguments: kinds)
        func theOriginalSurvivesAReadAndAWrite(kind: Kind) async throws {
            let folder = TemporaryDirectory()
            let programs = Programs(configHome: folder.path)
            let path = folder.file("com.example.weather.plist")
            let original = try kind.contents()
            if kind.isFolder {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                try Data("inside".utf8).write(to: URL(fileURLWithPath: path + "/keep"))
            } else {
                try original.write(to: URL(fileURLWithPath: path))
            }

            let read = try await finished(programs.prefsTUI(["get", "city"]))
            let write = try await finished(programs.prefsTUI(["set", "city", "Bergen"]))

            let checker = try PlistLibChecker()
            let copies = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".corrupt-") }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
            #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
            #expect(read.status == 0, "get: \(read.status) \(read.error)")
            switch kind.outcome {
            case .preservedByteForByte:
                #expect(read.output == "Oslo\n", "an unreadable suite reads as defaults")
                #expect(read.error.contains("warning"))
                #expect(write.status == 0, "set: \(write.error)")
                #expect(copies.count == 1, "copies: \(copies)")
                let copy = copies.first.flatMap { FileManager.default.contents(atPath: folder.file($0)) }
                #expect(copy == original, "the preserved copy must hold the original bytes")
                #expect(write.error.contains(copies.first ?? "no copy"), "set must say where the original went: \(write.error)")
                #expect(checker.problem(withFileAt: path) == nil)
                #expect(storedCity(in: folder) == "Bergen")
            case .readNormally(let city):
                #expect(read.output == "\(city)\n")
                #expect(write.status == 0, "set: \(write.error)")
                #expect(copies.isEmpty)
                #expect(checker.problem(withFileAt: path) == nil)
                let stored = SuiteStore(suiteName: "com.example.weather", directory: folder.path, watchForChanges: false).storedValues()
                #expect(stored == ["city": .string("Bergen"), "refreshInterval": .int(30)])
            case .emptySuite:
                #expect(read.output == "Oslo\n")
                #expect(write.status == 0, "set: \(write.error)")
                #expect(checker.problem(withFileAt: path) == nil)
                #expect(storedCity(in: folder) == "Bergen")
            case .refused:
                #expect(write.status == 74, "set: \(write.status) \(write.error)")
                #expect(copies.isEmpty, "a write that cannot replace the suite must not leave copies: \(copies)")
                #expect(write.error.contains(path), "the message must name the path: \(write.error)")
                var isFolder: ObjCBool = false
                #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
                #expect(FileManager.default.contents(atPath: path + "/keep") == Data("inside".utf8))
            }
            HostileRun.report("corrupt file, \(kind.name): get \(read.status), set \(write.status), \(copies.count) preserved cop\(copies.count == 1 ? "y" : "ies"); \(fate(of: kind, original: original, folder: folder, copies: copies))")
        }

        /// Runs a command with a deadline: a parser that expands entities or loops must not hang.
        private func finished(_ child: ChildProcess) async throws -> ChildProcess.Result {
            try child.start()
            guard let result = await child.finish(within: .seconds(60)) else {
                Issue.record("the command did not finish within 60 s")
                return child.stop(signal: SIGKILL)
            }
            return result
        }

        private func storedCity(in folder: TemporaryDirectory) -> String? {
            let store = SuiteStore(suiteName: "com.example.weather", directory: folder.path, watchForChanges: false)
            guard case .string(let city)? = store.storedValue(forKey: "city") else { return nil }
            return city
        }

        /// What became of the original, for the figure.
        private func fate(of kind: Kind, original: Data, folder: TemporaryDirectory, copies: [String]) -> String {
            switch kind.outcome {
            case .preservedByteForByte:
                let kept = copies.contains { FileManager.default.contents(atPath: folder.file($0)) == original }
                return kept ? "original byte-identical in the copy" : "original LOST"
            case .refused:
                let kept = FileManager.default.contents(atPath: folder.file("com.example.weather.plist/keep")) == Data("inside".utf8)
                return kept ? "folder and its contents untouched" : "folder CHANGED"
            case .readNormally:
                return "read normally, its values kept in the rewritten XML"
            case .emptySuite:
                return "read as an empty suite (nothing to preserve)"
            }
        }
    }
}
