import PrefsTestSupport

/// Random key sequences in the names `prefs-tui render --keys` accepts.
struct RandomKeySequenceMaker {
    var generator: SeededGenerator

    static let named = [
        "up", "down", "left", "right", "pgup", "pgdn", "home", "end", "enter", "esc", "tab", "shift-tab",
        "space", "bs", "del", "f1", "f2", "f5", "f12",
    ]
    /// Characters the key map gives meaning to, and some it must ignore or take as text. A
    /// combining mark comes with its base letter: alone after the space that separates key
    /// names, it would join that space into one character.
    static let characters = [
        "j", "k", "h", "l", "g", "G", "x", "/", "m", "r", "R", "u", "?", "a", "d", "K", "J", "y", "n",
        "0", "9", "-", ".", "e", "ø", "北", "😀", "e\u{301}", "<", "&", "\\", "\"", "[", "]", "{", "}",
    ]
    static let controls = ["ctrl-a", "ctrl-e", "ctrl-k", "ctrl-u", "ctrl-w", "ctrl-d", "ctrl-z", "ctrl-l"]
    /// Keys that end the editor: kept to the end of a batch, or the keys after them would be
    /// ignored.
    static let quitting = ["q", "f10", "ctrl-c"]

    /// One sequence of 1 to 30 keys.
    mutating func sequence() -> [String] {
        (0..<Int.random(in: 1...30, using: &generator)).map { _ in key() }
    }

    /// Sometimes a key that quits, for the end of a batch.
    mutating func ending() -> [String] {
        Int.random(in: 0..<4, using: &generator) == 0 ? [quittingKey()] : []
    }

    /// A frame size from 1×1 to 300×100, with tiny sizes (where layouts break) as often as large.
    mutating func size() -> (width: Int, height: Int) {
        if Bool.random(using: &generator) {
            return (Int.random(in: 1...12, using: &generator), Int.random(in: 1...8, using: &generator))
        }
        return (Int.random(in: 1...300, using: &generator), Int.random(in: 1...100, using: &generator))
    }

    private mutating func key() -> String {
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<50: return pick(Self.named)
        case 50..<80: return pick(Self.characters)
        case 80..<88: return pick(Self.controls)
        default:
            let text = (0..<Int.random(in: 1...40, using: &generator)).map { _ in pick(Self.characters + ["x", "q", "1", "Z"]) }
            return "text:" + text.joined()
        }
    }

    private mutating func quittingKey() -> String { pick(Self.quitting) }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &generator)]
    }
}
