import Foundation
import Testing

/// The README's Swift code blocks are the code of `ReadmeExamples.swift`: each line of each
/// block (imports aside) appears there, in order, so a change to one without the other fails.
@Suite("The README's code is the code that compiles")
struct ReadmeExampleTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The README's ```swift blocks, without their import lines and blank lines.
    private static func readmeBlocks() throws -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in try text("README.md").components(separatedBy: "\n") {
            if current == nil, line == "```swift" { current = []; continue }
            if current != nil, line == "```" { blocks.append(current!); current = nil; continue }
            if !line.hasPrefix("import "), !line.trimmingCharacters(in: .whitespaces).isEmpty { current?.append(line) }
        }
        return blocks
    }

    @Test func everyReadmeBlockIsInTheCompiledExamplesLineForLine() throws {
        let blocks = try Self.readmeBlocks()
        let compiled = try Self.text("Tests/DocumentationTests/ReadmeExamples.swift").components(separatedBy: "\n")
        #expect(blocks.count == 3)
        for block in blocks {
            var position = compiled.startIndex
            for line in block {
                guard let found = compiled[position...].firstIndex(of: line) else {
                    Issue.record("README line not in ReadmeExamples.swift (after line \(position + 1)): \(line)")
                    break
                }
                position = found + 1
            }
        }
    }
}
