/// A single-pass JSON scanner over UTF-8 bytes. Hand-written rather than `JSONDecoder` with a
/// `Decodable` JSONValue: decoding an unknown value through `Codable` means trying each kind in
/// turn and throwing away an error for every wrong guess, which cost 82 % of a large schema's
/// load time; a scanner looks at one byte to know the kind, and knows where it is for errors.
package struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// Whether each string is checked to be valid UTF-8, for bytes nobody checked before
    /// (``JSONValue/init(parsing:)-(Data)`` checks the whole text first, and then need not).
    private let checksStrings: Bool
    /// Deep enough for any real document, shallow enough that recursion cannot exhaust the stack.
    private static let maximumDepth = 512

    package init(_ bytes: UnsafeBufferPointer<UInt8>, checkingUTF8 checksStrings: Bool = false) {
        self.bytes = bytes
        self.checksStrings = checksStrings
    }

    package mutating func document() throws -> JSONValue {
        begin()
        let value = try self.value()
        try end()
        return value
    }

    /// Steps over a leading byte-order mark (what some editors save; it is not part of the
    /// document) and white space.
    package mutating func begin() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
    }

    /// Throws unless only white space is left.
    package mutating func end() throws {
        skipWhitespace()
        guard index == bytes.count else { throw fault("unexpected \(found) after the document") }
    }

    // MARK: Reading member by member
    //
    // For documents too large to hold whole: the caller walks an object's members or an array's
    // items as they come and keeps only what it needs (a large schema as a tree of dictionaries
    // was most of the editor's memory and time at start). The syntax is checked as by `value()`.

    /// Reads an object, calling `member` with each member's name; `member` must read the
    /// member's value (with `value()`, `members` or `items`). A name given twice is refused.
    package mutating func members(_ member: (inout JSONScanner, String) throws -> Void) throws {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw fault("expected an object, found \(found)") }
        try enter()
        index += 1
        var names = MemberNames()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { depth -= 1; return }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fault("expected a member name in double quotes, found \(found)")
            }
            let nameStart = index
            let name = try string()
            guard names.insert(name) else {
                index = nameStart
                throw fault("duplicate key \(name.quotedForMessage)", problem: .duplicateKey(name))
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw fault("expected \":\" after the member name, found \(found)") }
            skipWhitespace()
            try member(&self, name)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw fault("expected \",\" or \"}\" after an object member, found \(found)")
        }
        depth -= 1
    }

    /// Whether the value about to be read is an array.
    package var isAtArray: Bool { index < bytes.count && bytes[index] == UInt8(ascii: "[") }

    /// Whether the value about to be read is an object.
    package var isAtObject: Bool { index < bytes.count && bytes[index] == UInt8(ascii: "{") }

    /// Reads an array, calling `item` for each item, which it must read.
    package mutating func items(_ item: (inout JSONScanner) throws -> Void) throws {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { throw fault("expected an array, found \(found)") }
        try enter()
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { depth -= 1; return }
        while true {
            skipWhitespace()
            try item(&self)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw fault("expected \",\" or \"]\" after an array item, found \(found)")
        }
        depth -= 1
    }

    /// Steps over the value about to be read without making it: strings, brackets and
    /// everything else byte by byte, nothing built. Lenient: it checks no more than that the
    /// text does not end inside the value, so it serves to find one member of a large document
    /// quickly (``PreferenceSchema/suiteName(declaredIn:)``), never to judge the document.
    package mutating func skipValue() throws {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { break }
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // At depth 0 this closes the container around the value: the value has ended.
                if depth == 0 { return }
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: ","):
                if depth == 0 { return }
                index += 1
            default:
                index += 1
            }
        }
        throw fault("expected the rest of a value, found the end of the text")
    }

    /// The names an object has had so far. Compared one by one while there are few (a schema
    /// entry has at most seven, and comparing short strings costs less than hashing them),
    /// hashed beyond that, so an object of a million members is not quadratic.
    private struct MemberNames {
        private var few: [String] = []
        private var many: Set<String>?

        mutating func insert(_ name: String) -> Bool {
            if many != nil { return many!.insert(name).inserted }
            if few.contains(name) { return false }
            if few.isEmpty { few.reserveCapacity(8) }  // one allocation, not four on the way to 8
            few.append(name)
            if few.count > 16 { many = Set(few); few = [] }
            return true
        }
    }

    // MARK: Values

    package mutating func value() throws -> JSONValue {
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
        // Gathered first, then hashed once into a dictionary of exactly their number: growing
        // from empty rehashes every key at each doubling (the largest cost of reading large
        // schemas), and room for eight in every object made a list of a million one-member
        // objects take 712 bytes an object, 70 times its text.
        var members: [(name: String, value: JSONValue)] = []
        try self.members { scanner, name in members.append((name, try scanner.value())) }
        var object: [String: JSONValue] = Dictionary(minimumCapacity: members.count)
        for member in members { object[member.name] = member.value }
        return .object(object)
    }

    private mutating func array() throws -> JSONValue {
        var items: [JSONValue] = []
        try self.items { scanner in items.append(try scanner.value()) }
        return .array(items)
    }

    private mutating func string() throws -> String {
        let start = index
        index += 1
        var plainStart = index
        var result: [UInt8] = []
        var everyByte: UInt8 = 0  // its top bit says whether the string has a byte beyond ASCII
        while true {
            guard index < bytes.count else {
                index = start
                throw fault("this string is not closed")
            }
            let byte = bytes[index]
            everyByte |= byte
            if byte == UInt8(ascii: "\"") {
                let isASCII = everyByte < 0x80
                if result.isEmpty { // The common case: no escapes, one copy.
                    let text = try text(of: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]), isASCII: isASCII, from: start)
                    index += 1
                    return text
                }
                result.append(contentsOf: bytes[plainStart..<index])
                let text = try result.withUnsafeBufferPointer { try self.text(of: $0, isASCII: isASCII, from: start) }
                index += 1
                return text
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
