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

    /// Every Swift source's lines that are code, not comments, by file: read once for all phrases.
    private static let codeLines: [String: [Substring]] = {
        let files = (FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
        var lines: [String: [Substring]] = [:]
        for file in files {
            let text = (try? String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)) ?? ""
            lines[file] = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        }
        return lines
    }()

    /// The files whose code (not comments) holds a string literal matching `phrase`.
    private static func files(spelling phrase: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: "\"[^\"\\n]*" + phrase)
        #expect(codeLines.count > 100, "found too few sources: \(codeLines.count)")
        return codeLines.keys.filter { file in
            (codeLines[file] ?? []).contains { line in
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
