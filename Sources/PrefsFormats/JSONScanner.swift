/// A single-pass JSON scanner over UTF-8 bytes. Hand-written rather than `JSONDecoder` with a
/// `Decodable` JSONValue: decoding an unknown value through `Codable` means trying each kind in
/// turn and throwing away an error for every wrong guess, which cost 82 % of a large schema's
/// load time; a scanner looks at one byte to know the kind, and knows where it is for errors.
package struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0
    /// Whether each string is checked to be valid UTF-8, for bytes nobody checked before
    /// (``JSONValue/init(parsing:)-(Data)`` checks the whole text first, and then need not).
    let checksStrings: Bool
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
        var names = MemberNames()
        try members(named: { scanner in
            let nameStart = scanner.index
            let name = try scanner.string()
            guard names.insert(name) else {
                scanner.index = nameStart
                throw scanner.fault("duplicate key \(name.quotedForMessage)", problem: .duplicateKey(name))
            }
            return name
        }, member)
    }

    /// The object's syntax around its members: `name` reads each member's name (from its
    /// opening quote) and says what `member` is given for it.
    @inline(__always)
    mutating func members<Name>(named name: (inout JSONScanner) throws -> Name, _ member: (inout JSONScanner, Name) throws -> Void) throws {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw fault("expected an object, found \(found)") }
        try enter()
        index += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { depth -= 1; return }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fault("expected a member name in double quotes, found \(found)")
            }
            let read = try name(&self)
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw fault("expected \":\" after the member name, found \(found)") }
            skipWhitespace()
            try member(&self, read)
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
        // In locals, and eight bytes at a time through strings and indentation: this steps
        // over a large schema's whole text to find its suite, on a thread of its own.
        let bytes = self.bytes
        let count = bytes.count
        var position = index
        defer { index = position }
        var depth = 0
        while position < count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                while position < count {
                    while position + 8 <= count, Self.quotesOrEscapes(Self.word(at: position, in: bytes)) == 0 { position += 8 }
                    guard position < count, bytes[position] != UInt8(ascii: "\"") else { break }
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard position < count else { break }
                position += 1
                if depth == 0 { return }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // At depth 0 this closes the container around the value: the value has ended.
                if depth == 0 { return }
                depth -= 1
                position += 1
                if depth == 0 { return }
            case UInt8(ascii: ","):
                if depth == 0 { return }
                position += 1
            case 0x0A:
                position = Self.afterIndentation(position + 1, in: bytes)
            default:
                position += 1
            }
        }
        index = position
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

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth { throw fault("nested more than \(Self.maximumDepth) levels deep") }
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Most calls find none (between a name and its colon, a value and its comma).
        guard index < bytes.count, bytes[index] <= 0x20 else { return }
        skipSomeWhitespace()
    }

    private mutating func skipSomeWhitespace() {
        // In locals: read through `self`, each byte reloaded the position and the buffer.
        let bytes = self.bytes
        var position = index
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if byte == 0x0A {
                position = Self.afterIndentation(position + 1, in: bytes)
            } else if byte == 0x20 || byte == 0x0D || byte == 0x09 {
                position += 1
            } else {
                break
            }
        }
        index = position
    }

    /// The eight bytes at `position`, read as one word with the first byte lowest (so that a
    /// word's lowest marked byte, found by counting trailing zero bits, is its first in the text,
    /// on any machine).
    @inline(__always)
    static func word(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
    }

    /// Where a line's indentation after `position` ends, eight bytes at a time (pretty-printed
    /// schemas are a third indentation): the first byte of a word that is not a space is its
    /// lowest non-zero byte once the spaces are cleared, however deep the indentation. Stepping
    /// only over whole words of spaces left an indentation of one to seven (Python's `indent=1`)
    /// to the byte-by-byte loop: 13 instructions a byte of it.
    @inline(__always)
    static func afterIndentation(_ position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var position = position
        while position + 8 <= bytes.count {
            let other = word(at: position, in: bytes) ^ 0x2020_2020_2020_2020
            if other != 0 { return position + other.trailingZeroBitCount / 8 }
            position += 8
        }
        return position
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `word` below `limit` (at most 0x80), marked by their top bits: the classic
    /// "has a zero byte" test (x − 0x01… & ~x & 0x80…) for a limit of 1. Its lowest mark is
    /// always right, as a borrow only runs upwards from a byte that matched.
    @inline(__always)
    private static func bytes(of word: UInt64, below limit: UInt8) -> UInt64 { (word &- ones &* UInt64(limit)) & ~word & highs }

    /// The bytes of `word` that are a double quote or a backslash, marked by their top bits.
    @inline(__always)
    static func quotesOrEscapes(_ word: UInt64) -> UInt64 {
        bytes(of: word ^ (ones &* 0x22), below: 1) | bytes(of: word ^ (ones &* 0x5C), below: 1)
    }

    /// The bytes of `word` that are a double quote, a backslash, a control character (below
    /// 0x20) or beyond ASCII, each marked by its top bit: the bytes a string's plain run stops at.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        quotesOrEscapes(word) | bytes(of: word, below: 0x20) | word & highs
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The character at the current position, quoted, for messages.
    var found: String {
        guard index < bytes.count else { return "the end of the text" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) ? "\"\(character)\"" : "a control character"
    }

    /// An error at the current position. Line and column are counted only here, so parsing
    /// good documents pays nothing for them.
    func fault(_ reason: String, problem: JSONSyntaxError.Problem = .syntax) -> JSONSyntaxError {
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
