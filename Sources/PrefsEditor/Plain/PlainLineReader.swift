import Foundation

/// The plain mode's input: lines of bytes from a descriptor, each checked before the prompter
/// sees it. `readLine` would turn invalid UTF-8 into U+FFFD and store it as typed (where the same
/// bytes in an imported file are refused), and would hold a line of any length in memory.
struct PlainLineReader {
    /// One line, or why it is not one.
    enum Line: Equatable {
        /// A line as typed, without its line end (LF, or CR LF).
        case text(String)
        /// The line's bytes are not UTF-8; they are dropped whole.
        case notUTF8
        /// The line is longer than ``longestLine`` bytes; it is read to its end and dropped.
        case tooLong
        /// Input ended. A last line without its line end is what Ctrl-D sent of a half-typed
        /// answer, or a file's last bytes: an answer nobody confirmed with Enter is not taken.
        case end
    }

    /// The longest line taken, in bytes: far beyond any value typed or pasted at a prompt.
    static let longestLine = 1 << 20

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// The line being read is over ``longestLine``: its bytes are dropped as they come.
    private var tooLong = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next line, read (and waited for) as far as it needs.
    mutating func next() -> Line {
        while true {
            if let line = nextRead() { return line }
            fill()
        }
    }

    /// The next line among the bytes read so far (``Line/end`` once input has ended), or nil
    /// when its end has not been read yet: then ``fill()`` reads more.
    mutating func nextRead() -> Line? {
        if let newline = buffer[start...].firstIndex(of: 0x0A) {
            let line = buffer[start..<newline]
            start = newline + 1
            compact()
            // Also a line whose end came in the read that took it past the limit: checked only
            // when a read ended without a line end, such a line got through whole.
            if tooLong || line.count > Self.longestLine {
                tooLong = false
                return .tooLong
            }
            return Self.decode(line)
        }
        if buffer.count - start > Self.longestLine {
            // Keep reading to the line's end, but not the bytes.
            tooLong = true
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return ended ? .end : nil
    }

    /// A line's bytes as text: CR LF ends a line as LF does; anything not UTF-8 is refused.
    static func decode(_ bytes: ArraySlice<UInt8>) -> Line {
        var bytes = bytes
        if bytes.last == 0x0D { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notUTF8 }
        return .text(text)
    }

    private mutating func compact() {
        if start > 65_536, start * 2 > buffer.count {
            buffer.removeSubrange(..<start)
            start = 0
        }
    }

    /// Reads once what is there (waiting for it when nothing is); an error ends input as its
    /// end does.
    mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return }
            guard count > 0 else {
                ended = true
                return
            }
            buffer.append(contentsOf: chunk[..<count])
            return
        }
    }
}
