/// What the editor's loop needs of a terminal: input as events, a frame drawn, its size, and
/// the stops and signals it was sent. ``NcursesTerminal`` is the real one; ``InMemoryTerminal``
/// runs the loop in a test, as ratatui's `TestBackend` does, with no terminal at all.
protocol TerminalBackend: AnyObject {
    /// Columns and rows now.
    var size: (width: Int, height: Int) { get }
    /// Whether it shows UTF-8 (else the editor draws ASCII markers).
    var isUTF8: Bool { get }
    /// The descriptor the loop sleeps on, readable when input is waiting.
    var inputDescriptor: Int32 { get }
    /// Everything that arrived, without waiting: keys, pastes, clicks, resizes.
    func readEvents() -> [EditorEvent]
    /// Shows a frame (only what changed since the last, where it can tell).
    func draw(_ frame: ScreenGrid)
    /// The next frame redraws every cell.
    func repaintAll()
    /// Turns click and wheel reports on or off.
    func captureMouse(_ on: Bool)
    /// Leaves the screen, stops the process (Ctrl-Z) and comes back when it is continued.
    func suspend()
    /// Whether a stop was sent from outside (SIGTSTP) since the last call.
    func takeSuspendRequest() -> Bool
    /// Whether the process was continued (SIGCONT) since the last call.
    func takeContinued() -> Bool
    /// A signal that ends programs, when one arrived.
    var stopSignal: Int32? { get }
    /// Puts everything back as it was before the editor began; safe to call twice.
    func end()
}
