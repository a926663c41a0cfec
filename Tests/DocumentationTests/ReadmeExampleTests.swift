import Foundation
import PrefsModel
import Testing

/// The Swift code blocks of the README and the DocC articles are code that compiles: each line
/// of each block (imports aside) appears, in order, in the file named for the document, so a
/// change to one without the other fails.
@Suite("The documentation's code is the code that compiles")
struct ReadmeExampleTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Each document with Swift code, the compiled file that holds its code, and how many
    /// blocks it has (so a block that stops being read as Swift is noticed).
    static let documents: [(document: String, compiled: String, blocks: Int)] = [
        ("README.md", "Tests/DocumentationTests/ReadmeExamples.swift", 4),
        ("Sources/PrefsModel/PrefsModel.docc/SchemaFiles.md", "Tests/DocumentationTests/ReadmeExamples.swift", 1),
        ("Sources/PrefsModel/PrefsModel.docc/Migrations.md", "Tests/DocumentationTests/ReadmeExamples.swift", 1),
        ("Sources/PrefsModel/PrefsModel.docc/GettingStarted.md", "Tests/DocumentationTests/ReadmeExamples.swift", 2),
        ("Sources/PrefsEditor/PrefsEditor.docc/EmbeddingTheEditor.md", "Tests/DocumentationTests/ReadmeExamples.swift", 2),
        ("Sources/PrefsEditor/PrefsEditor.docc/PrefsEditor.md", "Tests/DocumentationTests/ReadmeExamples.swift", 1),
        ("Sources/PrefsModel/PrefsModel.docc/PrefsModel.md", "Tests/DocumentationTests/ArticleExamples.swift", 1),
        ("Sources/PrefsModel/PrefsModel.docc/SiteDefaultsAndLocks.md", "Tests/DocumentationTests/ArticleExamples.swift", 1),
        ("Sources/PrefsModel/PrefsModel.docc/SettingsThatDependOnOthers.md", "Tests/DocumentationTests/ArticleExamples.swift", 2),
        ("Sources/PrefsModel/PrefsModel.docc/ObservingSettings.md", "Tests/DocumentationTests/ArticleExamples.swift", 2),
        ("Sources/PrefsModel/PrefsModel.docc/ProjectSettings.md", "Tests/DocumentationTests/ArticleExamples.swift", 1),
        ("Sources/PrefsModel/PrefsModel.docc/DerivedValues.md", "Tests/PrefsModelTests/DocumentationExampleTests.swift", 2),
        ("Sources/PrefsConfiguration/PrefsConfiguration.docc/PrefsConfiguration.md", "Tests/PrefsConfigurationTests/ArticleExamples.swift", 2),
    ]

    /// A document's ```swift blocks, without their import lines and blank lines.
    private static func blocks(of document: String) throws -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in try text(document).components(separatedBy: "\n") {
            if current == nil, line == "```swift" { current = []; continue }
            if current != nil, line == "```" { blocks.append(current!); current = nil; continue }
            if !line.hasPrefix("import "), !line.trimmingCharacters(in: .whitespaces).isEmpty { current?.append(line) }
        }
        return blocks
    }

    @Test(arguments: documents.indices)
    func everyBlockIsInItsCompiledFileLineForLine(index: Int) throws {
        let (document, compiledFile, count) = Self.documents[index]
        let blocks = try Self.blocks(of: document)
        // Compared without leading spaces: the compiled copy may sit inside a test's body.
        let compiled = try Self.text(compiledFile).components(separatedBy: "\n").map(Self.unindented)
        #expect(blocks.count == count, "\(document)")
        for block in blocks {
            var position = compiled.startIndex
            for line in block.map(Self.unindented) {
                guard let found = compiled[position...].firstIndex(of: line) else {
                    Issue.record("\(document) line not in \(compiledFile) (after line \(position + 1)): \(line)")
                    break
                }
                position = found + 1
            }
        }
    }

    private static func unindented(_ line: String) -> String { String(line.drop { $0 == " " }) }

    @Test func everyDocumentWithSwiftCodeIsChecked() throws {
        let catalogs = ["Sources/PrefsModel/PrefsModel.docc", "Sources/PrefsEditor/PrefsEditor.docc",
                        "Sources/PrefsConfiguration/PrefsConfiguration.docc"]
        let articles = try catalogs.flatMap { catalog in
            try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(catalog).path)
                .filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
        }
        let withCode = try articles.filter { try !Self.blocks(of: $0).isEmpty }
        #expect(Set(withCode).isSubset(of: Set(Self.documents.map(\.document))), "\(withCode)")
    }

    /// The article on settings that depend on others says what its example does.
    @Test func theDependentSettingsExampleDoesWhatItsArticleSays() throws {
        #expect(articleSettingsThatDependOnOthers() == false)
        let alerts = articleRulesAcrossSettings()
        let prefs = Preferences(store: InMemoryStore(), schema: alerts)
        #expect(throws: PreferenceError.ruleBroken(keys: ["highTemperature", "lowTemperature"],
                                                   reason: "lowTemperature (30) must not be above highTemperature (25)")) {
            try prefs.write(["lowTemperature": .int(30)])
        }
    }
}
