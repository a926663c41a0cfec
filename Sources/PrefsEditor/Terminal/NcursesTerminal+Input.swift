import CNcurses
import CTerminalGuard
import Foundation
import Glibc

// Reading what the person did: keys, mouse reports and pastes, through ncurses and around it.
extension NcursesTerminal {
    /// Everything that arrived, without waiting: keys, whole pastes, resizes.
    func readEvents() -> [EditorEvent] {
        wtimeout(window, 0)
        var events: [EditorEvent] = []
        while let input = readInput() {
            switch input {
            case .pasteStart: events += (isUTF8 ? readPastes() : [readPasteThroughCurses()]).map(EditorEvent.paste)
            case .pasteEnd: break
            case .event(let event): events.append(event)
            }
        }
        return events
    }

    enum Input {
        case event(EditorEvent)
        case pasteStart, pasteEnd
    }

    /// One input, or nil when none is waiting (within the current timeout).
    func readInput() -> Input? {
        while true {
            guard let read = readOnce() else { return nil }
            if let event = continueMouseReport(with: read) {
                guard let event = event else { continue }
                return .event(.mouse(event))
            }
            switch decoder.decode(read) {
            case .pasteStart: return .pasteStart
            case .pasteEnd: return .pasteEnd
            case .mouseStart:
                openReport = (SGRMouseReport(), ProcessInfo.processInfo.systemUptime + Self.mouseReportWait)
            case .resize: return .event(.resize(width: size.width, height: size.height))
            case .key(let key): return .event(.key(key))
            case .ignored: continue
            }
        }
    }

    /// How long a mouse report stays open for the rest of it: a report split by a slow link
    /// (ssh, a loaded machine) still ends whole within this, and its tail is never typed as keys.
    /// Nothing waits for it: the report stays open between reads, and what arrives after this is
    /// input of its own.
    static let mouseReportWait = 2.0


    /// Feeds a read to the open mouse report, if there is one: `.some(event)` when the read
    /// belonged to the report (the event when it ended one the editor uses, else nil), nil when
    /// there is no open report or the read is input of its own (it cut the report off, or came
    /// after the report closed). A new `ESC [ <` starts a new report.
    func continueMouseReport(with read: KeyDecoder.Read) -> MouseEvent?? {
        guard var open = openReport else { return nil }
        openReport = nil
        guard ProcessInfo.processInfo.systemUptime < open.closes, case .character(let character) = read else { return nil }
        switch open.report.feed(character) {
        case .incomplete:
            openReport = open
            return .some(nil)
        case .finished(var event):
            event?.time = ProcessInfo.processInfo.systemUptime
            return .some(event)
        case .interrupted:
            return nil
        }
    }

    /// One read from ncurses, or nil when nothing is waiting.
    func readOnce() -> KeyDecoder.Read? {
        var character: wint_t = 0
        let result = wget_wch(window, &character)
        if result == KEY_CODE_YES { return .keyCode(Int32(character)) }
        return result == OK ? .character(UInt32(character)) : nil
    }

    /// The text between the paste markers, read straight from the terminal in large chunks (see
    /// ``PasteReader`` for why not through ncurses); waits up to 200 ms at a time for the rest of
    /// a long paste. A paste is read to its end marker however long it is, but kept only one
    /// character past ``EditorState/pasteLimit``: the update refuses it, and a huge paste costs
    /// neither memory nor more than a scan of its bytes.
    ///
    /// ncurses has read nothing past the start marker: it stops at the last byte of a key it
    /// matched, and reads the descriptor itself, with no buffer of its own beyond the keys
    /// pushed back. Bytes after the end marker (keys typed right after the paste) are pushed
    /// back to it, up to the size of its queue.
    func readPastes() -> [String] {
        var pastes: [String] = []
        var reader = PasteReader(limit: EditorState.pasteLimit)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // Bytes read past one paste's end that begin another: a second paste in the same read
        // (two pastes in quick succession, a slow link) is read here too, or its body, pushed
        // back to ncurses, would arrive as keys (`u`, `r`, `q` acting as commands).
        var pending: [UInt8] = []
        var typedAfter: [UInt8] = []
        while true {
            var bytes: ArraySlice<UInt8>
            if pending.isEmpty {
                var waiting = pollfd(fd: device.input, events: Int16(POLLIN), revents: 0)
                let ready = poll(&waiting, 1, 200)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { break }
                let count = chunk.withUnsafeMutableBytes { read(device.input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { break }
                bytes = chunk[..<count]
            } else {
                bytes = pending[...]
                pending = []
            }
            guard case .ended(let after) = reader.feed(bytes) else { continue }
            pastes.append(reader.text)
            reader = PasteReader(limit: EditorState.pasteLimit)
            if let start = Self.firstRange(of: Self.pasteStartMarker, in: after) {
                // Keys typed between the two pastes are taken after both.
                typedAfter += after[..<start.lowerBound]
                pending = Array(after[start.upperBound...])
                continue
            }
            typedAfter += after
            for byte in typedAfter.prefix(Self.pushedBackLimit).reversed() { ungetch(Int32(byte)) }
            return pastes
        }
        pastes.append(reader.finishWithoutEndMarker())
        for byte in typedAfter.prefix(Self.pushedBackLimit).reversed() { ungetch(Int32(byte)) }
        return pastes
    }

    static let pasteStartMarker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]   // ESC [ 2 0 0 ~

    static func firstRange(of marker: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= marker.count else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] && Array(bytes[start..<start + marker.count]) == marker {
            return start..<start + marker.count
        }
        return nil
    }

    /// A paste in a locale that is not UTF-8, through ncurses (which decodes the locale's
    /// encoding), a character at a time: kept one past the limit, the rest read and dropped.
    func readPasteThroughCurses() -> String {
        wtimeout(window, 200)
        defer { wtimeout(window, 0) }
        var text = ""
        var kept = 0
        while let read = readOnce() {
            switch read {
            case .keyCode(let code):
                if decoder.decode(.keyCode(code)) == .pasteEnd { return text }
            case .character(let character):
                guard kept <= EditorState.pasteLimit else { continue }
                KeyDecoder.appendPasted(character, to: &text)
                kept += 1
            }
        }
        return text
    }

    /// The most bytes after a paste pushed back to ncurses (its queue holds a little over 100).
    static let pushedBackLimit = 100

    /// ncurses' codes of the keys the editor knows, for the pure ``KeyDecoder``.
    static let decoder: KeyDecoder = {
        var keys: [Int32: KeyEvent] = [
            KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
            KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown, KEY_HOME: .home, KEY_END: .end,
            KEY_ENTER: .enter, KEY_BTAB: .backTab, KEY_BACKSPACE: .backspace, KEY_DC: .delete,
            // xterm's terminfo names `ESC [1~` Find and `ESC [4~` Select (the VT220 keypad's
            // keys in their place), and tmux sends them for Home and End in a pane whose TERM
            // is xterm-256color, a common setup: here they are Home and End, as elsewhere.
            KEY_FIND: .home, KEY_SELECT: .end,
        ]
        for number in 1...12 { keys[prefs_key_f(Int32(number))] = .function(number) }
        return KeyDecoder(functionKeys: keys, resizeCode: KEY_RESIZE, pasteStartCode: pasteStartCode, pasteEndCode: pasteEndCode,
                          mouseCodes: [mouseStartCode, KEY_MOUSE])
    }()

    var decoder: KeyDecoder { Self.decoder }
}
