import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// A bracketed paste read in chunks as the terminal sends it (issue 38, item 13): the limit
/// holds while the bytes arrive, and the rest is only scanned for the end marker.
@Suite("Bracketed pastes read in chunks")
struct PasteReaderTests {
    private let end = Array("\u{1B}[201~".utf8)

    /// Feeds `bytes` in chunks of `size`; the text, whether it ended, and the bytes after its end.
    private func read(_ bytes: [UInt8], inChunksOf size: Int, limit: Int = 100) -> (text: String, after: [UInt8]?, tooLong: Bool) {
        var reader = PasteReader(limit: limit)
        var start = 0
        while start < bytes.count {
            let chunk = bytes[start..<min(bytes.count, start + size)]
            if case .ended(let after) = reader.feed(chunk) {
                return (reader.text, after + bytes[min(bytes.count, start + size)...], reader.isTooLong)
            }
            start += size
        }
        return (reader.finishWithoutEndMarker(), nil, reader.isTooLong)
    }

    @Test(arguments: [1, 2, 5, 64])
    func aPasteEndsAtItsMarkerWhereverTheChunksAreCut(size: Int) {
        let bytes = Array("Tromsø, 北京 🌦\r2".utf8) + end + Array("q".utf8)

        let (text, after, tooLong) = read(bytes, inChunksOf: size)

        #expect(text == "Tromsø, 北京 🌦\n2")
        #expect(after == Array("q".utf8))
        #expect(!tooLong)
    }

    @Test func whatLooksLikeTheMarkerButIsNotIsText() {
        let bytes = Array("a\u{1B}[20x\u{1B}\u{1B}[201".utf8) + Array("b".utf8) + end

        #expect(read(bytes, inChunksOf: 3).text == "a\u{1B}[20x\u{1B}\u{1B}[201b")
    }

    @Test func bytesThatAreNotUTF8AreOneReplacementEach() {
        let bytes: [UInt8] = [0x61, 0xC3, 0x62, 0xFF, 0xE2, 0x82, 0x63, 0xED, 0xA0, 0x80] + end

        #expect(read(bytes, inChunksOf: 1).text == "a\u{FFFD}b\u{FFFD}\u{FFFD}c\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test func aPasteWithoutItsEndKeepsWhatCame() {
        let (text, after, _) = read(Array("abc\u{1B}[20".utf8), inChunksOf: 4)

        #expect(text == "abc\u{1B}[20")
        #expect(after == nil)
    }

    /// Megabytes: one character past the limit is kept, the rest only scanned.
    @Test func megabytesKeepOneCharacterPastTheLimit() {
        let bytes = [UInt8](repeating: 0x78, count: 3_000_000) + end + [0x71]

        let (text, after, tooLong) = read(bytes, inChunksOf: 65_536, limit: 65_536)

        #expect(text.unicodeScalars.count == 65_537)
        #expect(tooLong)
        #expect(after == [0x71])
    }
}
