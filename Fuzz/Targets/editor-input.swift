// Fuzz target editor-input: the editor's pure core (EditorState, EditorUpdate, EditorRenderer,
// FrameDiff, KeyDecoder, SGRMouseReport, MouseEvent) driven as the terminal loop drives it, with
// no terminal. The bytes are a script:
//
//   byte 0      the settings (FuzzSettings: schema, site locks, overrides, unreadable file)
//   byte 1      options: ASCII markers, a key list that follows the file, monochrome, non-UTF-8
//               locale, initial size class
//   then        stored values of the user's file (FuzzSettings.stored), then events until the
//               bytes end, one opcode byte each (see `step`): bits 0–4 the event, bit 5 "draw
//               this frame", bit 6 "the terminal read goes on" (the loop does not wake yet), bit 7
//               for typed characters "beyond ASCII".
//
// Terminal input goes through the same steps as NcursesTerminal.readEvents: each read (a
// character or a key code) through KeyDecoder.decode; after `ESC [ <` the characters through
// SGRMouseReport until it ends, is interrupted (the character read again) or input runs dry
// (the terminal's one-second wait); bracketed pastes through KeyDecoder.appendPasted. Other
// events are built directly: resizes (0, 1, 65,535 and beyond), mouse reports through
// MouseEvent.sgr(parameters:final:) with huge, negative and extra fields, pastes up to past the
// paste limit, changes by another program, timers, a write that waits for a lock. Writes the
// update asks for stay pending (keys typed meanwhile are held, as with the real write queue)
// until an opcode completes them through WriteQueue.write, or fails them (a full disk). As the
// loop draws once per wake-up, the state is rendered and diffed against the previous frame
// after an opcode that handed events over (not after those with bit 6) and has bit 5, up to
// ``Session/frameLimit`` frames a run, or else once at the end. Drawing every wake-up made a
// frame per opcode the cost of the run (12 runs a second); the renderer is a function of the
// state alone, so states reached and drawn across runs cover what every frame would.
//
// Only screens a terminal can have are drawn: each side up to 65,535 (the kernel's window size
// is 16 bits) and up to 65,536 cells (512 × 128, or 2,048 × 32; a frame costs time and memory per
// cell: 4 M cells took over 10 s per frame here under ASan, and frames of 262,144 cells held the
// target to a few hundred runs a second; 0 × Int.max loops Int.max rows in FrameDiff: neither is a
// finding). Larger sizes still run through the update and its layout arithmetic.
import Foundation
@testable import PrefsEditor
@testable import PrefsModel

private enum Codes {
    // Key codes in ncurses' numbering (the values do not matter, only that they are distinct).
    static let up: Int32 = 0o403, down: Int32 = 0o402, left: Int32 = 0o404, right: Int32 = 0o405
    static let home: Int32 = 0o406, backspace: Int32 = 0o407, f0: Int32 = 0o410, delete: Int32 = 0o512
    static let pageDown: Int32 = 0o522, pageUp: Int32 = 0o523, enter: Int32 = 0o527, backTab: Int32 = 0o541
    static let end: Int32 = 0o550, mouse: Int32 = 0o631, resize: Int32 = 0o632
    static let pasteStart: Int32 = 0o1000, pasteEnd: Int32 = 0o1001, mouseStart: Int32 = 0o1002

    static let decoder: KeyDecoder = {
        var keys: [Int32: KeyEvent] = [up: .up, down: .down, left: .left, right: .right, pageUp: .pageUp, pageDown: .pageDown,
                                       home: .home, end: .end, enter: .enter, backTab: .backTab, backspace: .backspace, delete: .delete]
        for number in 1...12 { keys[f0 + Int32(number)] = .function(number) }
        return KeyDecoder(functionKeys: keys, resizeCode: resize, pasteStartCode: pasteStart, pasteEndCode: pasteEnd,
                          mouseCodes: [mouseStart, mouse])
    }()

    static let all: [Int32] = [up, down, left, right, home, end, pageUp, pageDown, enter, backTab, backspace, delete,
                               f0 + 1, f0 + 2, f0 + 10, f0 + 12, f0 + 13, f0, resize, mouse, 0o777, -1, Int32.max]
}

/// What the terminal has read and not yet handed over, and the reading of it: a copy of
/// NcursesTerminal's readEvents, readMouseReport and readPaste over a queue of reads instead of
/// wget_wch (an empty queue is a read that timed out).
private struct TerminalReads {
    var queue: [KeyDecoder.Read] = []
    var position = 0
    var pendingRead: KeyDecoder.Read?
    var size = (width: 80, height: 24)
    var clock = 1_000.0

    mutating func readOnce() -> KeyDecoder.Read? {
        if let read = pendingRead {
            pendingRead = nil
            return read
        }
        guard position < queue.count else { return nil }
        defer { position += 1 }
        return queue[position]
    }

    mutating func readEvents() -> [EditorEvent] {
        var events: [EditorEvent] = []
        while let read = readOnce() {
            switch Codes.decoder.decode(read) {
            case .pasteStart: events.append(.paste(readPaste()))
            case .pasteEnd: break
            case .mouseStart: if let event = readMouseReport() { events.append(.mouse(event)) }
            case .resize: events.append(.resize(width: size.width, height: size.height))
            case .key(let key): events.append(.key(key))
            case .ignored: continue
            }
        }
        queue.removeAll()
        position = 0
        return events
    }

    private mutating func readMouseReport() -> MouseEvent? {
        var report = SGRMouseReport()
        while true {
            guard let read = readOnce() else { return nil }
            switch read {
            case .keyCode:
                if Codes.decoder.decode(read) == .mouseStart {
                    report = SGRMouseReport()
                } else {
                    pendingRead = read
                    return nil
                }
            case .character(let character):
                switch report.feed(character) {
                case .incomplete: continue
                case .finished(var event):
                    event?.time = clock
                    return event
                case .interrupted:
                    pendingRead = read
                    return nil
                }
            }
        }
    }

    private mutating func readPaste() -> String {
        var text = ""
        var kept = 0
        while let read = readOnce() {
            switch read {
            case .keyCode(let code):
                if Codes.decoder.decode(.keyCode(code)) == .pasteEnd { return text }
            case .character(let character):
                guard kept <= EditorState.pasteLimit else { continue }
                KeyDecoder.appendPasted(character, to: &text)
                kept += 1
            }
        }
        return text
    }
}

/// The editor loop without a terminal.
private final class Session {
    let settings: FuzzSettings
    var state: EditorState
    var terminal = TerminalReads()
    var pendingWrites: [[String: PlistValue?]] = []
    var quit = false
    var previous: ScreenGrid?
    /// Whether an event came since the last frame: the loop draws once per wake, after all the
    /// events it took.
    var dirty = false
    let monochrome: Bool
    let isUTF8: Bool

    init(settings: FuzzSettings, options: UInt8, width: Int, height: Int) {
        self.settings = settings
        monochrome = options & 4 != 0
        isUTF8 = options & 8 == 0
        let listing: KeyListing = options & 2 != 0 ? .followingStore(hidden: ["city"]) : .schema
        // The controller builds the first state as the terminal session does (snapshot, rows,
        // live preview, the first message); from there this loop runs the update itself, so a
        // write can stay pending while more input arrives.
        let controller = EditorController(prefs: settings.prefs, suiteName: settings.prefs.schema.suiteName,
                                          width: width, height: height, asciiMarkers: options & 1 != 0,
                                          showsCursor: options & 16 != 0, capturesMouse: options & 32 == 0, keyListing: listing)
        state = controller.state
        terminal.size = (width, height)
        // The first frame is drawn with the first the script asks for, or at the end.
        dirty = true
    }

    func send(_ event: EditorEvent) {
        if Self.tracing { print("event:", String(describing: event).prefix(200)) }
        for effect in EditorUpdate.update(&state, event) {
            if Self.tracing { print("  effect:", String(describing: effect).prefix(200)) }
            switch effect {
            case .write(let changes): pendingWrites.append(changes)
            case .quit: quit = true
            case .suspend, .wakeUp: break
            case .captureMouse(let on): state.capturesMouse = on
            }
        }
        dirty = true
    }

    /// FUZZ_EDITOR_TRACE=1: print each event, its effects and the last screen (to read what a
    /// reproducer does: `FUZZ_EDITOR_TRACE=1 .build-fuzz/bin/editor-input FILE`).
    static let tracing = ProcessInfo.processInfo.environment["FUZZ_EDITOR_TRACE"] == "1"

    /// The most frames drawn in one run, besides the first and the last.
    static let frameLimit = 3
    var framesDrawn = 0

    func draw() {
        dirty = false
        framesDrawn += 1
        let (cells, overflow) = state.width.multipliedReportingOverflow(by: state.height)
        guard !overflow, cells <= 1 << 16, state.width <= 65_535, state.height <= 65_535 else { return }
        let grid = EditorRenderer.render(state)
        if Self.tracing { print(grid.text) }
        _ = FrameDiff.between(previous, and: grid, monochrome: monochrome, isUTF8: isUTF8)
        previous = grid
    }

    /// The oldest pending write ends, as the write queue reports it.
    func finishWrite() {
        guard !pendingWrites.isEmpty else { return }
        send(.writeFinished(WriteQueue.write(pendingWrites.removeFirst(), to: settings.prefs)))
    }
}

private enum Scripts {
    /// Fields of a mouse report: real ones, the bounds, and what no terminal sends.
    static let fields = ["0", "1", "2", "3", "4", "32", "35", "64", "65", "66", "96", "127", "128", "255", "256",
                         "1", "5", "10", "24", "40", "80", "65535", "65536", "999999", "1000000", "0000001",
                         "9223372036854775807", "9223372036854775808", "-1", "-9223372036854775808", "",
                         "+1", " 1", "1e3", "\u{0661}", "x", "0x10"]
    static let finals: [Character] = ["M", "m", "M", "m", "A", "~", "\u{1B}", "\n", "é", "<", ";"]
    static let separators = [";", ";", ";", ":", "<", "=", ">", "?", " ", "/"]
    /// Terminal sizes: what a terminal reports (0 to 65,535: the kernel's window size is 16
    /// bits) and beyond, to Int.max and below 0, which EditorState takes at the nearest bound.
    static let sizes = [0, 1, 2, 9, 10, 11, 24, 39, 40, 41, 60, 79, 80, 81, 132, 200, 255, 1_000, 65_535, 65_536,
                        Int(Int32.max), Int.max, Int.max - 1, 1 << 62, -1, Int.min]
    static let times = [0.0, 0.05, 0.39, 0.4, 0.41, 1, 100, -1]
    static let notes = ["the suite is locked by prefs-tui (pid 4242)", "", "\u{1B}[2J", String(repeating: "wait ", count: 100)]

    /// `count` fields joined by separators.
    static func parameters(_ input: inout FuzzBytes) -> String {
        let count = input.below(8)
        var text = ""
        for index in 0..<count {
            if index > 0 { text += input.pick(separators) }
            text += input.bool() ? input.pick(fields) : String(input.below(256))
        }
        return text
    }

    static func size(_ input: inout FuzzBytes) -> Int {
        input.byte() & 1 == 0 ? Int(input.byte()) : input.pick(sizes)
    }

    /// A typed character: mostly ASCII (the keys), some control characters, some beyond ASCII,
    /// some code points that are no scalar at all.
    static func character(_ input: inout FuzzBytes) -> UInt32 {
        let byte = input.byte()
        switch byte {
        case 0..<200: return UInt32(byte % 128)
        case 200..<230: return UInt32(0x80 + Int(input.byte()) * 7)
        case 230..<250: return [0x2028, 0xFEFF, 0x1F600, 0x301, 0xFF37, 0x202E, 0x0E01, 0xAC00][Int(byte) % 8]
        default: return [0xD800, 0xDFFF, 0x110000, 0xFFFF_FFFF, 0][Int(byte) % 5]
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let choice = input.byte()
    let options = input.byte()
    let width = options & 64 != 0 ? Scripts.size(&input) : 80
    let height = options & 128 != 0 ? Scripts.size(&input) : 24
    let settings = FuzzSettings(choice: choice, stored: FuzzSettings.stored(&input))
    let session = Session(settings: settings, options: options, width: width, height: height)
    var steps = 0
    while !input.isEmpty && !session.quit && steps < 2_000 {
        steps += 1
        step(session, &input)
    }
    while !session.pendingWrites.isEmpty { session.finishWrite() }
    // Every run draws at least one frame: the last state, when the script asked for none.
    if session.dirty && session.framesDrawn == 0 { session.draw() }
    return 0
}

private func step(_ session: Session, _ input: inout FuzzBytes) {
    let opcode = input.byte()
    defer {
        // The loop wakes and takes what the terminal read, unless bit 6 says more of the same
        // read follows (a key and the next in one read; a mouse report split across two); then
        // it draws the frame.
        if opcode & 0x40 == 0 && !session.terminal.queue.isEmpty {
            for event in session.terminal.readEvents() where !session.quit { session.send(event) }
        }
        if session.dirty && opcode & 0x60 == 0x20 && session.framesDrawn <= Session.frameLimit { session.draw() }
    }
    switch opcode % 32 {
    case 0..<14:
        // One typed character (most of the keys: letters, digits, Enter, Esc, Tab, Ctrl-…).
        session.terminal.queue.append(.character(opcode < 128 ? UInt32(input.byte() % 128) : Scripts.character(&input)))
    case 14..<18:
        session.terminal.queue.append(.keyCode(input.pick(Codes.all)))
    case 18:
        // A bracketed paste as the terminal sends it (the end marker may be missing).
        session.terminal.queue.append(.keyCode(Codes.pasteStart))
        for _ in 0..<input.below(32) { session.terminal.queue.append(.character(Scripts.character(&input))) }
        if input.bool() { session.terminal.queue.append(.keyCode(Codes.pasteEnd)) }
    case 19, 20:
        // `ESC [ <` and a report, whole, cut short, or cut by a key.
        session.terminal.queue.append(.keyCode(input.bool() ? Codes.mouseStart : Codes.mouse))
        for scalar in Scripts.parameters(&input).unicodeScalars { session.terminal.queue.append(.character(scalar.value)) }
        switch input.below(4) {
        case 0: session.terminal.queue.append(.keyCode(input.pick(Codes.all)))
        case 1: break
        default:
            for scalar in String(input.pick(Scripts.finals)).unicodeScalars { session.terminal.queue.append(.character(scalar.value)) }
        }
        session.terminal.clock += input.pick(Scripts.times)
    case 21:
        // The terminal hands over what it read (the loop wakes).
        for event in session.terminal.readEvents() where !session.quit { session.send(event) }
    case 22:
        session.terminal.size = (Scripts.size(&input), Scripts.size(&input))
        session.terminal.queue.append(.keyCode(Codes.resize))
    case 23:
        if var event = MouseEvent.sgr(parameters: Scripts.parameters(&input), final: input.pick(Scripts.finals)) {
            session.terminal.clock += input.pick(Scripts.times)
            event.time = session.terminal.clock
            session.send(.mouse(event))
        }
    case 24:
        // A paste straight to the update: repeated text, up to past the paste limit.
        let text = input.text(limit: 64)
        let repeats = input.bool() ? 1 : [2, 100, 1_000, EditorState.pasteLimit / max(1, text.unicodeScalars.count) + 1][input.below(4)]
        session.send(.paste(String(repeating: text, count: repeats)))
    case 25:
        // Another program changes the suite: written to the store, and its news carried to the
        // update with the values, as the loop takes it.
        var changes: [String: PlistValue?] = [:]
        let stored = FuzzSettings.stored(&input)
        for (key, value) in stored { changes[key] = input.bool() ? .some(value) : .some(nil) }
        let committed = (try? session.settings.store.commit(changes, by: nil)) != nil
        if input.bool() { session.settings.store.problem = input.bool() ? nil : "cannot be read: it holds garbage" }
        // The news carries what was written: a write that failed changed nothing to report.
        session.send(.externalChange(committed ? changes : [:], site: nil, loadProblem: .some(session.settings.store.problem)))
    case 26, 27:
        session.finishWrite()
    case 28:
        if !session.pendingWrites.isEmpty { session.send(.writeWaiting(input.pick(Scripts.notes))) }
    case 29:
        session.send(.timer)
    case 30:
        session.settings.store.failing.toggle()
    default:
        // Keys straight to the update, as `render --keys` and the harness give them.
        let keys: [KeyEvent] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab,
                                .backspace, .delete, .function(input.pick([1, 2, 10, 12, 0, 13])),
                                .control(Character(Unicode.Scalar(UInt8(97 + input.below(26))))), .control("\\"),
                                .character(Character(Unicode.Scalar(Scripts.character(&input)) ?? " "))]
        session.send(.key(input.pick(keys)))
    }
}
