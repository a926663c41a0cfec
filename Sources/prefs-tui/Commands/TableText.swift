import PrefsEditor
import PrefsModel

/// A small table as lines: columns padded to their widest cell (in display width, so 東京 keeps
/// the columns aligned), two spaces apart, no trailing spaces. For tables of a few rows
/// (`suites`, `schema list`); `list` measures in two passes to hold nothing.
enum TableText {
    static func lines(_ rows: [[String]]) -> [String] {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.displayWidth)
            }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.displayWidth)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}
