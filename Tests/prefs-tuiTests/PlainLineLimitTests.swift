import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// The plain mode's line limit holds however the reads cut the input (issue 38, item 12): it was
/// checked only when a read ended without a line end, so a line whose end came in the read that
/// took it past 1 MiB got through whole.
@Suite("The plain mode's longest line")
struct PlainLineLimitTests {
    /// The lines a reader makes of `bytes`, written into a pipe by another thread.
    private func lines(of bytes: [UInt8]) -> [PlainLineReader.Line] {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = Thread {
            var rest = bytes[...]
            while !rest.isEmpty {
                let count = rest.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                rest = rest.dropFirst(count)
            }
            close(writeEnd)
        }
        writer.start()
        var reader = PlainLineReader(descriptor: readEnd)
        var lines: [PlainLineReader.Line] = []
        while lines.last != .end { lines.append(reader.next()) }
        close(readEnd)
        return lines
    }

    @Test(arguments: [1, 1_000, 60_000])
    func aLineJustPastTheLimitIsRefusedWhereverItsEndComes(over: Int) {
        let long = [UInt8](repeating: 0x61, count: PlainLineReader.longestLine + over)

        #expect(lines(of: long + Array("\nok\n".utf8)) == [.tooLong, .text("ok"), .end])
    }

    @Test func aLineAtTheLimitIsTaken() {
        let atLimit = [UInt8](repeating: 0x61, count: PlainLineReader.longestLine)

        #expect(lines(of: atLimit + Array("\n".utf8)) == [.text(String(repeating: "a", count: PlainLineReader.longestLine)), .end])
    }
}
