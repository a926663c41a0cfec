import Foundation
import Testing
@testable import PrefsModel

/// The shortcuts that make loading large schemas and suites cheap give the same results as the
/// general code they replace.
@Suite("Loading shortcuts")
struct LoadShortcutTests {
    /// Text with every kind of edge Foundation's two whitespace sets treat differently.
    private static let samples: [String] = [
        "", " ", "\t", "\n", " \r\n ", "plain", "  padded\t", "\u{00A0}nbsp\u{3000}", "\u{2028}x\u{2029}",
        "\u{85}next line\u{85}", "\u{0B}\u{0C}vt ff", " \u{301}combining after a space", "é ", "😀 ",
        "inner  spaces stay", "\u{200B}zero width space\u{200B}", "\u{180E}mongolian vowel separator\u{FEFF}",
    ]

    @Test("Each scalar counts as whitespace exactly when Foundation's sets hold it")
    func scalarSetsMatchFoundation() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(scalar.isSpaceOrTab == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(scalar.isSpaceOrNewline == CharacterSet.whitespacesAndNewlines.contains(scalar), "U+\(String(value, radix: 16))")
        }
    }

    @Test("Trimming matches Foundation's trimmingCharacters(in:)", arguments: samples)
    func trimmingMatchesFoundation(_ text: String) {
        #expect(text.trimmingSpaces.unicodeScalars.elementsEqual(text.trimmingCharacters(in: .whitespaces).unicodeScalars))
        #expect(text.trimmingSpacesAndNewlines.unicodeScalars
            .elementsEqual(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars))
        #expect(text.isBlank == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(text[...].trimmingSpaces == text.trimmingSpaces)
    }

    @Test("Keys listed in order are kept; keys out of order are sorted as Foundation sorts")
    func listedKeyOrder() {
        let sorted = ["A", "B", "a", "b", "é", "😀"]
        #expect(PlistKeyOrder(listed: sorted).keys == sorted)
        #expect(PlistKeyOrder(listed: sorted.reversed()).keys == PlistKeyOrder(sorted.shuffled()).keys)
        #expect(PlistKeyOrder(listed: ["b", "a", "c"]).keys == ["a", "b", "c"])
        #expect(PlistKeyOrder(listed: []).keys.isEmpty)
    }

    @Test("The reader reports the root dictionary's keys in the file's order, nested keys left out")
    func readerReportsRootKeys() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>zeta</key><integer>1</integer>
            \t<key>alpha</key><dict><key>inner</key><true/></dict>
            \t<key>mid</key><string>x</string>
            </dict>
            </plist>
            """
        let document = try #require(PlistXMLReader.document(from: Data(text.utf8)))
        #expect(document.rootKeys == ["zeta", "alpha", "mid"])
        #expect(PlistKeyOrder(listed: document.rootKeys).keys == ["alpha", "mid", "zeta"])
    }

    @Test("A schema naming the same types many times resolves each setting to its own type")
    func repeatedTypeNames() throws {
        let settings = (0..<6).map { index in
            let type = ["int", "[string]", "string?"][index % 3]
            let value = ["1", "[\"a\"]", "null"][index % 3]
            return "{\"key\": \"k\(index)\", \"type\": \"\(type)\", \"default\": \(value)}"
        }
        let schema = try PreferenceSchema(jsonText: """
            {"suite": "test.types", "sections": [{"name": "S", "settings": [\(settings.joined(separator: ","))]}]}
            """)
        #expect(schema.keys.map(\.type) == [.int, .array(.string), .optional(.string), .int, .array(.string), .optional(.string)])
        #expect(throws: PreferenceError.self) {
            try PreferenceSchema(jsonText: """
                {"suite": "test.types", "sections": [{"name": "S", "settings": [
                {"key": "a", "type": "int", "default": 1}, {"key": "b", "type": "nope", "default": 1}]}]}
                """)
        }
    }
}
