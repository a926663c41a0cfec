import Foundation
import PrefsEditor
import PrefsFormats

/// A table for people, as `list`, `suites`, `schema list` and `trust --list` print it: columns
/// padded to their widest cell in display width (東京 keeps them aligned), two spaces apart,
/// no spaces at a line's end, control characters escaped (`\n`, `\u{1B}`) so that no cell can
/// break a row or move the cursor.
///
/// Each cell is made once and kept as escaped UTF-8, measured as it is added. `list` made
/// every row twice (once to measure, once to print, so that 200,000 rows of strings were not
/// held) and joined, padded and wrote each line as strings: at 10,000 settings that was three
/// quarters of the command. Kept here, a row costs its bytes and one ending byte a cell, in
/// blocks of a fixed size: one growing buffer was copied whole each time it doubled, and the
/// old and new copies together were a third of a 200,000-row `list`'s peak memory.
///
/// ```swift
/// var table = TextTable(header: ["SUITE", "TITLE"])
/// table.addRow(["com.example.weather", "Weather"])
/// table.print()
/// ```
struct TextTable {
    private let columnCount: Int
    private var widths: [Int]
    /// Every cell's escaped text, each ended by a byte no escaped text holds (``asciiEnd`` or
    /// ``measuredEnd``), row by row, in blocks of about ``blockSize`` bytes. A row is never
    /// split between blocks. The block being filled is apart from the full ones: appending to
    /// an array in an array checked both for sharing, and cost as much as the cell.
    private var fullBlocks: [[UInt8]] = []
    private var block: [UInt8] = []
    /// Cells added to the row being made.
    private var filled = 0
    /// Where the row being made starts in the last block.
    private var rowStart = 0

    /// The size of a block of cells, and of the output written at a time.
    private static let blockSize = 1 << 16
    /// The byte after a cell of printable ASCII, whose width is its length.
    private static let asciiEnd: UInt8 = 0
    /// The byte after any other cell, measured again when printed.
    private static let measuredEnd: UInt8 = 1

    init(header: [String]) {
        columnCount = header.count
        widths = Array(repeating: 0, count: header.count)
        addRow(header)
    }

    /// Adds the next cell of the row being made; the row ends with its last column.
    mutating func add(_ cell: String) {
        // Printable ASCII, nearly every cell, is copied as it is and is one column a byte: its
        // ending byte says so, and the printing does not measure it again.
        let column = filled
        filled = filled + 1 == columnCount ? 0 : filled + 1
        if column == 0 { rowStart = block.count }
        let copied = cell.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard String.arePrintableASCII(bytes) else { return false }
            append(bytes, end: Self.asciiEnd)
            widths[column] = max(widths[column], bytes.count)
            return true
        } ?? false
        if copied { return }
        var shown = cell.controlCharactersEscaped
        shown.withUTF8 { append($0, end: Self.measuredEnd) }
        widths[column] = max(widths[column], shown.displayWidth)
    }

    /// Adds a whole row: one cell a column.
    mutating func addRow(_ row: [String]) {
        precondition(row.count == columnCount && filled == 0, "a row of \(row.count) cells in a table of \(columnCount) columns")
        for cell in row { add(cell) }
    }

    /// Appends a cell and its ending byte to the last block; a row that does not fit is moved
    /// whole to a new block.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, end: UInt8) {
        let needed = bytes.count + 1
        if block.count + needed > block.capacity {
            var next: [UInt8] = []
            next.reserveCapacity(max(Self.blockSize, block.count - rowStart + needed))
            next.append(contentsOf: block[rowStart...])
            block.removeSubrange(rowStart...)
            if !block.isEmpty { fullBlocks.append(block) }
            block = next
            rowStart = 0
        }
        block.append(contentsOf: bytes)
        block.append(end)
    }

    /// Writes the table to standard output, a block at a time.
    func print() {
        write { Output.write(Data($0)) }
    }

    /// The table's lines, each ended by a line feed, handed to `emit` about ``blockSize``
    /// bytes at a time.
    func write(_ emit: ([UInt8]) -> Void) {
        precondition(filled == 0, "the last row is not whole")
        var out: [UInt8] = []
        out.reserveCapacity(Self.blockSize + 4096)
        let spaces = [UInt8](repeating: 0x20, count: widths.max() ?? 0)
        // The row being printed: where each cell starts, and where its ending byte is.
        var row = Array(repeating: (start: 0, end: 0), count: columnCount)
        for block in fullBlocks + [block] {
            block.withUnsafeBufferPointer { bytes in
                var next = 0
                while next < bytes.count {
                    for column in 0..<columnCount {
                        let start = next
                        while bytes[next] > Self.measuredEnd { next += 1 }
                        row[column] = (start, next)
                        next += 1
                    }
                    printRow(row, of: bytes, spaces: spaces, into: &out)
                    if out.count >= Self.blockSize {
                        emit(out)
                        out.removeAll(keepingCapacity: true)
                    }
                }
            }
        }
        if !out.isEmpty { emit(out) }
    }

    private func printRow(_ row: [(start: Int, end: Int)], of bytes: UnsafeBufferPointer<UInt8>, spaces: [UInt8], into out: inout [UInt8]) {
        // Nothing is padded after the row's last cell with text.
        var last = columnCount - 1
        while last > 0 && row[last].start == row[last].end { last -= 1 }
        for column in 0...last {
            if column > 0 { out.append(0x20); out.append(0x20) }
            let (start, end) = row[column]
            let cell = UnsafeBufferPointer(rebasing: bytes[start..<end])
            out.append(contentsOf: cell)
            if column < last {
                let width = bytes[end] == Self.asciiEnd ? cell.count : String(decoding: cell, as: UTF8.self).displayWidth
                out.append(contentsOf: spaces[0..<widths[column] - width])
            }
        }
        // A last cell's own trailing spaces are not kept either.
        while out.last == 0x20 { out.removeLast() }
        out.append(0x0A)
    }
}
