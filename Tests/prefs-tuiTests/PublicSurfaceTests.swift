import Foundation
import Testing

/// What PrefsModel makes public (issue 41): only what a program that declares and uses its
/// settings needs. What only this package's own targets use (the editor, the command-line tool,
/// the provider) is `package`, so the public surface shrinks as the package grows.
@Suite("PrefsModel's public surface")
struct PublicSurfaceTests {
    private static let model = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PrefsModel")

    /// Declarations (and members) marked `public`, counted as the review of 7ae06ee counted
    /// them: lines that start with `public`.
    private static func publicLines() throws -> Int {
        let files = try #require(FileManager.default.enumerator(atPath: model.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        return try files.reduce(0) { count, file in
            let text = try String(contentsOf: model.appendingPathComponent(file), encoding: .utf8)
            return count + text.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("public ") }.count
        }
    }

    @Test func isSmallerThanAtTheReviewOf7ae06ee() throws {
        let count = try Self.publicLines()

        #expect(count > 300, "the count found too few files: \(count)")
        #expect(count < 418, "PrefsModel has \(count) public lines; 7ae06ee had 418")
    }
}
