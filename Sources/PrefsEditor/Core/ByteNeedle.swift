/// A filter's bytes, searched for with Horspool's rule: a window whose last byte does not end a
/// match moves on by that byte's distance from the filter's end (the whole length for a byte
/// the filter does not hold), so a search usually looks at one byte in every few rather than
/// at each. The table is made once per filter, not per setting. A view of memory owned by the
/// caller of ``with(_:_:)``, valid only inside it.
struct ByteNeedle {
    let bytes: UnsafeBufferPointer<UInt8>
    /// For each byte value, how far a window whose last byte is that value moves.
    private let shifts: UnsafeBufferPointer<Int>

    /// Runs `body` with a needle over `bytes` (not empty).
    static func with<Result>(_ bytes: [UInt8], _ body: (ByteNeedle) -> Result) -> Result {
        var shifts = [Int](repeating: bytes.count, count: 256)
        for (position, byte) in bytes.dropLast().enumerated() { shifts[Int(byte)] = bytes.count - 1 - position }
        return bytes.withUnsafeBufferPointer { bytes in
            shifts.withUnsafeBufferPointer { shifts in body(ByteNeedle(bytes: bytes, shifts: shifts)) }
        }
    }

    /// Where the `count` bytes at `haystack` first hold the needle, or -1. (Wrapping arithmetic:
    /// every sum stays within `0...count`, and the checks it saves are a third of a filter's
    /// cost.) A needle of one byte is a walk: every byte moves the window by one.
    @inline(__always)
    func firstMatch(in haystack: UnsafePointer<UInt8>, count: Int) -> Int {
        let length = bytes.count
        guard length <= count, let needle = bytes.baseAddress else { return -1 }
        let lastStart = count &- length
        var start = 0
        let end = length &- 1, lastByte = needle[end]
        while start <= lastStart {
            let byte = haystack[start &+ end]
            if byte == lastByte {
                var matched = 0
                while matched < end && haystack[start &+ matched] == needle[matched] { matched &+= 1 }
                if matched == end { return start }
            }
            start &+= shifts[Int(byte)]
        }
        return -1
    }
}
