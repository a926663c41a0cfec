/// What to send to the terminal to turn the previous frame into the next: a pure function of
/// the two grids, so what the editor transmits is tested without a terminal.
///
/// Only cells that differ are sent, in runs of one look each (one string per run, one restyle
/// per run), and nothing clears the screen unless its size changed: the terminal library then
/// transmits just the changes. A frame equal to the previous one sends nothing at all.
struct FrameDiff: Equatable, Sendable {
    /// Text to put at a row and column, all in one look. A line-drawing run (in a locale that
    /// is not UTF-8) holds box characters the terminal draws with its alternate character set.
    struct Run: Equatable, Sendable {
        var y: Int
        var x: Int
        var text: String
        var look: CellLook
        var isLineDrawing = false
    }

    /// Whether the whole screen is cleared first (the first frame, or a new size).
    var clearsScreen: Bool
    var runs: [Run]
    var cursor: (x: Int, y: Int)?
    /// Whether the cursor is shown where it is placed (see ``ScreenGrid/showsCursor``).
    var showsCursor = true

    static func == (left: FrameDiff, right: FrameDiff) -> Bool {
        left.clearsScreen == right.clearsScreen && left.runs == right.runs && left.showsCursor == right.showsCursor
            && left.cursor?.x == right.cursor?.x && left.cursor?.y == right.cursor?.y
    }

    /// The changes from `previous` (nil before the first frame) to `grid`, or nil when the two
    /// are equal. `isUTF8`: whether the terminal's locale encodes UTF-8; if not, text is
    /// transliterated (``AsciiFallback``) and box characters become line-drawing runs.
    static func between(_ previous: ScreenGrid?, and grid: ScreenGrid, monochrome: Bool, isUTF8: Bool) -> FrameDiff? {
        if let previous, previous == grid { return nil }
        let full = previous.map { $0.width != grid.width || $0.height != grid.height } ?? true
        var runs: [Run] = []
        for y in 0..<grid.height {
            let looks = rowLooks(grid, y: y, monochrome: monochrome)
            let before = full ? nil : previous.map { (grid: $0, looks: rowLooks($0, y: y, monochrome: monochrome)) }
            func changed(_ x: Int) -> Bool {
                guard let before else { return true }
                return before.grid[x, y].text != grid[x, y].text || before.looks[x] != looks[x]
            }
            var x = 0
            while x < grid.width {
                guard changed(x) else { x += 1; continue }
                // A run of changed cells with the same look goes out as one string; the second
                // half of a wide character (an empty cell) always goes with its first half.
                let look = looks[x]
                var run = Run(y: y, x: x, text: "", look: look)
                while x < grid.width, looks[x] == look, changed(x) || grid[x, y].text.isEmpty {
                    let cell = grid[x, y].text
                    if !isUTF8 && AsciiFallback.isLineDrawing.contains(cell) {
                        if !run.text.isEmpty { runs.append(run) }
                        runs.append(Run(y: y, x: x, text: cell, look: look, isLineDrawing: true))
                        run = Run(y: y, x: x + 1, text: "", look: look)
                    } else {
                        run.text += isUTF8 ? cell.first.map(DisplayWidth.drawable) ?? ""
                            : AsciiFallback.text(for: cell, before: x > 0 ? grid[x - 1, y].text : "",
                                                 after: x + 1 < grid.width ? grid[x + 1, y].text : "")
                    }
                    x += 1
                }
                if !run.text.isEmpty { runs.append(run) }
            }
        }
        return FrameDiff(clearsScreen: full, runs: runs, cursor: grid.cursor, showsCursor: grid.showsCursor)
    }

    /// The look of each cell of a row. A blank cell without a background takes the look of the
    /// cell before it when that has none either: a space looks the same bold or not, in any
    /// foreground colour, and one look for the whole run saves a restyle at each boundary.
    /// Blanks after the row's last visible cell stay plain: styled ones would have to be sent,
    /// where plain ones are cleared to the end of the line, or are already blank in a row that
    /// a scroll brought in.
    static func rowLooks(_ grid: ScreenGrid, y: Int, monochrome: Bool) -> [CellLook] {
        var looks: [CellLook] = []
        looks.reserveCapacity(grid.width)
        var lastVisible = grid.width - 1
        while lastVisible >= 0, grid[lastVisible, y].text == " ",
              Theme.hasNoBackground(grid[lastVisible, y].style, monochrome: monochrome) { lastVisible -= 1 }
        var carried: (look: CellLook, plain: Bool)?
        for x in 0..<grid.width {
            let cell = grid[x, y]
            let plain = Theme.hasNoBackground(cell.style, monochrome: monochrome)
            if x > lastVisible {
                looks.append(.plain)
                continue
            }
            if cell.text == " ", plain, let carried, carried.plain {
                looks.append(carried.look)
                continue
            }
            let look = Theme.look(cell.style, bold: cell.bold, monochrome: monochrome)
            looks.append(look)
            carried = (look, plain)
        }
        return looks
    }
}
