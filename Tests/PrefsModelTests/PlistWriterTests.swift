import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Our plist writer writes what Foundation writes, and every plist reader reads every value back.
@Suite("The plist writer")
struct PlistWriterTests {
    private func foundationDocument(_ values: [String: PlistValue]) throws -> [UInt8] {
        let data = try PropertyListSerialization.data(
            fromPropertyList: PlistValue.dictionary(values).foundationObject, format: .xml, options: 0)
        return [UInt8](data)
    }

    private func foundationParse(_ bytes: [UInt8]) throws -> PlistValue? {
        PlistValue(foundationObject: try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil))
    }

    private func differenceReport(_ ours: [UInt8], _ theirs: [UInt8]) -> String {
        let oursLines = String(decoding: ours, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let theirLines = String(decoding: theirs, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (a, b)) in zip(oursLines, theirLines).enumerated() where a != b {
            return "line \(index + 1): ours \(String(reflecting: String(a))), Foundation's \(String(reflecting: String(b)))"
        }
        return "line counts \(oursLines.count) and \(theirLines.count)"
    }

    @Test func writesTheSameBytesAsFoundationForEveryKindOfValue() throws {
        let values = PlistSamples.everything

        let ours = try PlistXMLWriter.document(values)

        let theirs = try foundationDocument(values)
        let same = ours == theirs
        #expect(same, "\(differenceReport(ours, theirs))")
    }

    @Test func writesTheSameBytesAsFoundationForGeneratedDocuments() throws {
        var generator = PlistDocumentGenerator(random: SeededGenerator(seed: 20261121))
        for round in 0..<300 {
            let values = generator.document()

            let ours = try PlistXMLWriter.document(values)

            let theirs = try foundationDocument(values)
            let same = ours == theirs
            try #require(same, "document \(round): \(differenceReport(ours, theirs))")
        }
    }

    @Test func anEmptySuiteIsAnEmptyDictionary() throws {
        #expect(try PlistXMLWriter.document([:]) == foundationDocument([:]))
    }

    @Test func foundationReadsBackEveryValue() throws {
        let values = PlistSamples.everythingExact

        let parsed = try foundationParse(PlistXMLWriter.document(values))

        #expect(PlistSamples.same(parsed, .dictionary(values)))
    }

    @Test func aCarriageReturnIsEscapedSoEveryXMLParserKeepsIt() throws {
        let values: [String: PlistValue] = ["text": .string("one\rtwo\r\nthree")]

        let document = try PlistXMLWriter.document(values)

        #expect(String(decoding: document, as: UTF8.self).contains("<string>one&#13;two&#13;\nthree</string>"))
        #expect(try foundationParse(document) == .dictionary(values))
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let document = try PlistXMLWriter.document(["zero": .double(-0.0)])

        #expect(String(decoding: document, as: UTF8.self).contains("<real>-0.0</real>"))
        #expect(PlistSamples.same(try foundationParse(document), .dictionary(["zero": .double(-0.0)])))
    }

    @Test(arguments: ["\u{0}", "\u{1}", "a\u{8}b", "\u{1B}[31mred", "\u{1F}", "\u{FFFE}", "x\u{FFFF}"])
    func textXMLCannotCarryIsRefusedNamingTheKeyPath(text: String) throws {
        let values: [String: PlistValue] = ["ok": .string("fine"), "cities": .array([.string("Oslo"), .string(text)])]

        #expect {
            try PlistXMLWriter.document(values)
        } throws: { error in
            guard let refusal = error as? PlistXMLWriter.Refusal else { return false }
            return refusal.keyPath == "cities[1]" && !refusal.value.unicodeScalars.contains { $0.value < 0x20 }
                && refusal.allowed.contains("control characters")
        }
    }

    @Test func aRefusalDeepInsideNamesEveryStepOfItsPath() {
        let values: [String: PlistValue] = ["a": .int(1), "servers": .dictionary(["main": .array([.string("ok"), .string("b\u{1}")])])]

        #expect {
            try PlistXMLWriter.document(values)
        } throws: { error in
            guard let refusal = error as? PlistXMLWriter.Refusal else { return false }
            return refusal.keyPath == "servers.main[1]"
        }
    }

    @Test func aKeyXMLCannotCarryIsRefusedToo() {
        #expect(throws: PlistXMLWriter.Refusal.self) {
            try PlistXMLWriter.document(["nested": .dictionary(["bad\u{2}key": .int(1)])])
        }
    }

    @Test(arguments: [-62_135_596_801.0, 253_402_300_800, .nan, .infinity, 1e300])
    func aDateNoPlistReaderCanHoldIsRefused(secondsSince1970: Double) {
        #expect(throws: PlistXMLWriter.Refusal.self) {
            try PlistXMLWriter.document(["when": .date(Date(timeIntervalSince1970: secondsSince1970))])
        }
    }

    @Test func keysAreOrderedByUTF16CodeUnitsAsFoundationOrdersThem() {
        // UTF-8 order would put U+FF21 before U+1F600; UTF-16 puts the surrogate pair first.
        let keys = ["\u{FF21}", "😀", "a", "B", "", "\u{E000}", "\u{D7FF}", "\u{10000}"]

        let sorted = keys.sorted(by: PlistXMLWriter.precedesInUTF16)

        #expect(sorted == ["", "B", "a", "\u{D7FF}", "😀", "\u{10000}", "\u{E000}", "\u{FF21}"].sorted {
            Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16))
        })
        #expect(sorted == ["", "B", "a", "\u{D7FF}", "\u{10000}", "😀", "\u{E000}", "\u{FF21}"])
    }
}
