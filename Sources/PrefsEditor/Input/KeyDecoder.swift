/// Turns what the terminal library reads (a character, or one of its key codes) into the
/// editor's input, without a terminal: the key codes of the library are given to it as a table,
/// so the one file that talks to ncurses only reads and hands over, and the decoding is tested
/// on its own.
struct KeyDecoder: Sendable {
    /// One read from the terminal.
    enum Read: Sendable, Equatable {
        /// A character (`wget_wch` returned OK).
        case character(UInt32)
        /// A key code (`wget_wch` returned KEY_CODE_YES).
        case keyCode(Int32)
    }

    /// What a read means to the editor.
    enum Decoded: Sendable, Equatable {
        case key(KeyEvent)
        case pasteStart, pasteEnd
        /// `ESC [ <`, the start of an SGR mouse report; its parameters follow as characters.
        case mouseStart
        case resize
        /// Nothing the editor acts on (an unknown code, a C0 character without a key).
        case ignored
    }

    /// The library's codes of the keys the editor knows (KEY_UP → .up …, F1 → .function(1) …).
    let functionKeys: [Int32: KeyEvent]
    /// The library's code for a resize (KEY_RESIZE).
    let resizeCode: Int32
    /// The codes given to the bracketed-paste markers (`ESC [200~`, `ESC [201~`).
    let pasteStartCode: Int32
    let pasteEndCode: Int32
    /// The code given to `ESC [ <`, and the library's own mouse code (KEY_MOUSE, which it
    /// returns for that prefix where the terminal description says so).
    let mouseCodes: Set<Int32>

    func decode(_ read: Read) -> Decoded {
        switch read {
        case .keyCode(let code):
            if code == pasteStartCode { return .pasteStart }
            if code == pasteEndCode { return .pasteEnd }
            if code == resizeCode { return .resize }
            if mouseCodes.contains(code) { return .mouseStart }
            return functionKeys[code].map(Decoded.key) ?? .ignored
        case .character(let character):
            return Self.key(character).map(Decoded.key) ?? .ignored
        }
    }

    /// A typed character as a key: Enter, Esc, Tab, Backspace, Ctrl-letter, or text.
    static func key(_ character: UInt32) -> KeyEvent? {
        switch character {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 127, 8: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(96 + character))))
        case 28: return .control("\\")
        default:
            guard character >= 32, let scalar = Unicode.Scalar(character) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// Adds a character read inside a bracketed paste to its text: the terminal sends a line
    /// break as CR, which the text keeps as a line feed; anything else is kept as typed.
    static func appendPasted(_ character: UInt32, to text: inout String) {
        if character == 13 {
            text += "\n"
        } else if let scalar = Unicode.Scalar(character) {
            text.unicodeScalars.append(scalar)
        }
    }
}
