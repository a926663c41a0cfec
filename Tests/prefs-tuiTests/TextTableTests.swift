import Foundation
import Testing
@testable import prefs_tui

/// The tables `list`, `suites`, `schema list` and `trust --list` print.
@Suite("Tables for people")
struct TextTableTests {
    private func text(_ header: [String], _ rows: [[String]]) -> String {
        var table = TextTable(header: header)
        for row in rows { table.addRow(row) }
        var bytes: [UInt8] = []
        table.write { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The layout spelled out with strings: each cell but a row's last with text padded to its
    /// column's widest, two spaces apart, no spaces at a line's end.
    private func expected(_ rows: [[String]], width: (String) -> Int = { $0.count }) -> String {
        var widths = Array(repeating: 0, count: rows[0].count)
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], width(cell)) } }
        return rows.map { row in
            let last = row.lastIndex { !$0.isEmpty } ?? 0
            var line = ""
            for column in 0...last {
                if column > 0 { line += "  " }
                line += row[column]
                if column < last { line += String(repeating: " ", count: widths[column] - width(row[column])) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }

    @Test func columnsArePaddedToTheirWidestCellAndLinesEndWithText() {
        let shown = text(["KEY", "VALUE", "NOTE"], [["a", "1", ""], ["longer", "", ""], ["b", "22", "why"]])
        #expect(shown == """
            KEY     VALUE  NOTE
            a       1
            longer
            b       22     why

            """)
    }

    @Test func wideCharactersTakeTwoColumnsAndKeepTheColumnsAligned() {
        let shown = text(["CITY", "NEXT"], [["東京", "x"], ["Oslo", "y"], ["Tromsø", "z"]])
        #expect(shown == "CITY    NEXT\n東京    x\nOslo    y\nTromsø  z\n")
    }

    @Test func controlCharactersAreEscapedAndMeasuredAsShown() {
        let shown = text(["A", "B"], [["x\ny", "1"], ["\u{1B}[31m", "2"], ["\u{0}", "3"]])
        #expect(shown == #"""
            A           B
            x\ny        1
            \u{1B}[31m  2
            \u{0}       3

            """#)
        #expect(!shown.unicodeScalars.contains { $0 != "\n" && $0.isControlCharacter })
    }

    @Test func aLastCellsOwnTrailingSpacesAreNotKept() {
        #expect(text(["A", "B"], [["x", "value  "], ["  ", ""]]) == "A   B\nx   value\n\n")
    }

    @Test func rowsAcrossManyBlocksAndCellsLargerThanABlockStayWhole() {
        // About 350 KB of rows of every length, so that rows meet the ends of the 64 KB blocks
        // at every offset, and one cell of 100 KB (in the last column: padded to, it would
        // widen every line).
        var rows = [["KEY", "VALUE", "DIAGNOSTIC"]]
        for index in 0..<5_000 {
            rows.append(["key\(index)", String(repeating: "v", count: index % 97), index % 3 == 0 ? "" : "note \(index)"])
        }
        rows.insert(["huge", "before", String(repeating: "h", count: 100_000)], at: 2_500)
        let shown = text(rows[0], Array(rows.dropFirst()))
        #expect(shown == expected(rows))
    }
}
