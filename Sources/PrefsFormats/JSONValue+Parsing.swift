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
    package static func detail(of error: any Error) -> String {
        guard let error = error as? JSONSyntaxError, error.problem != .syntax else { return "" }
        return " (\(error))"
    }
}

extension JSONSyntaxError {
    /// The first byte of `data` that is not part of valid UTF-8, with its line and column (in
    /// the characters before it).
    package static func invalidUTF8(in data: Data) -> JSONSyntaxError {
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
