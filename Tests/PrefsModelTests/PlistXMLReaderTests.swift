import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// Our plist reader reads what Foundation reads, and leaves to Foundation whatever it does not
/// understand exactly.
@Suite("The plist reader")
struct PlistXMLReaderTests {
    private func foundationParse(_ bytes: [UInt8]) throws -> PlistValue? {
        PlistValue(foundationObject: try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil))
    }

    private func ours(_ text: String) -> PlistValue? {
        PlistXMLReader.value(from: Data(text.utf8))
    }

    private func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>

        """
    }

    @Test func readsEverySampleAsFoundationReadsIt() throws {
        let bytes = try PlistXMLWriter.document(PlistSamples.everythingExact)

        let read = PlistXMLReader.value(from: Data(bytes))

        #expect(PlistSamples.same(read, .dictionary(PlistSamples.everythingExact)))
        #expect(PlistSamples.same(read, try foundationParse(bytes)))
    }

    @Test func readsGeneratedDocumentsBackAsWritten() throws {
        var generator = PlistDocumentGenerator(random: SeededGenerator(seed: 20261121))
        for round in 0..<300 {
            let values = generator.document()
            let bytes = try PlistXMLWriter.document(values)

            let read = PlistXMLReader.value(from: Data(bytes))

            try #require(PlistSamples.same(read, Self.wholeSeconds(.dictionary(values))), "document \(round)")
            try #require(PlistSamples.same(read, try foundationParse(bytes)), "document \(round) against Foundation")
        }
    }

    /// The value with its dates cut to whole seconds, as `<date>` stores them.
    private static func wholeSeconds(_ value: PlistValue) -> PlistValue {
        switch value {
        case .date(let date): return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
        case .array(let items): return .array(items.map(wholeSeconds))
        case .dictionary(let entries): return .dictionary(entries.mapValues(wholeSeconds))
        default: return value
        }
    }

    @Test func readsWhatPythonsPlistlibWrites() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/python.plist"
        let script = """
            import datetime, plistlib, sys
            value = {"text": "a<b>&c \\"q\\" 'a' ]]> é 😀", "": "empty key", "empty": "", "int": -42,
                     "big": 18446744073709551615, "small": -9223372036854775808, "real": 0.1, "whole": 3.0,
                     "exp": 1e+300, "yes": True, "no": False, "date": datetime.datetime(1999, 12, 31, 23, 59, 58),
                     "bytes": bytes(range(200)), "list": [1, [2, {}], []], "nested": {"a": {"b": b""}}}
            with open(sys.argv[1], "wb") as f: plistlib.dump(value, f)
            """
        let result = try ChildProcess.run(executablePath: "/usr/bin/env", arguments: ["python3", "-c", script, path],
                                          configHome: directory.path)
        try #require(result.status == 0, "python: \(result.error)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))

        let read = PlistXMLReader.value(from: Data(bytes))

        try #require(read != nil, "our reader left plistlib's output to Foundation")
        #expect(PlistSamples.same(read, try foundationParse(bytes)))
        guard case .dictionary(let values)? = read else { return }
        #expect(values["text"] == .string("a<b>&c \"q\" 'a' ]]> é 😀"))
        #expect(values["big"] == .unsignedInt(.max))
        #expect(values["small"] == .int(.min))
        #expect(values["whole"] == .double(3))
        #expect(values["bytes"] == .data(Data((0..<200).map { UInt8($0) })))
        #expect(values["date"] == .date(Date(timeIntervalSince1970: 946_684_798)))
    }

    @Test func decodesEveryEntityAndCharacterReference() {
        let read = ours(document("<string>&lt;&gt;&amp;&quot;&apos;&#13;&#x41;&#233;&#x1F600;</string>"))

        #expect(read == .string("<>&\"'\rAé😀"))
    }

    @Test func readsEmptyElementsCommentsAndWhitespace() {
        let read = ours(document("""
            <!-- a comment --> <dict>
            \t<key>s</key> <!-- between -->
            \t<string/>
            \t<key>k</key><string></string>
            \t<key>d</key><dict/>
            \t<key>a</key><array/>
            \t<key>b</key><data/>
            </dict>
            """))

        #expect(read == .dictionary(["s": .string(""), "k": .string(""), "d": .dictionary([:]), "a": .array([]), "b": .data(Data())]))
    }

    @Test func integersAboveInt64MaxAreUnsigned() {
        #expect(ours(document("<integer>9223372036854775807</integer>")) == .int(.max))
        #expect(ours(document("<integer>9223372036854775808</integer>")) == .unsignedInt(UInt64(Int.max) + 1))
        #expect(ours(document("<integer>-9223372036854775808</integer>")) == .int(.min))
    }

    @Test func realsInEverySpelling() {
        #expect(ours(document("<real>nan</real>")).map { if case .double(let x) = $0 { x.isNaN } else { false } } == true)
        #expect(ours(document("<real>+infinity</real>")) == .double(.infinity))
        #expect(ours(document("<real>-infinity</real>")) == .double(-.infinity))
        #expect(PlistSamples.same(ours(document("<real>-0.0</real>")), .double(-0.0)))
        #expect(ours(document("<real>2.5e-3</real>")) == .double(0.0025))
    }

    @Test func dataMayBeSplitOverIndentedLines() {
        #expect(ours(document("<data>\n\t\tAAEC\n\t\tAw==\n\t</data>")) == .data(Data([0, 1, 2, 3])))
    }

    /// Unusual but valid: Foundation decides, and our reader must say so rather than guess.
    @Test(arguments: [
        "<string><![CDATA[x]]></string>", "<string a=\"b\">x</string>", "<integer>0x10</integer>", "<integer>+1</integer>",
        "<integer> 1</integer>", "<integer>18446744073709551616</integer>", "<real>inf</real>", "<real>.5</real>",
        "<uid>1</uid>", "<true></true>", "<date>2026-11-21T09:30:00+01:00</date>", "<data>AAE</data>", "<data>A=AA</data>",
        "<string>&unknown;</string>", "<string>&#0;</string>", "<string>a\rb</string>", "<string>&#xFEFF;x</string>",
        "<dict><key>a</key><true/><key>a</key><false/></dict>",
    ])
    func leavesWhatItDoesNotUnderstandExactlyToFoundation(body: String) {
        #expect(ours(document(body)) == nil)
    }

    /// Text of ASCII bytes is taken without a UTF-8 check; any other byte still gets one, in a
    /// key and in a string, wherever it stands in the text.
    @Test func textThatIsNotUTF8IsLeftToFoundationAndUTF8IsRead() {
        for invalid in [[0xFF], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0x80]] as [[UInt8]] {
            for (before, after) in [("", ""), ("a", ""), ("", "b"), ("abc", "def")] {
                let text = Array(before.utf8) + invalid + Array(after.utf8)
                let wrapped = { (opening: String, closing: String) -> [UInt8] in
                    let parts = document("TEXT").components(separatedBy: "TEXT")
                    return Array((parts[0] + opening).utf8) + text + Array((closing + parts[1]).utf8)
                }
                let asString = wrapped("<string>", "</string>")
                let asKey = wrapped("<dict><key>", "</key><true/></dict>")

                #expect(PlistXMLReader.value(from: Data(asString)) == nil, "\(text)")
                #expect(PlistXMLReader.value(from: Data(asKey)) == nil, "\(text)")
            }
        }
        #expect(ours(document("<dict><key>é</key><string>ab😀c</string></dict>")) == .dictionary(["é": .string("ab😀c")]))
    }

    @Test func leavesBinaryPlistsToFoundation() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)

        #expect(PlistXMLReader.value(from: binary) == nil)
    }

    @Test func everyTruncationIsRefusedOrReadAsFoundationReadsIt() throws {
        let bytes = try PlistXMLWriter.document(["city": .string("Oslo & <Bergen>"), "n": .int(-12), "r": .double(0.5),
                                                 "d": .data(Data(0..<40)), "l": .array([.bool(true), .date(Date(timeIntervalSince1970: 0))])])
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])

            let read = PlistXMLReader.value(from: Data(prefix))

            // Only a cut in the trailing newline still reads; then Foundation reads the same.
            if let read {
                #expect(PlistSamples.same(read, try? foundationParse(prefix)), "cut at byte \(length)")
            }
            #expect(read == nil || length >= bytes.count - 1, "cut at byte \(length) was read")
        }
    }

    // The document's table is made at its size from its `<key>` tags: those of its own
    // entries, not of the dictionaries inside them (a table sized for every key of a file was
    // as large as the file's whole key count, for a root of two entries).
    @Test func theRootTableIsSizedForItsOwnEntries() throws {
        let inner = (0..<2_000).map { "<key>k\($0)</key><true/>" }.joined()
        let read = ours(document("<dict><key>a</key><dict>\(inner)</dict><key>b</key><array><dict>\(inner)</dict></array></dict>"))

        guard case .dictionary(let root)? = read, case .dictionary(let nested)? = root["a"] else {
            Issue.record("not read: \(String(describing: read))")
            return
        }
        #expect(root.count == 2 && nested.count == 2_000)
        #expect(root.capacity < 100)
    }
}
