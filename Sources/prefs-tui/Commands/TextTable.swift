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
/// quarters of the command. Kept here, a row costs its bytes and one ending byte a cell.
///
/// The bytes are in blocks of a fixed size that the table allocates and frees itself (so it
/// cannot be copied): one growing array was copied whole each time it doubled, the old and new
/// copies together a third of a 200,000-row `list`'s peak memory; and appending to arrays,
/// each append checking for sharing and room, cost more than the cells' bytes.
///
/// ```swift
/// var table = TextTable(header: ["SUITE", "TITLE"])
/// table.addRow(["com.example.weather", "Weather"])
/// table.print()
/// ```
struct TextTable: ~Copyable {
    private let columnCount: Int
    private var widths: [Int]
    /// Every cell's escaped text, each ended by a byte no escaped text holds (``asciiEnd`` or
    /// ``measuredEnd``), row by row. A row is never split between blocks.
    private var fullBlocks: [UnsafeMutableBufferPointer<UInt8>] = []
    /// The block being filled, and how much of it is.
    private var block = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var used = 0
    /// Where the row being made starts in the block being filled, and the most bytes a row has.
    private var rowStart = 0
    private var longestRow = 0
    /// Cells added to the row being made.
    private var filled = 0

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

    deinit {
        for full in fullBlocks { full.deallocate() }
        block.deallocate()
    }

    /// Adds the next cell of the row being made; the row ends with its last column.
    mutating func add(_ cell: String) {
        let column = filled
        if column == 0 { rowStart = used }
        // Printable ASCII, nearly every cell, is copied as it is and is one column a byte: its
        // ending byte says so, and the printing does not measure it again.
        let width = cell.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard String.arePrintableASCII(bytes) else { return nil }
            append(bytes, end: Self.asciiEnd)
            return bytes.count
        } ?? nil
        if let width {
            widths[column] = max(widths[column], width)
        } else {
            var shown = cell.controlCharactersEscaped
            shown.withUTF8 { append($0, end: Self.measuredEnd) }
            widths[column] = max(widths[column], shown.displayWidth)
        }
        if column + 1 == columnCount {
            filled = 0
            longestRow = max(longestRow, used - rowStart)
        } else {
            filled = column + 1
        }
    }

    /// Adds a whole row: one cell a column.
    mutating func addRow(_ row: [String]) {
        precondition(row.count == columnCount && filled == 0, "a row of \(row.count) cells in a table of \(columnCount) columns")
        for cell in row { add(cell) }
    }

    /// Appends a cell and its ending byte to the block being filled; a row that does not fit
    /// is moved whole to a new block.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, end: UInt8) {
        let needed = bytes.count + 1
        if used + needed > block.count {
            let rowSoFar = used - rowStart
            let next = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(Self.blockSize, rowSoFar + needed))
            if let start = block.baseAddress {
                next.baseAddress!.initialize(from: start + rowStart, count: rowSoFar)
                if rowStart > 0 {
                    fullBlocks.append(UnsafeMutableBufferPointer(start: start, count: rowStart))
                } else {
                    block.deallocate()
                }
            }
            block = next
            used = rowSoFar
            rowStart = 0
        }
        if let source = bytes.baseAddress { (block.baseAddress! + used).initialize(from: source, count: bytes.count) }
        block[used + bytes.count] = end
        used += needed
    }

    /// Writes the table to standard output, a block at a time.
    func print() {
        write { Output.write(Data($0)) }
    }

    /// The table's lines, each ended by a line feed, handed to `emit` about ``blockSize``
    /// bytes at a time.
    func write(_ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        precondition(filled == 0, "the last row is not whole")
        // Room for a block and one more line of the longest row padded to every column.
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.blockSize + longestRow + widths.reduce(0, +) + 2 * columnCount + 1)
        defer { out.deallocate() }
        var written = 0
        // The row being printed: where each cell starts, and where its ending byte is.
        var row = Array(repeating: (start: 0, end: 0), count: columnCount)
        for bytes in fullBlocks + [UnsafeMutableBufferPointer(rebasing: block[0..<used])] {
            var next = 0
            while next < bytes.count {
                for column in 0..<columnCount {
                    let start = next
                    while bytes[next] > Self.measuredEnd { next += 1 }
                    row[column] = (start, next)
                    next += 1
                }
                written = line(row, of: UnsafeBufferPointer(bytes), into: out, at: written)
                if written >= Self.blockSize {
                    emit(UnsafeBufferPointer(rebasing: out[0..<written]))
                    written = 0
                }
            }
        }
        if written > 0 { emit(UnsafeBufferPointer(rebasing: out[0..<written])) }
    }

    /// Writes one row's line into `out` from `at`, and returns where it ends.
    private func line(_ row: [(start: Int, end: Int)], of bytes: UnsafeBufferPointer<UInt8>,
                      into out: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        var position = position
        // Nothing is padded after the row's last cell with text.
        var last = columnCount - 1
        while last > 0 && row[last].start == row[last].end { last -= 1 }
        for column in 0...last {
            if column > 0 {
                out[position] = 0x20
                out[position + 1] = 0x20
                position += 2
            }
            let (start, end) = row[column]
            let count = end - start
            (out.baseAddress! + position).initialize(from: bytes.baseAddress! + start, count: count)
            position += count
            if column < last {
                let width = bytes[end] == Self.asciiEnd ? count : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).displayWidth
                let padding = widths[column] - width
                (out.baseAddress! + position).initialize(repeating: 0x20, count: padding)
                position += padding
            }
        }
        // A last cell's own trailing spaces are not kept either.
        while position > 0 && out[position - 1] == 0x20 { position -= 1 }
        out[position] = 0x0A
        return position + 1
    }
}
