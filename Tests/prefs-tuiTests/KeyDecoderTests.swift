import Testing
@testable import PrefsEditor

/// The keys and pastes the terminal reads, decoded without a terminal: the codes of ncurses
/// come in as a table, the rest is the decoder's own.
@Suite("Key decoding, without a terminal")
struct KeyDecoderTests {
    private let decoder = KeyDecoder(functionKeys: [259: .up, 265: .function(1)], resizeCode: 410,
                                     pasteStartCode: 0x2000, pasteEndCode: 0x2001, mouseCodes: [0x2002, 409])

    @Test func controlCharactersAreTheirKeys() {
        let keys = [10, 13, 27, 9, 127, 8, 1, 21, 26, 28].map { KeyDecoder.key($0) }
        #expect(keys == [.enter, .enter, .escape, .tab, .backspace, .backspace, .control("a"), .control("u"), .control("z"), .control("\\")])
    }

    @Test func printableCharactersAreTextAndOtherC0CharactersAreNothing() {
        #expect(KeyDecoder.key(0x71) == .character("q"))
        #expect(KeyDecoder.key(0x6771) == .character("東"))
        #expect(KeyDecoder.key(0x1F600) == .character("😀"))
        #expect(KeyDecoder.key(0) == nil && KeyDecoder.key(29) == nil && KeyDecoder.key(31) == nil)
        #expect(KeyDecoder.key(0xD800) == nil)                 // a lone surrogate is no character
    }

    @Test func keyCodesGoThroughTheTableAndTheMarkers() {
        #expect(decoder.decode(.keyCode(259)) == .key(.up))
        #expect(decoder.decode(.keyCode(265)) == .key(.function(1)))
        #expect(decoder.decode(.keyCode(410)) == .resize)
        #expect(decoder.decode(.keyCode(0x2000)) == .pasteStart)
        #expect(decoder.decode(.keyCode(0x2001)) == .pasteEnd)
        #expect(decoder.decode(.keyCode(999)) == .ignored)
        #expect(decoder.decode(.character(27)) == .key(.escape))
        #expect(decoder.decode(.character(30)) == .ignored)
    }

    @Test func aPastedCarriageReturnIsALineBreakAndTheRestIsKept() {
        var text = ""
        for character: UInt32 in [0x61, 13, 0x62, 9, 0x1B, 0xE9] { KeyDecoder.appendPasted(character, to: &text) }
        #expect(text == "a\nb\t\u{1B}é")
    }
}
