import Foundation
import PrefsModel
import PrefsTestSupport
import Testing

extension Hostile {
    /// An import just under the suite-file limit: 1.6 million numbers, read, checked and written
    /// (6.6 s of the quick suite's 60 on two cores).
    @Suite("An import near the suite-file limit")
    struct LargeImportTests {
        @Test func aDeclaredListOfNumbersThatFitsIsImportedThoughItsTextIsShorterThanIntegers() throws {
            // 1.6 million integers for a list of reals: written as <real>1</real>, 28.8 MB, it fits;
            // counted as <integer> elements it did not, and was refused.
            let folder = TemporaryDirectory()
            let schema = folder.file("samples.schema.json")
            try #"{"suite": "com.example.samples", "sections": [{"name": "S", "settings": [{"key": "samples", "type": "[double]", "default": []}]}]}"#
                .write(toFile: schema, atomically: true, encoding: .utf8)
            let file = folder.file("samples.json")
            try (#"{"samples": ["# + Array(repeating: "1", count: 1_600_000).joined(separator: ",") + "]}").write(toFile: file, atomically: true, encoding: .utf8)

            let result = try ChildProcess.run(product: "prefs-tui", arguments: ["import", file, "--schema", schema], configHome: folder.path)

            #expect(result.status == 0, "\(result.error)")
            #expect(SuiteStore(suiteName: "com.example.samples", directory: folder.path, watchForChanges: false).storedValues()["samples"]
                .map { if case .array(let items) = $0 { items.count } else { 0 } } == 1_600_000)
        }
    }
}
