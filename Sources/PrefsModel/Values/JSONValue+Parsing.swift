import Foundation

/// Where and why JSON text does not parse, or parses to something that cannot be taken (a
/// number out of range, a duplicate key): a 1-based line and column (in characters) and a
/// reason, so a person can find the typo in a schema file.
///
/// ```swift
/// do { _ = try JSONValue(parsing: "{\"a\": }") }
/// catch let error as JSONSyntaxError { print(error) }  // line 1, column 7: expected a value, found "}"
/// ```
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line of the fault, from 1.
    public let line: Int
    /// The column of the fault, from 1, counted in Unicode characters.
    public let column: Int
    /// What was expected or found.
    public let reason: String
    /// What kind of fault: a syntax error, or well-formed JSON that cannot be taken.
    public let problem: Problem

    /// What kind of fault a ``JSONSyntaxError`` is, so a caller can say more than "not JSON".
    ///
    /// ```swift
    /// error.problem  // .numberOutOfRange("1e400")
    /// ```
    public enum Problem: Sendable, Equatable {
        /// Not JSON.
        case syntax
        /// A number too large for its kind, as written: an integer outside `Int`, a real
        /// outside `Double`.
        case numberOutOfRange(String)
        /// A key that appears twice in one object.
        case duplicateKey(String)
    }

    public var description: String { "line \(line), column \(column): \(reason)" }
}

extension JSONSyntaxError {
    /// For a message that already says what was expected: the fault in parentheses when the text
    /// was JSON that cannot be taken (` (line 1, column 2: the number 1e400 is out of range …)`),
    /// empty for a plain syntax error or another error, whose "expected …" says enough.
    static func detail(of error: any Error) -> String {
        guard let error = error as? JSONSyntaxError, error.problem != .syntax else { return "" }
        return " (\(error))"
    }
}

extension JSONSyntaxError {
    /// The first byte of `data` that is not part of valid UTF-8, with its line and column (in
    /// the characters before it).
    static func invalidUTF8(in data: Data) -> JSONSyntaxError {
        let bytes = Array(data)
        var line = 1, column = 1
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
            let end = index + length
            if length == 0 || end > bytes.count || String(validating: bytes[index..<end], as: UTF8.self) == nil {
                // The lead byte and the continuation bytes that follow it, not the next character.
                var last = index + 1
                while last < min(bytes.count, index + max(length, 1)), (0x80...0xBF).contains(bytes[last]) { last += 1 }
                let shown = bytes[index..<last].map { String(format: "0x%02X", $0) }.joined(separator: " ")
                return JSONSyntaxError(line: line, column: column, reason: "the text is not valid UTF-8 (bytes \(shown))", problem: .syntax)
            }
            if lead == 0x0A { line += 1; column = 1 } else { column += 1 }
            index = end
        }
        return JSONSyntaxError(line: line, column: column, reason: "the text is not valid UTF-8", problem: .syntax)
    }
}

extension JSONValue {
    /// Parses JSON from a file's bytes, which must be UTF-8: a byte sequence that is not (a file
    /// in Latin-1, a truncated character) is refused with its line and column, never read as
    /// U+FFFD, which would put a character the file does not hold into the settings.
    ///
    /// ```swift
    /// try JSONValue(parsing: Data("{\"a\": 1}".utf8))  // .object(["a": .int(1)])
    /// ```
    public init(parsing data: Data) throws {
        guard let text = String(validating: data, as: UTF8.self) else { throw JSONSyntaxError.invalidUTF8(in: data) }
        try self.init(parsing: text)
    }

    /// Parses JSON text; throws ``JSONSyntaxError`` with the line and column of the first fault.
    ///
    /// Integers stay integers (`15` is `.int(15)`, never `15.0`); numbers with a fraction or an
    /// exponent are doubles. A number that does not fit its kind (`9223372036854775808`, `1e400`)
    /// and a key that appears twice in one object are refused, with the text as written: read
    /// as a double or with one of the two values, the document would say something it does not.
    ///
    /// ```swift
    /// try JSONValue(parsing: "true")  // .bool(true)
    /// ```
    public init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { bytes in
            var scanner = JSONScanner(bytes)
            return try scanner.document()
        }
    }
}

/// A single-pass JSON scanner over UTF-8 bytes. Hand-written rather than `JSONDecoder` with a
/// `Decodable` JSONValue: decoding an unknown value through `Codable` means trying each kind in
/// turn and throwing away an error for every wrong guess, which cost 82 % of a large schema's
/// load time; a scanner looks at one byte to know the kind, and knows where it is for errors.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// Deep enough for any real document, shallow enough that recursion cannot exhaust the stack.
    private static let maximumDepth = 512

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func document() throws -> JSONValue {
        // A leading byte-order mark is what some editors save; it is not part of the document.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try self.value()
        skipWhitespace()
        guard index == bytes.count else { throw fault("unexpected \(found) after the document") }
        return value
    }

    private mutating func value() throws -> JSONValue {
        guard index < bytes.count else { throw fault("expected a value, found the end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fault("expected a value, found \(found)")
        }
    }

    private mutating func object() throws -> JSONValue {
        try enter()
        index += 1
        // Room for a schema setting's fields at once: growing from empty rehashes every key
        // at each doubling, and hashing was the largest cost of reading large schemas.
        var members: [String: JSONValue] = Dictionary(minimumCapacity: 8)
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fault("expected a member name in double quotes, found \(found)")
            }
            let nameStart = index
            let name = try string()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw fault("expected \":\" after the member name, found \(found)") }
            skipWhitespace()
            // One hash per member, as before the check: updateValue says whether the name was there.
            if members.updateValue(try value(), forKey: name) != nil {
                index = nameStart
                throw fault("duplicate key \(name.quotedForMessage)", problem: .duplicateKey(name))
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw fault("expected \",\" or \"}\" after an object member, found \(found)")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { depth -= 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw fault("expected \",\" or \"]\" after an array item, found \(found)")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func string() throws -> String {
        let start = index
        index += 1
        var plainStart = index
        var result: [UInt8] = []
        while true {
            guard index < bytes.count else {
                index = start
                throw fault("this string is not closed")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if result.isEmpty { // The common case: no escapes, one copy.
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                result.append(contentsOf: bytes[plainStart..<index])
                index += 1
                return String(decoding: result, as: UTF8.self)
            }
            if byte < 0x20 { throw fault("a control character must be escaped inside a string") }
            if byte == UInt8(ascii: "\\") {
                result.append(contentsOf: bytes[plainStart..<index])
                try escape(into: &result)
                plainStart = index
                continue
            }
            index += 1
        }
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

    private mutating func number() throws -> JSONValue {
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

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count
            && (0..<count).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
        guard matches else { throw fault("expected a value, found \(found)") }
        index += count
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth { throw fault("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The character at the current position, quoted, for messages.
    private var found: String {
        guard index < bytes.count else { return "the end of the text" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) ? "\"\(character)\"" : "a control character"
    }

    /// An error at the current position. Line and column are counted only here, so parsing
    /// good documents pays nothing for them.
    private func fault(_ reason: String, problem: JSONSyntaxError.Problem = .syntax) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 { // a UTF-8 continuation byte is part of the previous character
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason, problem: problem)
    }
}
