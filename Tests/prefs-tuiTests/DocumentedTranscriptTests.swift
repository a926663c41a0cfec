import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

/// The articles' command samples (```sh blocks of `$ command` lines, each followed by what it
/// prints) are what the commands print now (issue 30): each block runs as a shell session in a
/// folder of its own that stands for `/`, and every command's output (standard output and
/// error together) must be the sample's, line for line.
///
/// A sample `$ cat FILE` of a file that does not exist yet sets the file up: the sample's text is
/// written there first, so the sample shows what the reader needs to create. What a sample
/// takes for granted without showing it is set up in `preconditions`.
@Suite("The articles' command samples are what the commands print")
struct DocumentedTranscriptTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documents whose ```sh blocks hold samples, and how many samples each has.
    static let documents: [(path: String, samples: Int)] = [
        ("Sources/PrefsModel/PrefsModel.docc/Migrations.md", 2),
        ("Sources/PrefsModel/PrefsModel.docc/SiteDefaultsAndLocks.md", 1),
    ]

    /// What a sample takes for granted, by document and sample (counted from 1).
    static let preconditions: [String: @Sendable (String) throws -> Void] = [
        // "the site gives everyone Bergen and a refresh every 30 minutes"
        "SiteDefaultsAndLocks.md#1": { root in
            try writeSuite(["city": .string("Bergen"), "refreshInterval": .int(30)], named: "com.example.weather", in: root + "/etc/xdg")
        },
        // An earlier version's values: its old names, and a value the renamed setting refuses.
        "Migrations.md#2": { root in
            try writeSuite(["unitSystem": .string("imperial"), "interval": .int(7), "showRadar": .bool(true)],
                           named: "com.example.app", in: root + "/home/ada/.config")
        },
    ]

    private static func writeSuite(_ values: [String: PlistValue], named suite: String, in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try SuiteStore(suiteName: suite, directory: folder, watchForChanges: false).commit(values)
    }

    struct Step {
        var command: String
        var expected: [String]
    }

    /// The samples of a document: its ```sh blocks that hold `$ ` lines. A command's here-document
    /// (`<<'EOF'` … `EOF`) belongs to it; the lines after it, to the next `$ `, are its output.
    static func samples(in text: String) -> [[Step]] {
        var samples: [[Step]] = []
        var block: [String]?
        for line in text.components(separatedBy: "\n") {
            if block == nil, line == "```sh" { block = []; continue }
            guard var lines = block else { continue }
            if line == "```" {
                if lines.contains(where: { $0.hasPrefix("$ ") }) { samples.append(steps(of: lines)) }
                block = nil
                continue
            }
            lines.append(line)
            block = lines
        }
        return samples
    }

    private static func steps(of lines: [String]) -> [Step] {
        var steps: [Step] = []
        var index = lines.startIndex
        while index < lines.endIndex {
            guard lines[index].hasPrefix("$ ") else { index += 1; continue }
            var command = String(lines[index].dropFirst(2))
            index += 1
            if let marker = command.range(of: #"<<'?([A-Z]+)'?"#, options: .regularExpression) {
                let terminator = command[marker].filter(\.isUppercase)
                while index < lines.endIndex {
                    command += "\n" + lines[index]
                    index += 1
                    if lines[index - 1] == terminator { break }
                }
            }
            var expected: [String] = []
            while index < lines.endIndex, !lines[index].hasPrefix("$ ") {
                expected.append(lines[index])
                index += 1
            }
            steps.append(Step(command: command, expected: expected))
        }
        return steps
    }

    @Test(arguments: documents.indices)
    func everySampleIsWhatTheCommandsPrint(index: Int) throws {
        let (path, count) = Self.documents[index]
        let samples = Self.samples(in: try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8))
        #expect(samples.count == count, "\(path) has \(samples.count) samples")
        for (number, steps) in samples.enumerated() {
            let name = "\((path as NSString).lastPathComponent)#\(number + 1)"
            let sandbox = TemporaryDirectory()
            let root = sandbox.path
            let home = root + "/home/ada", work = root + "/work"
            for folder in [home + "/.config", root + "/etc/xdg", work] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try Self.preconditions[name]?(root)
            let binaries = (CommandLineFixture.binary as NSString).deletingLastPathComponent
            let environment = ["HOME": home, "XDG_CONFIG_DIRS": root + "/etc/xdg", "PATH": binaries + ":/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
            for step in steps {
                // The sample's paths, inside the sandbox.
                let command = step.command.replacingOccurrences(of: "/etc/xdg", with: root + "/etc/xdg")
                    .replacingOccurrences(of: "/home/ada", with: home)
                if let file = Self.catTarget(of: command, in: work), !FileManager.default.fileExists(atPath: file) {
                    try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try Data((step.expected.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
                }
                let result = try ChildProcess.run(executablePath: "/bin/bash", arguments: ["-c", "cd '\(work)' && { \(command)\n} 2>&1"],
                                                  configHome: home + "/.config", environment: environment)
                let printed = result.output.replacingOccurrences(of: root, with: "")
                    .components(separatedBy: "\n").dropLastIfEmpty()
                #expect(printed == step.expected, "\(name): $ \(step.command)")
            }
        }
    }

    @Test func everyDocumentWithSamplesIsChecked() throws {
        let folders = ["Sources/PrefsModel/PrefsModel.docc", "Sources/PrefsEditor/PrefsEditor.docc",
                       "Sources/PrefsConfiguration/PrefsConfiguration.docc"]
        let documents = try ["README.md"] + folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
        }
        let withSamples = try documents.filter { document in
            !Self.samples(in: try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)).isEmpty
        }

        #expect(Set(withSamples) == Set(Self.documents.map(\.path)))
    }

    /// The file a `cat FILE` command reads (a comment after it aside), or nil for another command.
    private static func catTarget(of command: String, in work: String) -> String? {
        let words = command.components(separatedBy: "#")[0].split(separator: " ").map(String.init)
        guard words.count == 2, words[0] == "cat" else { return nil }
        return words[1].hasPrefix("/") ? words[1] : work + "/" + words[1]
    }
}
