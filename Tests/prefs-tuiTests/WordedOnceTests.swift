import Foundation
import Testing

/// Each fact about a setting that several surfaces say is worded in one place (issue 52):
/// `SettingWords` in PrefsModel. A string literal anywhere else in Sources that spells one of
/// these phrases is a second wording, which will one day drift from the first.
@Suite("Facts worded once")
struct WordedOnceTests {
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The phrases of the table, as regular expressions over a string literal's text.
    static let phrases = ["locked by [^t\"]", "site file ", "stored [^\"]*ignored", "breaks a rule",
                          "no default declared", "changed by another program", "\\(not set\\)", "\\(empty( list)?\\)"]

    /// The files whose code (not comments) holds a string literal matching `phrase`.
    private static func files(spelling phrase: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: "\"[^\"\\n]*" + phrase)
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return try files.filter { file in
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            return text.split(separator: "\n").contains { line in
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { return false }
                return pattern.firstMatch(in: String(line), range: NSRange(line.startIndex..., in: line)) != nil
            }
        }.sorted()
    }

    @Test(arguments: phrases)
    func aPhraseIsSpelledOnlyByTheTeller(phrase: String) throws {
        let found = try Self.files(spelling: phrase)

        #expect(found == ["PrefsModel/Words/SettingWords.swift"], "\(phrase): \(found)")
    }
}
