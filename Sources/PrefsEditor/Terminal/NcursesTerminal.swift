import CNcurses
import CTerminalGuard
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The one type that talks to ncurses: it reads keys and pastes (NcursesTerminal+Input.swift), sends
// frames to the screen (what the pure FrameDiff says changed, in the looks Theme decides), and puts
// the terminal back as it was however the program ends (with the terminal guard of CTerminalGuard,
// which keeps the modes and signal actions to restore).

/// Key codes of our own, above ncurses' KEY_MAX, for the bracketed-paste markers.
let pasteStartCode: Int32 = 0x2000
let pasteEndCode: Int32 = 0x2001
/// Our code for `ESC [ <`, the start of an SGR mouse report (mode 1006).
let mouseStartCode: Int32 = 0x2002
/// Mouse reporting on: clicks and the wheel (1000) in the SGR encoding (1006). Off: both.
private let mouseOnSequence = "\u{1B}[?1000h\u{1B}[?1006h"
private let mouseOffSequence = "\u{1B}[?1006l\u{1B}[?1000l"
final class NcursesTerminal {
    private let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    /// The mouse report begun (`ESC [ <` read) and not yet ended, with the moment it closes.
    var openReport: (report: SGRMouseReport, closes: Double)?
    private let monochrome: Bool
    /// The terminal's streams (standard ones, or the controlling terminal's).
    let device: TerminalDevice
    /// Whether the locale encodes UTF-8; if not, line drawing and ASCII stand in.
    let isUTF8: Bool
    private var previous: ScreenGrid?

    /// The locale before the editor set the user's own for ncurses, put back by `end()`.
    private let previousLocale: String?
    private var ended = false

    /// Starts curses on `device`. `monochrome` forces the theme without colours (NO_COLOR); it
    /// is also used when the terminal has none. A terminal that cannot move the cursor
    /// (TERM=dumb) or is unknown is refused. The handlers of the signals wake the loop through
    /// `wakeUp`.
    init(device: TerminalDevice, monochrome requested: Bool, wakeUp: WakeUpSignal) throws(PreferencesEditorError) {
        self.device = device
        // Before curses starts, which installs handlers of its own for some signals: the guard
        // records every action it will have to put back.
        guard prefs_guard_begin(device.input, device.output) == 0 else {
            throw PreferencesEditorError.alreadyOpen
        }
        previousLocale = setlocale(prefs_lc_all(), nil).map { String(cString: $0) }
        // Without the locale, ncursesw draws °C, é and CJK as garbage.
        setlocale(prefs_lc_all(), "")
        isUTF8 = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        let name = ProcessInfo.processInfo.environment["TERM"] ?? "unset"
        guard let screen = newterm(nil, device.outputFile, device.inputFile) else {
            Self.endGuard(locale: previousLocale)
            throw PreferencesEditorError.unknownTerminal(term: name)
        }
        guard prefs_can_move_cursor() != 0, let window = prefs_stdscr() else {
            endwin()
            delscreen(screen)
            Self.endGuard(locale: previousLocale)
            throw PreferencesEditorError.terminalTooLimited(term: name)
        }
        self.screen = screen
        self.window = window
        // Raw: Ctrl-C, Ctrl-\ and Ctrl-Z arrive as keys, not as signals to the whole foreground
        // group (which would kill the shell script that started the editor, or hand the
        // terminal to Swift's backtracer).
        raw()
        noecho()
        nonl()
        keypad(window, true)
        // Esc would otherwise arrive a whole second late (ncurses waits that long to see whether
        // an escape sequence follows). 20 ms keeps arrow keys whole on local and ssh terminals and
        // lets Esc take effect within 25 ms.
        set_escdelay(20)
        // Draws always finish: ncurses would otherwise stop a refresh when input is waiting.
        typeahead(-1)
        // Lets ncurses scroll the screen (insert/delete line) instead of resending every row.
        idlok(window, true)
        define_key("\u{1B}[200~", pasteStartCode)
        define_key("\u{1B}[201~", pasteEndCode)
        // The mouse is read here, not through ncurses' own: ncurses picks X10 or SGR from the
        // terminal description (tmux-256color says X10), and X10 breaks beyond column 223.
        define_key("\u{1B}[<", mouseStartCode)
        // Home and End as the terminals in use send them, where the terminal description names
        // another sequence (a TERM that does not match the terminal, tmux in particular): only
        // sequences it leaves undefined, so no key it knows is taken over.
        for (sequence, code) in Self.otherHomeAndEnd where key_defined(sequence) == 0 { define_key(sequence, code) }
        curs_set(0)
        monochrome = requested || !has_colors()
        if !monochrome { Self.setUpColors() }
        writeDirectly("\u{1B}[?2004h")   // bracketed paste: pastes arrive marked, never as keys
        // After newterm, so the resize handler calls ncurses' own.
        prefs_guard_install(wakeUp.writeDescriptor)
    }

    /// Home and End as xterm (normal and application mode), the VT220 keypad and rxvt send them.
    private static let otherHomeAndEnd: [(String, Int32)] = [
        ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME), ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME),
        ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
    ]

    /// Whether the terminal reports the mouse now (`M` and `--no-mouse` turn it off, so the
    /// terminal's own text selection works).
    private(set) var capturesMouse = false

    /// Turns mouse reporting on or off.
    func captureMouse(_ on: Bool) {
        guard on != capturesMouse, !ended else { return }
        capturesMouse = on
        writeDirectly(on ? mouseOnSequence : mouseOffSequence)
    }

    private func writeDirectly(_ text: String) {
        _ = text.withCString { write(device.output, $0, strlen($0)) }
    }

    private static func endGuard(locale: String?) {
        prefs_guard_end()
        if let locale { setlocale(prefs_lc_all(), locale) }
    }

    /// Puts the terminal back: the screen, the modes, every signal action and the locale.
    /// Safe to call more than once.
    func end() {
        guard !ended else { return }
        ended = true
        if isendwin() == false {
            endwin()
            writeDirectly("\u{1B}[?2004l")
        }
        // Always, not only when on: a report mode left on makes every later click type
        // escape sequences into the shell.
        writeDirectly(mouseOffSequence)
        capturesMouse = false
        delscreen(screen)
        Self.endGuard(locale: previousLocale)
    }

    /// The signal that asked the editor to stop (SIGINT, SIGTERM, SIGHUP …), or nil.
    var stopSignal: Int32? {
        let signal = prefs_guard_stop_signal()
        return signal == 0 ? nil : signal
    }

    /// Whether the process was continued after a stop it did not make itself (kill -STOP/-CONT)
    /// since the last look: the screen may have been overwritten meanwhile.
    func takeContinued() -> Bool { prefs_guard_take_continued() != 0 }

    /// Whether a SIGTSTP came from outside (`kill -TSTP`) since the last look: the loop suspends
    /// as for Ctrl-Z, so the modes are off while the process is stopped.
    func takeSuspendRequest() -> Bool { prefs_guard_take_suspend_request() != 0 }

    var size: (width: Int, height: Int) {
        (Int(prefs_width(window)), Int(prefs_height(window)))
    }

    /// Ctrl-Z: leaves the screen, stops the process group as the terminal would have, and on
    /// `fg` takes the screen back and repaints all of it.
    func suspend() {
        endwin()
        writeDirectly("\u{1B}[?2004l")
        if capturesMouse { writeDirectly(mouseOffSequence) }
        prefs_guard_stop_process_group()
        writeDirectly("\u{1B}[?2004h")
        if capturesMouse { writeDirectly(mouseOnSequence) }
        repaintAll()
    }

    /// The next frame redraws every cell (after a stop, the screen may hold anything).
    func repaintAll() {
        clearok(window, true)
        previous = nil
    }

    /// The C library's `stdin` and `stdout`, through the shim: Swift 6 refuses the C globals
    /// themselves as shared mutable state. Here so that only this file imports CNcurses.
    static var standardFiles: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>) {
        (prefs_stdin(), prefs_stdout())
    }

    /// Copies a frame to the screen: sends what ``FrameDiff`` says changed since the previous
    /// frame, and nothing at all for an equal one.
    func draw(_ grid: ScreenGrid) {
        guard let diff = FrameDiff.between(previous, and: grid, monochrome: monochrome, isUTF8: isUTF8) else { return }
        if diff.clearsScreen { werase(window) }
        for run in diff.runs {
            let look = attributes(run.look)
            prefs_attrset(look)
            if run.isLineDrawing {
                mvwaddch(window, Int32(run.y), Int32(run.x), lineDrawing(run.text) | chtype(look))
            } else {
                mvwaddstr(window, Int32(run.y), Int32(run.x), run.text)
            }
        }
        prefs_attrset(prefs_attr_normal())
        // Placed even when hidden: a screen reader or a braille display reads where the cursor
        // is, so it sits on the selected setting (or the insertion point of an open field).
        if let cursor = diff.cursor {
            curs_set(diff.showsCursor ? 1 : 0)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wrefresh(window)
        previous = grid
    }

    private func lineDrawing(_ cell: String) -> chtype {
        switch cell {
        case "─": return prefs_acs_hline()
        case "┌": return prefs_acs_ulcorner()
        case "┐": return prefs_acs_urcorner()
        case "└": return prefs_acs_llcorner()
        case "┘": return prefs_acs_lrcorner()
        case "┃": return prefs_acs_block()
        case "┬": return prefs_acs_ttee()
        default: return prefs_acs_vline()
        }
    }

    // MARK: Looks

    private static func pairNumber(_ style: CellStyle) -> Int16 { Int16(style.rawValue) + 1 }

    private static func setUpColors() {
        start_color()
        use_default_colors()
        for (style, colours) in Theme.colourPairs {
            init_pair(pairNumber(style), colours.foreground.rawValue, colours.background?.rawValue ?? -1)
        }
    }

    /// The curses attributes of a look (see ``Theme``).
    private func attributes(_ look: CellLook) -> attr_t {
        var value = look.bold ? prefs_attr_bold() : prefs_attr_normal()
        if look.reverse { value |= prefs_attr_reverse() }
        if look.underline { value |= prefs_attr_underline() }
        if look.dim { value |= prefs_attr_dim() }
        if let pair = look.colourPair { value |= prefs_color_pair(Self.pairNumber(pair)) }
        return value
    }
}
