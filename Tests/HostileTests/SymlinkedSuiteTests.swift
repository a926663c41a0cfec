import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// Suites kept as links into a dotfiles folder (GNU Stow, home-manager, chezmoi): a write
    /// goes through the link to its final target and leaves every link as it was.
    @Suite("Symlinked suites")
    struct SymlinkedSuites {
        static let suiteFile = "com.example.weather.plist"

        /// A config folder and a dotfiles folder beside it, in one temporary folder.
        struct Layout {
            let root = TemporaryDirectory()
            var config: String { root.file("config") }
            var dotfiles: String { root.file("dotfiles") }
            var link: String { (config as NSString).appendingPathComponent(SymlinkedSuites.suiteFile) }

            init() throws {
                try FileManager.default.createDirectory(atPath: root.file("config"), withIntermediateDirectories: true)
                try FileManager.default.createDirectory(atPath: root.file("dotfiles"), withIntermediateDirectories: true)
            }

            func dotfile(_ name: String) -> String { (dotfiles as NSString).appendingPathComponent(name) }

            var programs: Programs { Programs(configHome: config) }

            /// Every name under both folders, for leftovers.
            var allNames: [String] {
                ((try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []).sorted()
            }
        }

        static let validSuite = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>refreshInterval</key>
            \t<integer>30</integer>
            </dict>
            </plist>
            """.utf8)

        @Test func writesGoThroughLinksAndLeaveThemInPlace() async throws {
            let runs = HostileRun.count(5)
            let checker = try PlistLibChecker()
            var passed: [String: Int] = [:]

            for _ in 1...runs {
                for (name, scenario) in scenarios {
                    if try await scenario(checker) { passed[name, default: 0] += 1 }
                }
            }

            let summary = scenarios.map { "\($0.name) \(passed[$0.name] ?? 0)/\(runs)" }.joined(separator: ", ")
            HostileRun.report("symlinked suites, \(runs) runs: \(summary)")
        }

        private var scenarios: [(name: String, run: (PlistLibChecker) async throws -> Bool)] {
            [
                ("link to a valid suite", linkToAValidSuite),
                ("link to a corrupt suite", linkToACorruptSuite),
                ("dangling link", danglingLink),
                ("dangling link into a missing folder", danglingLinkIntoAMissingFolder),
                ("link into a read-only folder", linkIntoAReadOnlyFolder),
                ("chain of two links", chainOfTwoLinks),
            ]
        }

        private func linkToAValidSuite(_ checker: PlistLibChecker) async throws -> Bool {
            let layout = try Layout()
            try Self.validSuite.write(to: URL(fileURLWithPath: layout.dotfile("weather.plist")))
            try FileManager.default.createSymbolicLink(atPath: layout.link, withDestinationPath: "../dotfiles/weather.plist")

            let result = try layout.programs.runPrefsTUI("set", "city", "Bergen")

            return expectWrittenThrough(layout, result: result, link: "../dotfiles/weather.plist",
                                        target: layout.dotfile("weather.plist"), keeps: ["refreshInterval": .int(30)], checker: checker)
        }

        private func linkToACorruptSuite(_ checker: PlistLibChecker) async throws -> Bool {
            let layout = try Layout()
            let garbage = Data("not a plist \u{1} {{{".utf8)
            try garbage.write(to: URL(fileURLWithPath: layout.dotfile("weather.plist")))
            try FileManager.default.createSymbolicLink(atPath: layout.link, withDestinationPath: layout.dotfile("weather.plist"))

            let result = try layout.programs.runPrefsTUI("set", "city", "Bergen")

            let copies = layout.allNames.filter { $0.contains(".corrupt-") }
            let copy = copies.first.flatMap { name -> Data? in
                var info = stat()
                guard lstat(layout.root.file(name), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
                return FileManager.default.contents(atPath: layout.root.file(name))
            }
            #expect(copies.count == 1 && copy == garbage, "the preserved copy must hold the target's bytes: \(copies)")
            return expectWrittenThrough(layout, result: result, link: layout.dotfile("weather.plist"),
                                        target: layout.dotfile("weather.plist"), keeps: [:], checker: checker)
                && copies.count == 1 && copy == garbage
        }

        private func danglingLink(_ checker: PlistLibChecker) async throws -> Bool {
            let layout = try Layout()
            try FileManager.default.createSymbolicLink(atPath: layout.link, withDestinationPath: layout.dotfile("weather.plist"))

            let result = try layout.programs.runPrefsTUI("set", "city", "Bergen")

            return expectWrittenThrough(layout, result: result, link: layout.dotfile("weather.plist"),
                                        target: layout.dotfile("weather.plist"), keeps: [:], checker: checker)
        }

        /// The link's folder is missing: either it is made and the target created, or the
        /// write fails naming the missing folder. Both leave the link alone.
        private func danglingLinkIntoAMissingFolder(_ checker: PlistLibChecker) async throws -> Bool {
            let layout = try Layout()
            let missing = layout.dotfile("missing")
            let target = (missing as NSString).appendingPathComponent("weather.plist")
            try FileManager.default.createSymbolicLink(atPath: layout.link, withDestinationPath: target)

            let result = try layout.programs.runPrefsTUI("set", "city", "Bergen")

            if result.status == 0 {
                return expectWrittenThrough(layout, result: result, link: target, target: target, keeps: [:], checker: checker)
            }
            #expect(result.status == 74 && result.error.contains(missing), "\(result.status) \(result.error)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: layout.link)) == target)
            #expect(!FileManager.default.fileExists(atPath: missing))
            return result.status == 74 && result.error.contains(missing)
        }

        private func linkIntoAReadOnlyFolder(_ checker: PlistLibChecker) async throws -> Bool {
            let layout = try Layout()
            let target = layout.dotfile("weather.plist")
            try Self.validSuite.write(to: URL(fileURLWithPath: target))
            try FileManager.default.createSymbolicLink(atPath: layout.link, withDestinationPath: target)

            let result = try ReadOnlyFolder.during(layout.dotfiles) {
                try layout.programs.runPrefsTUI("set", "city", "Bergen")
            }

            #expect(result.status == 74, "\(result.status) \(result.error)")
            #expect(result.error.contains(layout.dotfiles), "the message must name the read-only folder: \(result.error)")
            #expect(FileManager.default.contents(atPath: target) == Self.validSuite)
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: layout.link)) == target)
            let leftovers = layout.allNames.filter { $0.contains(".tmp-") || $0.contains(".corrupt-") }
            #expect(leftovers.isEmpty, "\(leftovers)")
            return result.status == 74 && FileManager.default.contents(atPath: target) == Self.validSuite && leftovers.isEmpty
        }

        private func chainOfTwoLinks(_ checker: PlistLibChecker) async throws -> Bool {
            let layout = try Layout()
            let target = layout.dotfile("real.plist")
            try Self.validSuite.write(to: URL(fileURLWithPath: target))
            try FileManager.default.createSymbolicLink(atPath: layout.dotfile("middle.plist"), withDestinationPath: "real.plist")
            try FileManager.default.createSymbolicLink(atPath: layout.link, withDestinationPath: layout.dotfile("middle.plist"))

            let result = try layout.programs.runPrefsTUI("set", "city", "Bergen")

            let middleKept = (try? FileManager.default.destinationOfSymbolicLink(atPath: layout.dotfile("middle.plist"))) == "real.plist"
            #expect(middleKept, "the second link must stay a link to real.plist")
            return expectWrittenThrough(layout, result: result, link: layout.dotfile("middle.plist"), target: target,
                                        keeps: ["refreshInterval": .int(30)], checker: checker) && middleKept
        }

        /// The write succeeded, the link still points where it did, the target is a valid
        /// regular file with the new value and the old ones, and no temporary file is left.
        private func expectWrittenThrough(_ layout: Layout, result: ChildProcess.Result, link: String, target: String,
                                          keeps: [String: PlistValue], checker: PlistLibChecker) -> Bool {
            var targetInfo = stat()
            let linkKept = (try? FileManager.default.destinationOfSymbolicLink(atPath: layout.link)) == link
            let targetIsFile = lstat(target, &targetInfo) == 0 && (targetInfo.st_mode & S_IFMT) == S_IFREG
            let plistProblem = targetIsFile ? checker.problem(withFileAt: target) : "no target file"
            let stored = SuiteStore(suiteName: "com.example.weather", directory: layout.config, watchForChanges: false).storedValues()
            var expected = keeps
            expected["city"] = .string("Bergen")
            let leftovers = layout.allNames.filter { $0.contains(".tmp-") }

            #expect(result.status == 0, "set: \(result.status) \(result.error)")
            #expect(linkKept, "the link was replaced: \(layout.allNames)")
            #expect(targetIsFile, "the target is not a regular file")
            #expect(plistProblem == nil)
            #expect(stored == expected)
            #expect(leftovers.isEmpty, "\(leftovers)")
            return result.status == 0 && linkKept && targetIsFile && plistProblem == nil && stored == expected && leftovers.isEmpty
        }
    }
}
