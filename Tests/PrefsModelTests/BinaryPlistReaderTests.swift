import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Binary plists are read by our own reader: exactly what Foundation and Python write, and a
/// clear refusal for whatever a suite cannot hold, before any of it reaches Foundation's parser.
@Suite("The binary plist reader")
struct BinaryPlistReaderTests {
    private func read(_ data: Data) throws(PlistDocument.Refusal) -> PlistValue { try PlistDocument.read(data).root }

    private func refusal(_ data: Data) -> String? {
        do { _ = try PlistDocument.read(data); return nil } catch { return error.reason }
    }

    @Test func readsEverySampleFoundationWritesInBinary() throws {
        let samples = PlistSamples.everything.mapValues { $0 }
        let bytes = try PropertyListSerialization.data(fromPropertyList: PlistValue.dictionary(samples).foundationObject,
                                                       format: .binary, options: 0)

        let read = try read(bytes)

        #expect(PlistSamples.same(read, PlistValue(foundationObject: try PropertyListSerialization.propertyList(from: bytes, format: nil))))
        #expect(PlistSamples.same(read, .dictionary(samples)))
    }

    @Test func readsGeneratedDocumentsAsFoundationWroteThem() throws {
        var generator = PlistDocumentGenerator(random: SeededGenerator(seed: 20261125))
        for round in 0..<200 {
            let values = generator.document()
            let bytes = try PropertyListSerialization.data(fromPropertyList: PlistValue.dictionary(values).foundationObject,
                                                           format: .binary, options: 0)

            let read = try read(bytes)

            let foundation = PlistValue(foundationObject: try PropertyListSerialization.propertyList(from: bytes, format: nil))
            try #require(PlistSamples.same(read, foundation), "document \(round)")
        }
    }

    @Test func readsWhatPythonsPlistlibWritesInBinaryIncludingItsSixteenByteIntegers() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("python.plist")
        let script = """
            import datetime, plistlib, sys
            value = {"text": "é 😀", "int": -42, "big": 18446744073709551615, "edge": 9223372036854775808,
                     "small": -9223372036854775808, "real": 0.1, "yes": True, "date": datetime.datetime(1999, 12, 31, 23, 59, 58),
                     "bytes": bytes(range(200)), "list": [1, [2, {}], []]}
            with open(sys.argv[1], "wb") as f: plistlib.dump(value, f, fmt=plistlib.FMT_BINARY)
            """
        let result = try ChildProcess.run(executablePath: "/usr/bin/env", arguments: ["python3", "-c", script, path],
                                          configHome: directory.path)
        try #require(result.status == 0, "python: \(result.error)")

        let read = try read(try Data(contentsOf: URL(fileURLWithPath: path)))

        guard case .dictionary(let values) = read else { Issue.record("not a dictionary: \(read)"); return }
        #expect(values["big"] == .unsignedInt(UInt64.max))
        #expect(values["edge"] == .unsignedInt(UInt64(Int.max) + 1))
        #expect(values["small"] == .int(Int.min))
        #expect(values["text"] == .string("é 😀"))
        #expect(values["list"] == .array([.int(1), .array([.int(2), .dictionary([:])]), .array([])]))
        #expect(values["date"] == .date(Date(timeIntervalSince1970: 946_684_798)))
    }

    @Test func aSixteenByteNegativeIntegerIsReadExactly() throws {
        let data = BinaryPlistBytes.suite(key: "n") { plist in
            plist.add([0x14] + BinaryPlistBytes.bigEndian(UInt64.max, size: 8) + BinaryPlistBytes.bigEndian(UInt64(bitPattern: -5), size: 8))
        }

        #expect(try read(data) == .dictionary(["n": .int(-5)]))
    }

    @Test func aSixteenByteIntegerBeyondSixtyFourBitsIsRefused() {
        let twoToThe100 = BinaryPlistBytes.suite(key: "n") { plist in
            plist.add([0x14] + BinaryPlistBytes.bigEndian(1 << 36, size: 8) + BinaryPlistBytes.bigEndian(0, size: 8))
        }

        #expect(refusal(twoToThe100) == "is a binary property list whose object 2 holds an integer beyond 64 bits, which a suite cannot hold exactly")
    }

    @Test func aSetIsRefusedBeforeFoundationSeesIt() {
        let data = BinaryPlistBytes.suite(key: "s") { plist in
            let member = plist.add(BinaryPlistBytes.int(1))
            return plist.add([0xC1] + plist.ref(member))
        }

        #expect(refusal(data) == "is a binary property list whose object 3 holds a set, which a suite cannot hold (only arrays and dictionaries)")
    }

    @Test func aUIDNullAndAnUnknownTypeAreRefused() {
        for (marker, reason) in [([UInt8]([0x80, 0x01]), "a keyed archiver's UID"), ([0x00], "a null or fill object"),
                                 ([0x70], "an object of unknown type 0x7")] {
            let data = BinaryPlistBytes.suite(key: "x") { $0.add(marker) }
            #expect(refusal(data)?.contains(reason) == true, "\(marker): \(refusal(data) ?? "read")")
        }
    }

    @Test func arraysNestedAHundredThousandDeepAreRefusedWithoutExhaustingTheStack() {
        var plist = BinaryPlistBytes(referenceSize: 4)
        let depth = 100_000
        for level in 0..<depth { plist.add(level == depth - 1 ? [0xA0] : [0xA1] + plist.ref(level + 1)) }

        #expect(refusal(plist.document()) == "nests arrays and dictionaries more than 512 levels deep (or refers to itself)")
    }

    @Test func anArrayThatHoldsItselfIsRefused() {
        var plist = BinaryPlistBytes()
        plist.add([0xA1, 0x00])

        #expect(refusal(plist.document())?.contains("refers to itself") == true)
    }

    @Test func sharedObjectsThatExpandFarBeyondTheFileAreRefused() {
        // Each array holds the next one twice: 40 levels would expand to 2^40 values.
        var plist = BinaryPlistBytes()
        for level in 0..<40 { plist.add(level == 39 ? BinaryPlistBytes.int(1) : [0xA2] + plist.ref(level + 1) + plist.ref(level + 1)) }

        #expect(refusal(plist.document()) == "is a binary property list whose references expand far beyond its size")
    }

    @Test func aDictionaryWithOneKeyInTwoUnicodeNormalizationsIsRefusedNamingBoth() {
        // A Swift dictionary keeps one of "café" and "cafe" + U+0301: a value would be lost.
        var plist = BinaryPlistBytes()
        plist.add([0xD2, 1, 2, 3, 4])
        plist.add(BinaryPlistBytes.utf16("caf\u{E9}"))
        plist.add(BinaryPlistBytes.utf16("cafe\u{301}"))
        plist.add(BinaryPlistBytes.int(1))
        plist.add(BinaryPlistBytes.int(2))

        #expect(refusal(plist.document()) == #"holds the keys "caf\u{E9}" and "cafe\u{301}" in one dictionary, "#
            + "the same text in two Unicode normalizations (rename one of them)")
    }

    @Test func aDamagedTrailerOrAnOffsetOutsideTheFileIsRefused() {
        var plist = BinaryPlistBytes()
        plist.add(BinaryPlistBytes.int(1))
        var damaged = plist.document()
        damaged[damaged.count - 1] = 0xFF  // the offset table now lies beyond the end

        #expect(refusal(damaged)?.hasPrefix("is a binary property list") == true)
        #expect(refusal(Data("bplist00".utf8))?.hasPrefix("is a binary property list") == true)
    }

    @Test func everyCutOfAValidFileIsRefusedOrRead() throws {
        let bytes = try PropertyListSerialization.data(fromPropertyList: PlistValue.dictionary(PlistSamples.everything).foundationObject,
                                                       format: .binary, options: 0)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            _ = try? PlistDocument.read(bytes.prefix(length))  // must return, not crash
        }
        #expect(try read(bytes) != .dictionary([:]))
    }
}

/// Text plists nested beyond the limit are refused before any recursive reader sees them.
@Suite("Deeply nested text plists")
struct PlistNestingTests {
    private static func nested(_ depth: Int, open: String, close: String, inner: String = "") -> Data {
        Data((String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)).utf8)
    }

    @Test func xmlArraysAHundredThousandDeepAreRefused() {
        let body = Self.nested(100_000, open: "<array>", close: "</array>")
        let document = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>k</key>"#.utf8)
            + body + Data("</dict></plist>".utf8)

        #expect(throws: PlistDocument.Refusal(reason: "nests arrays and dictionaries more than 512 levels deep")) {
            try PlistDocument.read(document)
        }
    }

    @Test func xmlJustWithinTheLimitIsRead() throws {
        let body = Self.nested(511, open: "<array>", close: "</array>")
        let document = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>k</key>"#.utf8)
            + body + Data("</dict></plist>".utf8)

        var value = try PlistDocument.read(document).root
        var depth = 0
        if case .dictionary(let entries) = value { value = entries["k"] ?? value; depth += 1 }
        while case .array(let items) = value { depth += 1; value = items.first ?? .bool(false) }
        #expect(depth == 512)
    }

    @Test func xmlOurReaderLeavesToFoundationIsCheckedToo() {
        // A CDATA section sends the document to Foundation; the scan refuses it first.
        let body = Self.nested(100_000, open: "<dict><key><![CDATA[k]]></key>", close: "</dict>", inner: "<dict/>")
        let document = Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#.utf8) + body + Data("</plist>".utf8)

        #expect(throws: PlistDocument.Refusal(reason: "nests arrays and dictionaries more than 512 levels deep")) {
            try PlistDocument.read(document)
        }
    }

    @Test func utf16XMLIsScannedToo() {
        let text = #"<?xml version="1.0" encoding="UTF-16"?><plist version="1.0"><dict><key>k</key>"#
            + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</dict></plist>"
        let document = text.data(using: .utf16)!

        #expect(throws: PlistDocument.Refusal(reason: "nests arrays and dictionaries more than 512 levels deep")) {
            try PlistDocument.read(document)
        }
    }

    @Test func openStepTextNestedAHundredThousandDeepIsRefused() {
        let document = Self.nested(100_000, open: "(", close: ")", inner: "\"(quoted)\"")

        #expect(throws: PlistDocument.Refusal(reason: "nests arrays and dictionaries more than 512 levels deep")) {
            try PlistDocument.read(document)
        }
    }
}
