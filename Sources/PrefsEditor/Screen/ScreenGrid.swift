/// What a cell should look like, by role; the terminal layer turns roles into colours or, in
/// monochrome, into reverse, bold and underline, so selection, markers and errors stay visible.
enum CellStyle: UInt8, Sendable, Hashable {
    case normal, header, sectionTitle, selected, modified, warning, error, dim, field, panelTitle, popup, popupSelected, key
}

/// One cell of the screen: a character (or the right half of a wide one) and its style.
struct Cell: Sendable, Hashable {
    /// The character drawn here; empty for the second column of a wide character.
    var text: String
    var style: CellStyle
    var bold: Bool

    static let blank = Cell(text: " ", style: .normal, bold: false)
}

/// A plain grid of cells that the editor renders into. Tests read it as text; the terminal
/// layer copies only the cells that changed since the previous frame.
package struct ScreenGrid: Sendable, Equatable {
    let width: Int
    let height: Int
    private(set) var cells: [Cell]
    /// Whether the terminal shows its cursor at ``cursor``. An open field shows it; on the
    /// selected setting it is placed but hidden unless the person asked to see it. Placed either
    /// way: screen readers and braille displays follow the cursor, seen or not.
    var showsCursor = true
    /// Where the terminal cursor should be (column, row), or nil to hide it.
    var cursor: (x: Int, y: Int)? {
        get { cursorPosition.map { ($0.x, $0.y) } }
        set { cursorPosition = newValue.map { CursorPosition(x: $0.x, y: $0.y) } }
    }
    private var cursorPosition: CursorPosition?

    private struct CursorPosition: Sendable, Equatable {
        var x: Int
        var y: Int
    }

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` from column `x` of row `y`, clipped at `limit` columns (default: the row's
    /// end). Wide characters take two cells; one that would be cut in half is not drawn.
    /// Returns the column after the text.
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .normal, bold: Bool = false, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(width, limit.map { x + $0 } ?? width)
        var column = x
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if characterWidth == 0 { continue }
            if column + characterWidth > end { break }
            if column >= 0 {
                set(Cell(text: String(character), style: style, bold: bold), x: column, y: y)
                if characterWidth == 2 { set(Cell(text: "", style: style, bold: bold), x: column + 1, y: y) }
            }
            column += characterWidth
        }
        return column
    }

    /// Paints a rectangle with spaces in a style.
    mutating func fill(x: Int, y: Int, width fillWidth: Int, height fillHeight: Int, style: CellStyle) {
        for row in max(0, y)..<min(height, y + fillHeight) {
            for column in max(0, x)..<min(width, x + fillWidth) {
                set(Cell(text: " ", style: style, bold: false), x: column, y: row)
            }
        }
    }

    /// Writes one cell, blanking what is left of a wide character it covers half of: a popup
    /// or a text drawn over one of its halves leaves the other a space, so a row is never wider
    /// than the grid (the terminal and `render`'s text see the same cells).
    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        let index = y * width + x
        // Over the right half: the left half, now alone, becomes a space.
        if cells[index].text.isEmpty, cell.text.isEmpty == false, x > 0, DisplayWidth.of(cells[index - 1].text) == 2 {
            cells[index - 1].text = " "
        }
        // Over the left half: the right half, now alone, becomes a space (unless this cell is
        // itself wide and the caller writes its own right half next).
        if x + 1 < width, cells[index + 1].text.isEmpty, DisplayWidth.of(cells[index].text) == 2, DisplayWidth.of(cell.text) != 2 {
            cells[index + 1].text = " "
        }
        cells[index] = cell
    }

    /// Changes the style of cells already drawn (a selection bar over a row).
    mutating func restyle(x: Int, y: Int, width restyleWidth: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, x + restyleWidth) {
            cells[y * width + column].style = style
        }
    }

    /// One row as text, without trailing spaces.
    func line(_ y: Int) -> String {
        var text = ""
        for x in 0..<width { text += self[x, y].text }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The whole grid as text, one line per row.
    package var text: String { (0..<height).map(line).joined(separator: "\n") }

    package static func == (lhs: ScreenGrid, rhs: ScreenGrid) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells && lhs.cursorPosition == rhs.cursorPosition
            && lhs.showsCursor == rhs.showsCursor
    }
}
