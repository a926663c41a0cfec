// The tokens of JSON text: strings, numbers and literals, read byte by byte (or eight bytes
// at a time where a run of plain bytes allows), for `JSONScanner`.
extension JSONScanner {
    mutating func string() throws -> String {
        let start = index
        // In locals: read through `self`, each byte reloaded the position and the buffer.
        let bytes = self.bytes
        let count = bytes.count
        var position = start + 1
        var plainStart = position
        var result: [UInt8] = []
        var beyondASCII = false
        while true {
            // Eight bytes at a time up to the first that ends the string, escapes, is a control
            // character or is beyond ASCII: a byte at a time was a tenth of a large schema's
            // parse. The lowest byte the test flags is exactly the first such byte.
            while position + 8 <= count {
                let flagged = Self.specialBytes(Self.word(at: position, in: bytes))
                if flagged == 0 {
                    position += 8
                } else {
                    position += flagged.trailingZeroBitCount / 8
                    break
                }
            }
            guard position < count else {
                index = start
                throw fault("this string is not closed")
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                index = position
                let text: String
                if result.isEmpty { // The common case: no escapes, one copy.
                    text = try self.text(of: UnsafeBufferPointer(rebasing: bytes[plainStart..<position]), isASCII: !beyondASCII, from: start)
                } else {
                    result.append(contentsOf: bytes[plainStart..<position])
                    text = try result.withUnsafeBufferPointer { try self.text(of: $0, isASCII: !beyondASCII, from: start) }
                }
                index = position + 1
                return text
            }
            if byte >= 0x80 {
                beyondASCII = true
                position += 1
            } else if byte < 0x20 {
                index = position
                throw fault("a control character must be escaped inside a string")
            } else if byte == UInt8(ascii: "\\") {
                result.append(contentsOf: bytes[plainStart..<position])
                index = position
                try escape(into: &result)
                position = index
                plainStart = position
            } else {
                position += 1
            }
        }
    }

    /// A string's bytes as text: checked, when this scanner checks strings, so that a byte
    /// sequence that is not UTF-8 is refused rather than read as U+FFFD (the fault then points
    /// at the string's opening quote). `isASCII` says that the file's own bytes were all ASCII
    /// (what an escape added is UTF-8 already): the check, which costs more than the copy, is
    /// then not needed.
    private mutating func text(of bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, from start: Int) throws -> String {
        guard checksStrings, !isASCII else { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            index = start
            throw fault("the text is not valid UTF-8")
        }
        return text
    }

    private mutating func escape(into result: inout [UInt8]) throws {
        index += 1
        guard index < bytes.count else { throw fault("this string is not closed") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(byte)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one; together they are one character.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fault("a \\u escape of a high surrogate must be followed by a low surrogate")
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw fault("a \\u escape of a high surrogate must be followed by a low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw fault("a \\u escape of a low surrogate without a high one")
            }
            result.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            index -= 2
            throw fault("unknown escape \"\\\(String(decoding: [byte], as: UTF8.self))\" in a string")
        }
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw fault("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fault("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func number() throws -> JSONValue {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count, isDigit(bytes[index]) else { throw fault("expected a digit, found \(found)") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fault("a number must not start with 0") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard index < bytes.count, isDigit(bytes[index]) else { throw fault("expected a digit after the decimal point, found \(found)") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fault("expected a digit in the exponent, found \(found)") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        // A whole number of up to 18 digits cannot overflow: made from its digits, not from text.
        if isInteger, index - start <= 18 {
            var value = 0
            var position = start
            let negative = bytes[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            while position < index {
                value = value &* 10 &+ Int(bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            return .int(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger {
            if let integer = Int(text) { return .int(integer) }
            index = start
            throw fault("the number \(text) is out of range (a whole number is from \(Int.min) to \(Int.max))",
                        problem: .numberOutOfRange(text))
        }
        guard let double = Double(text), double.isFinite else {
            index = start
            throw fault("the number \(text) is out of range (a real is at most \(Double.greatestFiniteMagnitude) either side of 0)",
                        problem: .numberOutOfRange(text))
        }
        return .double(double)
    }

    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count
            && (0..<count).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
        guard matches else { throw fault("expected a value, found \(found)") }
        index += count
    }
}
