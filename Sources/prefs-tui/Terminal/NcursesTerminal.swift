import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The one file that talks to ncurses: it reads keys and pastes, copies grids to the screen (only
// the cells that changed), and puts the terminal back as it was however the program ends.

/// The signal that asked the editor to stop (one of `stopSignals`), or 0. Written by the
/// signal handler, read by the loop; a plain word is all a handler may safely touch.
nonisolated(unsafe) var terminalStopSignal: Int32 = 0
/// Set when the process was continued after a stop it did not make itself (kill -STOP/-CONT):
/// the screen may have been overwritten meanwhile.
nonisolated(unsafe) var terminalContinued: Int32 = 0

/// The terminal modes before curses started, for the crash handler to put back.
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var savedModesValid = false
nonisolated(unsafe) private var previousCrashActions: [Int32: sigaction] = [:]
/// ncurses' own SIGWINCH handler, which ours calls before waking the loop.
nonisolated(unsafe) private var ncursesResizeAction = sigaction()

private let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
/// Every signal whose default action ends the process, but for the crash signals and the two
/// below: each asks the loop to stop, which leaves curses and then ends the process by the same
/// signal, so the terminal is usable and the exit status is still 128 + n.
private let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU]
/// Ignored while the editor runs, because neither can mean "stop" here, and ignored, the write
/// that would have raised one fails with an error the editor reports instead:
/// - SIGPIPE: the screen is a terminal (the editor refuses to start otherwise), and a terminal
///   never raises it. The one pipe the editor writes is its own wake-up pipe, where a late
///   write from another thread while the loop closes it must not end the process.
/// - SIGXFSZ: writing a suite past the file-size limit (`ulimit -f`) raises it; ignored, the
///   write fails with EFBIG and the status line names the path, the old suite intact (as the
///   commands do, see `SuiteOptions`).
private let ignoredSignals: [Int32] = [SIGPIPE, SIGXFSZ]

/// Key codes of our own, above ncurses' KEY_MAX, for the bracketed-paste markers.
private let pasteStartCode: Int32 = 0x2000
private let pasteEndCode: Int32 = 0x2001
private let leaveModes = "\u{1B}[?2004l\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\n"

/// Restores the saved modes, leaves the alternate screen and shows the cursor, then lets the
/// signal end the process. A real fault (si_code > 0: SIGSEGV on a bad address, Swift's trap on
/// fatalError) goes back to the previous handler and returns, so the fault repeats there and
/// Swift's backtracer prints onto a usable terminal. A signal that was sent (kill, raise, abort:
/// si_code ≤ 0) would not repeat, and the backtracer would return into a program whose screen is
/// gone, so it gets the default action at once.
private func restoreTerminalAfterCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    if savedModesValid { tcsetattr(STDIN_FILENO, TCSANOW, &savedModes) }
    _ = leaveModes.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    let wasSent = (info?.pointee.si_code ?? 0) <= 0
    if !wasSent, var previous = previousCrashActions[signal] {
        sigaction(signal, &previous, nil)
        return
    }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

// The handlers keep errno as they found it: the interrupted code may be about to read it (a
// failed read, write or lock), and the wake-up write can set it (a full pipe).
private func requestStop(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    terminalStopSignal = signal
    wakeUpLoop()
}

private func noteContinued(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    terminalContinued = 1
    wakeUpLoop()
}

/// ncurses records the new size in its handler; the loop then reads KEY_RESIZE.
private func noteResize(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let savedErrno = errno
    defer { errno = savedErrno }
    if ncursesResizeAction.sa_flags & SA_SIGINFO != 0 {
        ncursesResizeAction.__sigaction_handler.sa_sigaction?(signal, info, context)
    } else if let handler = ncursesResizeAction.__sigaction_handler.sa_handler,
              unsafeBitCast(handler, to: Int.self) > 1 {   // neither SIG_DFL (0) nor SIG_IGN (1)
        handler(signal)
    }
    wakeUpLoop()
}

final class NcursesTerminal {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let monochrome: Bool
    /// Whether the locale encodes UTF-8; if not, line drawing and ASCII stand in.
    let isUTF8: Bool
    private var previous: ScreenGrid?

    /// Starts curses on the controlling terminal. `monochrome` forces the theme without colours
    /// (NO_COLOR); it is also used when the terminal has none. A terminal that cannot move the
    /// cursor (TERM=dumb) or is unknown is refused, pointing at the commands.
    init(monochrome requested: Bool) throws {
        // Without the locale, ncursesw draws °C, é and CJK as garbage.
        setlocale(prefs_lc_all(), "")
        isUTF8 = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        savedModesValid = tcgetattr(STDIN_FILENO, &savedModes) == 0
        let name = ProcessInfo.processInfo.environment["TERM"] ?? "unset"
        let commands = "use the commands instead: prefs-tui list, get, set, reset, export, import, schema, watch (see prefs-tui --help)"
        guard let screen = newterm(nil, prefs_stdout(), prefs_stdin()) else {
            throw CommandFailure("cannot use the terminal TERM=\(name) (unknown to terminfo); \(commands)", status: ExitStatus.usage)
        }
        guard prefs_can_move_cursor() != 0, let window = prefs_stdscr() else {
            endwin()
            delscreen(screen)
            throw CommandFailure("the terminal TERM=\(name) cannot move the cursor, which the editor needs; \(commands)", status: ExitStatus.usage)
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
        curs_set(0)
        monochrome = requested || !has_colors()
        if !monochrome { Self.setUpColors() }
        Self.writeDirectly("\u{1B}[?2004h")   // bracketed paste: pastes arrive marked, never as keys
        Self.installSignalHandlers()
    }

    private static func writeDirectly(_ text: String) {
        _ = text.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }

    /// Puts the terminal back. Safe to call more than once.
    func end() {
        if isendwin() == false {
            endwin()
            Self.writeDirectly("\u{1B}[?2004l")
        }
        delscreen(screen)
        for signal in crashSignals {
            if var action = previousCrashActions[signal] { sigaction(signal, &action, nil) }
        }
    }

    var size: (width: Int, height: Int) {
        (Int(prefs_width(window)), Int(prefs_height(window)))
    }

    /// Ctrl-Z: leaves the screen, stops the process group as the terminal would have, and on
    /// `fg` takes the screen back and repaints all of it.
    func suspend() {
        endwin()
        Self.writeDirectly("\u{1B}[?2004l")
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        var previousAction = sigaction()
        sigaction(SIGTSTP, &standard, &previousAction)
        kill(0, SIGTSTP)
        sigaction(SIGTSTP, &previousAction, nil)
        terminalContinued = 0
        Self.writeDirectly("\u{1B}[?2004h")
        repaintAll()
    }

    /// The next frame redraws every cell (after a stop, the screen may hold anything).
    func repaintAll() {
        clearok(window, true)
        previous = nil
    }

    /// Everything that arrived, without waiting: keys, whole pastes, resizes.
    func readEvents() -> [EditorEvent] {
        wtimeout(window, 0)
        var events: [EditorEvent] = []
        while let input = readInput() {
            switch input {
            case .pasteStart: events.append(.paste(readPaste()))
            case .pasteEnd: break
            case .event(let event): events.append(event)
            }
        }
        return events
    }

    private enum Input {
        case event(EditorEvent)
        case pasteStart, pasteEnd
    }

    /// One input, or nil when none is waiting (within the current timeout).
    private func readInput() -> Input? {
        while true {
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result == KEY_CODE_YES {
                let code = Int32(character)
                if code == pasteStartCode { return .pasteStart }
                if code == pasteEndCode { return .pasteEnd }
                if code == KEY_RESIZE { return .event(.resize(width: size.width, height: size.height)) }
                if let key = Self.functionKey(code) { return .event(.key(key)) }
                continue
            }
            guard result == OK else { return nil }
            if let key = Self.key(character) { return .event(.key(key)) }
        }
    }

    /// The text between the paste markers; waits briefly for the rest of a long paste.
    private func readPaste() -> String {
        wtimeout(window, 200)
        defer { wtimeout(window, 0) }
        var text = ""
        while true {
            var character: wint_t = 0
            let result = wget_wch(window, &character)
            if result == KEY_CODE_YES {
                if Int32(character) == pasteEndCode { return text }
                continue
            }
            guard result == OK else { return text }
            if character == 13 { text += "\n"; continue }
            if let scalar = Unicode.Scalar(UInt32(character)) { text.unicodeScalars.append(scalar) }
        }
    }

    private static func key(_ character: wint_t) -> KeyEvent? {
        switch character {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 127, 8: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(96 + character))))
        case 28: return .control("\\")
        default:
            guard character >= 32, let scalar = Unicode.Scalar(UInt32(character)) else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func functionKey(_ code: Int32) -> KeyEvent? {
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
        default:
            for number in 1...12 where code == prefs_key_f(Int32(number)) { return .function(number) }
            return nil
        }
    }

    /// Copies a frame to the screen: only cells that differ from the previous frame are given
    /// to ncurses, and nothing clears the screen, so ncurses transmits just the changes. A frame
    /// equal to the previous one sends nothing at all.
    func draw(_ grid: ScreenGrid) {
        if let previous, previous == grid { return }
        let full = previous.map { $0.width != grid.width || $0.height != grid.height } ?? true
        if full { werase(window) }
        for y in 0..<grid.height {
            let looks = rowAttributes(grid, y: y)
            let previousLooks = full ? nil : previous.map { rowAttributes($0, y: y) }
            var x = 0
            while x < grid.width {
                if let previousLooks, let previous, previous[x, y].text == grid[x, y].text, previousLooks[x] == looks[x] { x += 1; continue }
                // A run of changed cells with the same look goes out as one string.
                var text = ""
                var start = x
                let look = looks[x]
                while x < grid.width, looks[x] == look,
                      previousLooks == nil || previous?[x, y].text != grid[x, y].text || previousLooks?[x] != looks[x] || grid[x, y].text.isEmpty {
                    let cell = grid[x, y].text
                    if !isUTF8 && AsciiFallback.isLineDrawing.contains(cell) {
                        prefs_attrset(look)
                        if !text.isEmpty { mvwaddstr(window, Int32(y), Int32(start), text); text = "" }
                        mvwaddch(window, Int32(y), Int32(x), lineDrawing(cell) | chtype(look))
                        start = x + 1
                    } else {
                        text += isUTF8 ? cell.first.map(DisplayWidth.drawable) ?? "" : AsciiFallback.text(for: cell)
                    }
                    x += 1
                }
                prefs_attrset(look)
                if !text.isEmpty { mvwaddstr(window, Int32(y), Int32(start), text) }
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

    /// The attributes of each cell of a row. A blank cell without a background takes the look
    /// of the cell before it when that has none either: a space looks the same bold or not, in
    /// any foreground colour, and one look for the whole run saves a restyle at each boundary.
    /// Blanks after the row's last visible cell stay plain: styled ones would have to be sent,
    /// where plain ones are cleared to the end of the line, or are already blank in a row that
    /// a scroll brought in.
    private func rowAttributes(_ grid: ScreenGrid, y: Int) -> [attr_t] {
        var looks: [attr_t] = []
        looks.reserveCapacity(grid.width)
        var lastVisible = grid.width - 1
        while lastVisible >= 0, grid[lastVisible, y].text == " ", hasNoBackground(grid[lastVisible, y].style) { lastVisible -= 1 }
        let blank = attributes(.normal, bold: false)
        var carried: (look: attr_t, plain: Bool)?
        for x in 0..<grid.width {
            let cell = grid[x, y]
            let plain = hasNoBackground(cell.style)
            if x > lastVisible {
                looks.append(blank)
                continue
            }
            if cell.text == " ", plain, let carried, carried.plain {
                looks.append(carried.look)
                continue
            }
            let look = attributes(cell.style, bold: cell.bold)
            looks.append(look)
            carried = (look, plain)
        }
        return looks
    }

    /// Styles under which a space is invisible whatever its other attributes.
    private func hasNoBackground(_ style: CellStyle) -> Bool {
        switch style {
        case .normal, .modified, .dim, .panelTitle, .key: return true
        case .sectionTitle, .warning: return !monochrome   // underlined in monochrome
        case .header, .selected, .error, .field, .popup, .popupSelected: return false
        }
    }

    // MARK: Looks

    private static let pairs: [CellStyle: (foreground: Int16, background: Int16)] = [
        .header: (Int16(COLOR_BLACK), Int16(COLOR_CYAN)),
        .sectionTitle: (Int16(COLOR_YELLOW), -1),
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
        } else if style == .selected {
            // Reverse video, not a colour pair: the bar then suits light and dark themes alike,
            // and a move of the selection costs 4 bytes of escapes on each side, not 10.
            value |= prefs_attr_reverse()
        } else if Self.pairs[style] != nil {
            value |= prefs_color_pair(Self.pairNumber(style))
        }
        return value
    }

    // MARK: Signals

    /// Ends the process by `signal` with its default action, after the terminal was put back:
    /// the parent sees the signal (exit status 128 + n in a shell), as if it had not been caught.
    /// For SIGQUIT and SIGXCPU that action includes a core file where the limits allow one
    /// (`ulimit -c`), which is what those signals ask for.
    static func endProcess(bySignal signal: Int32) -> Never {
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        sigaction(signal, &standard, nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        // Only reached if the signal's default action does not end the process.
        exit(128 + signal)
    }

    private static func installSignalHandlers() {
        // The stop signals ask the loop to stop; it then leaves curses normally (SIGQUIT would
        // otherwise reach Swift's backtracer, the others end the process with the screen on).
        for signal in stopSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in requestStop(received) }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        for signal in ignoredSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = SIG_IGN
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        var continued = sigaction()
        continued.__sigaction_handler.sa_handler = { received in noteContinued(received) }
        sigemptyset(&continued.sa_mask)
        sigaction(SIGCONT, &continued, nil)
        var resize = sigaction()
        resize.__sigaction_handler.sa_sigaction = { received, info, context in noteResize(received, info, context) }
        sigemptyset(&resize.sa_mask)
        resize.sa_flags = SA_SIGINFO
        sigaction(SIGWINCH, &resize, &ncursesResizeAction)
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
