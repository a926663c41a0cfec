extension JSONScanner {
    /// The text of a top-level member among the last ones of a JSON object, read backwards
    /// from its closing brace: nil when the member is not among the trailing members whose
    /// values are strings, numbers or literals (the walk stops at the first object or array),
    /// when its value is no string, or when it is named twice among them.
    ///
    /// Files written with sorted keys put short members such as `"suite"` after a long
    /// `"sections"`; reading forward to them steps over every setting (39 M instructions for
    /// a 3 MB schema), reading backward a few dozen bytes. A hint only, like
    /// ``skipValue()``: it judges nothing, and for text that is no valid JSON its answer
    /// may be wrong. Backwards, a quote opens a string when an even number of backslashes
    /// stands before it: inside a string a quote is always escaped by an odd run.
    ///
    /// ```swift
    /// JSONScanner.trailingString(named: "suite", in: bytes)  // "com.acme.app"
    /// ```
    package static func trailingString(named wanted: String, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var walk = BackwardWalk(bytes: bytes)
        guard walk.skipping(UInt8(ascii: "}")) else { return nil }
        var found: String??
        // On to the first container or the object's start: a name given twice among these
        // members is no answer (the reader refuses it).
        while let value = walk.scalarValue(), walk.skipping(UInt8(ascii: ":")), let name = walk.stringSpan() {
            if decodedString(bytes, from: name) == wanted {
                guard found == nil else { return nil }
                found = bytes[value] == UInt8(ascii: "\"") ? decodedString(bytes, from: value) : .some(nil)
            }
            guard walk.skipping(UInt8(ascii: ",")) else { break }
        }
        return found ?? nil
    }

    /// The string whose opening quote is at `start`, decoded and checked as the forward reader
    /// does; nil when it is not a valid string.
    private static func decodedString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String? {
        var scanner = JSONScanner(bytes, checkingUTF8: true)
        scanner.index = start
        return try? scanner.string()
    }
}

/// A position moving from the end of a JSON text toward its start, token by token.
private struct BackwardWalk {
    let bytes: UnsafeBufferPointer<UInt8>
    /// One past the next byte to look at.
    var end: Int

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        end = bytes.count
    }

    private mutating func skipWhitespace() {
        while end > 0 {
            switch bytes[end - 1] {
            case 0x20, 0x09, 0x0A, 0x0D: end -= 1  // JSON's four: space, tab, line feed, carriage return
            default: return
            }
        }
    }

    /// Steps back over white space and then `byte`; false when another byte stands there.
    mutating func skipping(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard end > 0, bytes[end - 1] == byte else { return false }
        end -= 1
        return true
    }

    /// Steps back over a string; the place of its opening quote.
    mutating func stringSpan() -> Int? {
        skipWhitespace()
        guard end > 0, bytes[end - 1] == UInt8(ascii: "\"") else { return nil }
        var quote = end - 1
        while true {
            guard let previous = bytes[..<quote].lastIndex(of: UInt8(ascii: "\"")) else { return nil }
            quote = previous
            var backslashes = 0
            while quote - backslashes > 0, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { break }
        }
        end = quote
        return quote
    }

    /// Steps back over a string, number or literal; the place where it starts. Nil at an
    /// object or array (or anything else).
    mutating func scalarValue() -> Int? {
        skipWhitespace()
        guard end > 0 else { return nil }
        if bytes[end - 1] == UInt8(ascii: "\"") { return stringSpan() }
        let last = end
        while end > 0, Self.isScalarByte(bytes[end - 1]) { end -= 1 }
        return end < last ? end : nil
    }

    /// The bytes of numbers and of `true`, `false` and `null`.
    private static func isScalarByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }
}
