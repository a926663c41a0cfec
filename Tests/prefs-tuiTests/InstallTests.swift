import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// The README's install, as a new account runs it (issue 30): `~/.local/bin` not on `PATH`,
/// nothing installed before. The block is run as written, but for the build (the binary under
/// test stands in for `.build/release/prefs-tui`).
@Suite("The README's install on a new account")
struct InstallTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's first `sh` block under "## Install", without its build line.
    private static func installBlock(binary: String) throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Install\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n```").first)
        return block.components(separatedBy: "\n").filter { !$0.hasPrefix("swift build") }.joined(separator: "\n")
            .replacingOccurrences(of: ".build/release/prefs-tui", with: binary)
            .replacingOccurrences(of: "Sources/prefs-tui/Manual/prefs-tui.1", with: root.appendingPathComponent("Sources/prefs-tui/Manual/prefs-tui.1").path)
    }

    private static func runInNewHome(_ script: String, home: TemporaryDirectory) throws -> ChildProcess.Result {
        try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", script], configHome: home.path,
                             environment: ["HOME": home.path, "PATH": "/usr/local/bin:/usr/bin:/bin"])
    }

    @Test func aNewAccountGetsTheBinaryTheManPageWorkingCompletionsAndPath() throws {
        let home = TemporaryDirectory()

        let result = try Self.runInNewHome(try Self.installBlock(binary: ChildProcess.path(ofProduct: "prefs-tui")), home: home)

        #expect(result.status == 0, "\(result.error)")
        for file in [".local/bin/prefs-tui", ".local/share/man/man1/prefs-tui.1", ".local/share/bash-completion/completions/prefs-tui",
                     ".config/fish/completions/prefs-tui.fish", ".zfunc/_prefs-tui"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: home.file(file))[.size] as? Int) ?? 0
            #expect(size > 100, "\(file): \(size) bytes")
        }
        #expect(FileManager.default.contents(atPath: home.file(".profile")).map { String(decoding: $0, as: UTF8.self) }?
            .contains(#"export PATH="$HOME/.local/bin:$PATH""#) == true)
        let completion = try String(contentsOfFile: home.file(".local/share/bash-completion/completions/prefs-tui"), encoding: .utf8)
        #expect(completion.contains("complete") && completion.contains("prefs-tui"))
    }

    /// CI tests the binary the README installs: the two build it with the same flags.
    @Test func theBuildIsTheOneCIBuildsAndTests() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let readmeBuild = try #require(readme.components(separatedBy: "\n").first { $0.hasPrefix("swift build -c release") })
        let ciBuild = try #require(ci.components(separatedBy: "\n").first { $0.hasPrefix("install_build=(") })

        let readmeWords = readmeBuild.components(separatedBy: "#")[0].split(separator: " ").map(String.init)
        let ciWords = ciBuild.dropFirst("install_build=(".count).dropLast().split(separator: " ").map(String.init)

        #expect(readmeWords == ciWords + ["--product", "prefs-tui"])
        #expect(ciWords.contains("--static-swift-stdlib"))
        // The release stages build with those words, and no other release build stands in.
        let ciLines = ci.components(separatedBy: "\n")
        #expect(ciLines.contains { $0.hasPrefix(#"stage "release build" "${install_build[@]}" --product prefs-tui"#) })
        let otherReleaseBuilds = ciLines.filter { line in
            ["-c release", "--configuration release", "--configuration=release"].contains { line.contains($0) } && !line.hasPrefix("install_build=(")
        }
        #expect(otherReleaseBuilds.isEmpty, "\(otherReleaseBuilds)")
    }

    @Test func aFailedInstallLeavesNoEmptyCompletionFile() throws {
        let home = TemporaryDirectory()

        let result = try Self.runInNewHome(try Self.installBlock(binary: home.file("no-such-build/prefs-tui")), home: home)

        #expect(result.error.contains("no-such-build/prefs-tui"), "\(result.error)")   // install says which file is missing
        for file in [".local/share/bash-completion/completions/prefs-tui", ".config/fish/completions/prefs-tui.fish", ".zfunc/_prefs-tui",
                     ".prefs-tui.tmp"] {
            #expect(!FileManager.default.fileExists(atPath: home.file(file)), "\(file) was left behind")
        }
    }
}

/// The documented samples of `list` output (TheCommandLineTool.md) are what `list` prints
/// (issue 30: they had drifted).
@Suite("The documented samples of list output")
struct ReadmeListSampleTests {
    private static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PrefsModel/PrefsModel.docc/TheCommandLineTool.md")

    @Test func theJSONSampleIsWhatListPrintsForThatSetting() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "- `list --json` prints").dropFirst().first)
        let sample = try #require(section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let cli = CommandLineFixture()
        try cli.run("set", "refreshInterval", "30")

        let listed = try JSONValue(parsing: try cli.run("list", "--json").output)

        guard case .array(let entries) = listed, case .array(let documented) = try JSONValue(parsing: sample) else {
            Issue.record("not arrays"); return
        }
        let actual = entries.first { $0.field("key") == .string("refreshInterval") }
        let expected = documented.first.map { entry -> JSONValue in
            guard case .object(var fields) = entry else { return entry }
            fields["sourceFile"] = .string(cli.plistPath)      // the sample names a home folder
            return .object(fields)
        }
        #expect(actual == expected, "\(String(describing: actual))")
    }

    @Test func theColumnsAreTheOnesListPrints() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let columns = try #require(text.components(separatedBy: "- `list` prints a table with the columns `").dropFirst().first?
            .components(separatedBy: "`").first)

        let header = try CommandLineFixture().run("list").output.components(separatedBy: "\n").first ?? ""

        #expect(header.split(separator: " ").joined(separator: " ") == columns)
    }
}
