import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The one file that talks to ncurses: it reads keys, copies grids to the screen (only the cells
// that changed), and puts the terminal back as it was however the program ends.

/// The signal that asked the editor to stop (SIGINT, SIGTERM, SIGHUP), or 0. Written by the
/// signal handler, read by the loop; a plain word is all a handler may safely touch.
nonisolated(unsafe) var terminalStopSignal: Int32 = 0

/// The terminal modes before curses started, for the crash handler to put back.
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var savedModesValid = false
nonisolated(unsafe) private var previousCrashActions: [Int32: sigaction] = [:]

private let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

/// Restores the saved modes, leaves the alternate screen and shows the cursor, then lets the
/// signal end the process. A real fault (si_code > 0: SIGSEGV on a bad address, Swift's trap on
/// fatalError) goes back to the previous handler and returns, so the fault repeats there and
/// Swift's backtracer prints onto a usable terminal. A signal that was sent (kill, raise, abort:
/// si_code ≤ 0) would not repeat, and the backtracer would return into a program whose screen is
/// gone, so it gets the default action at once.
private func restoreTerminalAfterCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    if savedModesValid { tcsetattr(STDIN_FILENO, TCSANOW, &savedModes) }
    let reset = "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\n"
    _ = reset.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    let wasSent = (info?.pointee.si_code ?? 0) <= 0
    if !wasSent, var previous = previousCrashActions[signal] {
        sigaction(signal, &previous, nil)
        return
    }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

final class NcursesTerminal {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let monochrome: Bool
    private var previous: ScreenGrid?

    /// Starts curses on the controlling terminal. `monochrome` forces the theme without colours
    /// (NO_COLOR); it is also used when the terminal has none.
    init(monochrome requested: Bool) throws {
        // Without the locale, ncursesw draws °C, é and CJK as garbage. The text is UTF-8
        // whatever the environment says, so a "C"/POSIX locale falls back to C.UTF-8.
        setlocale(prefs_lc_all(), "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        savedModesValid = tcgetattr(STDIN_FILENO, &savedModes) == 0
        guard let screen = newterm(nil, prefs_stdout(), prefs_stdin()) else {
            throw CommandFailure("cannot start the terminal (TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? "unset"))", status: 69)
        }
        self.screen = screen
        guard let window = prefs_stdscr() else {
            throw CommandFailure("cannot start the terminal: no screen", status: 69)
        }
        self.window = window
        cbreak()           // not raw(): Ctrl-Z must still suspend (ncurses handles SIGTSTP and SIGCONT)
        noecho()
        nonl()
        keypad(window, true)
        // Esc would otherwise arrive a whole second late (ncurses waits that long to see whether
        // an escape sequence follows). 20 ms keeps arrow keys whole on local and ssh terminals and
        // lets Esc take effect within 25 ms.
        set_escdelay(20)
        wtimeout(window, 100)
        curs_set(0)
        monochrome = requested || !has_colors()
        if !monochrome { Self.setUpColors() }
        Self.installSignalHandlers()
    }

    /// Puts the terminal back. Safe to call more than once.
    func end() {
        if isendwin() == false { endwin() }
        delscreen(screen)
        for signal in crashSignals {
            if var action = previousCrashActions[signal] { sigaction(signal, &action, nil) }
        }
    }

    var size: (width: Int, height: Int) {
        (Int(prefs_width(window)), Int(prefs_height(window)))
    }

    /// The next key, or nil when none arrived within the timeout (100 ms).
    func readKey() -> KeyEvent? {
        var character: wint_t = 0
        let result = wget_wch(window, &character)
        if result == KEY_CODE_YES { return Self.functionKey(Int32(character), size: size) }
        guard result == OK else { return nil }
        switch character {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 127, 8: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(96 + character))))
        default:
            guard let scalar = Unicode.Scalar(UInt32(character)) else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func functionKey(_ code: Int32, size: (width: Int, height: Int)) -> KeyEvent? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_RESIZE: return .resize(width: size.width, height: size.height)
        default:
            for number in 1...12 where code == prefs_key_f(Int32(number)) { return .function(number) }
            return nil
        }
    }

    /// Copies a frame to the screen: only cells that differ from the previous frame are sent,
    /// and nothing clears the screen, so ncurses transmits just the changes.
    func draw(_ grid: ScreenGrid) {
        let full = previous.map { $0.width != grid.width || $0.height != grid.height } ?? true
        if full { werase(window) }
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                let cell = grid[x, y]
                if !full, let previous, previous[x, y] == cell { x += 1; continue }
                // A run of changed cells with the same look goes out as one string.
                var text = ""
                let start = x
                while x < grid.width, grid[x, y].style == cell.style, grid[x, y].bold == cell.bold,
                      full || previous?[x, y] != grid[x, y] || grid[x, y].text.isEmpty {
                    text += grid[x, y].text
                    x += 1
                }
                prefs_attrset(attributes(cell.style, bold: cell.bold))
                mvwaddstr(window, Int32(y), Int32(start), text)
            }
        }
        prefs_attrset(prefs_attr_normal())
        if let cursor = grid.cursor {
            curs_set(1)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wrefresh(window)
        previous = grid
    }

    // MARK: Looks

    private static let pairs: [CellStyle: (foreground: Int16, background: Int16)] = [
        .header: (Int16(COLOR_BLACK), Int16(COLOR_CYAN)),
        .sectionTitle: (Int16(COLOR_YELLOW), -1),
        .selected: (Int16(COLOR_BLACK), Int16(COLOR_WHITE)),
        .modified: (Int16(COLOR_GREEN), -1),
        .warning: (Int16(COLOR_YELLOW), -1),
        .error: (Int16(COLOR_WHITE), Int16(COLOR_RED)),
        .field: (Int16(COLOR_BLACK), Int16(COLOR_WHITE)),
        .panelTitle: (Int16(COLOR_CYAN), -1),
        .popup: (Int16(COLOR_WHITE), Int16(COLOR_BLUE)),
        .popupSelected: (Int16(COLOR_BLACK), Int16(COLOR_CYAN)),
        .key: (Int16(COLOR_CYAN), -1),
    ]

    private static func pairNumber(_ style: CellStyle) -> Int16 { Int16(style.rawValue) + 1 }

    private static func setUpColors() {
        start_color()
        use_default_colors()
        for (style, colors) in pairs { init_pair(pairNumber(style), colors.foreground, colors.background) }
    }

    private func attributes(_ style: CellStyle, bold: Bool) -> attr_t {
        var value = bold ? prefs_attr_bold() : prefs_attr_normal()
        if monochrome {
            // Without colour, every role still shows: reverse for bars, bold and underline for marks.
            switch style {
            case .header, .selected, .popupSelected: value |= prefs_attr_reverse()
            case .sectionTitle: value |= prefs_attr_bold() | prefs_attr_underline()
            case .modified, .panelTitle, .key: value |= prefs_attr_bold()
            case .warning: value |= prefs_attr_bold() | prefs_attr_underline()
            case .error: value |= prefs_attr_reverse() | prefs_attr_bold()
            case .field: value |= prefs_attr_underline()
            case .dim: value |= prefs_attr_dim()
            case .normal, .popup: break
            }
        } else if style == .dim {
            value |= prefs_attr_dim()
        } else if Self.pairs[style] != nil {
            value |= prefs_color_pair(Self.pairNumber(style))
        }
        return value
    }

    // MARK: Signals

    private static func installSignalHandlers() {
        // SIGINT (Ctrl-C reaches us as a signal in cbreak mode), SIGTERM and SIGHUP ask the loop
        // to stop; it then leaves curses normally.
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal) { received in terminalStopSignal = received }
        }
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { received, info, context in restoreTerminalAfterCrash(received, info, context) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO
            var previous = sigaction()
            sigaction(signal, &action, &previous)
            previousCrashActions[signal] = previous
        }
    }
}
