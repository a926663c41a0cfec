/// A mouse report from the terminal, in the SGR encoding (mode 1006: `ESC [ < b ; x ; y M`, or
/// `m` for a release). SGR is asked for because it has no column limit: the older X10 encoding
/// sends a column as one byte and breaks beyond column 223 (midnight commander's #2662).
struct MouseEvent: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        /// A button went down: 0 left, 1 middle, 2 right.
        case press(button: Int)
        case release
        case wheelUp, wheelDown
    }

    var action: Action
    /// The cell, from 0 (the report counts from 1).
    var x: Int
    var y: Int
    /// When it was read, in seconds of the system's uptime: terminals report no double-click,
    /// so two clicks close together are counted as one by the update.
    var time: Double = 0

    /// The largest button code, column and row a report may carry. Terminals count cells in 16
    /// bits; a report beyond that is not a real click, and refusing it here keeps every later
    /// sum of a cell and an offset far from overflow.
    static let largestCode = 255
    static let largestCoordinate = 65_535

    /// The report's parameters (`0;12;5`) and its final character (`M` or `m`), or nil for a
    /// report the editor does not act on (motion, other buttons) or one that does not parse.
    static func sgr(parameters: String, final: Character) -> MouseEvent? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map(boundedNumber)
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2],
              code <= largestCode, (1...largestCoordinate).contains(column), (1...largestCoordinate).contains(row),
              final == "M" || final == "m" else { return nil }
        // The modifier bits (4 Shift, 8 Meta, 16 Ctrl) do not change what a click means here.
        let button = code & ~(4 | 8 | 16)
        guard button & 32 == 0 else { return nil }   // motion with a button held: not used
        let action: Action
        switch (button, final) {
        case (64, "M"): action = .wheelUp
        case (65, "M"): action = .wheelDown
        case (0...2, "M"): action = .press(button: button)
        case (0...2, "m"): action = .release
        default: return nil
        }
        return MouseEvent(action: action, x: column - 1, y: row - 1)
    }

    /// Digits only (no sign), at most six of them: a number a report can hold, never one that
    /// overflows.
    private static func boundedNumber(_ text: Substring) -> Int? {
        guard (1...6).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
