import PrefsFormats

/// JSON values in the compiled form's binary spelling (``CompiledSchema``), which a reader turns
/// back into values without scanning text: a tag byte, then the value. Reading a schema's
/// settings from their JSON text was 80 M instructions of a 10,000-setting `list` (white space,
/// quotes, member names matched by their bytes, numbers from digits); from this spelling each
/// string is one copy and each number one load.
///
/// | tag | value |
/// |---|---|
/// | 0, 1, 2 | null, false, true |
/// | 3 | a whole number, 8 bytes |
/// | 4 | a real, its 8-byte bit pattern (finite only) |
/// | 5 | text: a 4-byte length, then UTF-8 |
/// | 6 | an array: a 4-byte count, then the items |
/// | 7 | an object: a 4-byte count, then each member's name (as text, without its tag) and value |
///
/// Integers are little-endian. A reader trusts none of it (``CompiledCursor``).
enum CompiledValue {
    enum Tag: UInt8 {
        case null, `false`, `true`, int, double, string, array, object
    }

    /// Appends `value`'s spelling to `bytes`. Object members are written in name order, so a
    /// schema's form is the same from run to run.
    static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(Tag.null.rawValue)
        case .bool(let flag): bytes.append((flag ? Tag.true : Tag.false).rawValue)
        case .int(let number):
            bytes.append(Tag.int.rawValue)
            appendWord(UInt64(bitPattern: Int64(number)), to: &bytes)
        case .double(let number):
            bytes.append(Tag.double.rawValue)
            appendWord(number.bitPattern, to: &bytes)
        case .string(let text):
            bytes.append(Tag.string.rawValue)
            appendText(text, to: &bytes)
        case .array(let items):
            bytes.append(Tag.array.rawValue)
            appendCount(items.count, to: &bytes)
            for item in items { append(item, to: &bytes) }
        case .object(let members):
            bytes.append(Tag.object.rawValue)
            appendCount(members.count, to: &bytes)
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                appendText(name, to: &bytes)
                append(member, to: &bytes)
            }
        }
    }

    static func appendText(_ text: String, to bytes: inout [UInt8]) {
        appendCount(text.utf8.count, to: &bytes)
        bytes += text.utf8
    }

    static func appendCount(_ count: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(count).littleEndian) { bytes += $0 }
    }

    private static func appendWord(_ word: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: word.littleEndian) { bytes += $0 }
    }
}

/// Reads counts, texts and values (``CompiledValue``) from bytes of a compiled form, never
/// past their end: a count or length that does not fit what is left, a tag that is none, text
/// that is not UTF-8, a real that is not finite or nesting deeper than a schema file's JSON
/// text may go at that place are each refused (``Fault``), whatever the file says.
///
/// Its small readers are inlined: called, each was 30 instructions, a tenth of reading a
/// setting's fields.
struct CompiledCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// Why the bytes cannot be read: what was expected where.
    struct Fault: Error {
        let reason: String
    }

    /// As deep as the JSON scanner lets a document go, counted from the document's root.
    private static let maximumDepth = 512

    /// How deep a setting's object lies in a schema file (the document, its sections, a
    /// section, its settings, the setting): its fields' values may nest only as far as the
    /// JSON reader lets them there.
    static let settingDepth = 5

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    @inline(__always)
    mutating func count() throws(Fault) -> Int {
        guard bytes.count - index >= 4 else { throw Fault(reason: "cut short") }
        let value = UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt32.self))
        index += 4
        return Int(value)
    }

    /// A count of things each at least `smallest` bytes long: one the bytes left cannot hold
    /// is refused before anything is made for it.
    mutating func count(ofAtLeast smallest: Int) throws(Fault) -> Int {
        let count = try count()
        guard count <= (bytes.count - index) / smallest else { throw Fault(reason: "a count of \(count) is more than the bytes left hold") }
        return count
    }

    /// A counted run of bytes, in place.
    @inline(__always)
    mutating func span() throws(Fault) -> UnsafeBufferPointer<UInt8> {
        let length = try count()
        guard bytes.count - index >= length else { throw Fault(reason: "cut short") }
        defer { index += length }
        return UnsafeBufferPointer(rebasing: bytes[index ..< index + length])
    }

    /// Counted UTF-8 text. Bytes that are not UTF-8 are refused: no schema file's text has them.
    /// (Decoded, then compared where not plain ASCII: decoding puts U+FFFD for what is not
    /// UTF-8. `String(validating:as:)` is generic and unspecialised here: 1,000 instructions a
    /// text, most of `list`'s reading of a schema.)
    @inline(__always)
    mutating func text() throws(Fault) -> String {
        let span = try span()
        let text = String(decoding: span, as: UTF8.self)
        guard String.arePrintableASCII(span) || text.utf8.elementsEqual(span) else { throw Fault(reason: "text that is not UTF-8") }
        return text
    }

    @inline(__always)
    mutating func byte() throws(Fault) -> UInt8 {
        guard index < bytes.count else { throw Fault(reason: "cut short") }
        defer { index += 1 }
        return bytes[index]
    }

    @inline(__always)
    mutating func tag() throws(Fault) -> CompiledValue.Tag {
        guard index < bytes.count else { throw Fault(reason: "cut short") }
        guard let tag = CompiledValue.Tag(rawValue: bytes[index]) else { throw Fault(reason: "no value has the tag \(bytes[index])") }
        index += 1
        return tag
    }

    /// The tag of the value about to be read, without reading it.
    var nextTag: CompiledValue.Tag? { index < bytes.count ? CompiledValue.Tag(rawValue: bytes[index]) : nil }

    /// A value inside a container `depth` levels deep in a schema file (a setting's field:
    /// ``settingDepth``).
    mutating func value(inside depth: Int) throws(Fault) -> JSONValue { try value(depth: depth) }

    /// `depth`: how many containers enclose the value.
    private mutating func value(depth: Int) throws(Fault) -> JSONValue {
        switch try tag() {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .int: return .int(Int(Int64(bitPattern: try word())))
        case .double:
            let number = Double(bitPattern: try word())
            guard number.isFinite else { throw Fault(reason: "a real that is not finite") }
            return .double(number)
        case .string: return .string(try text())
        case .array:
            guard depth + 1 <= Self.maximumDepth else { throw Fault(reason: "values nested more than \(Self.maximumDepth) deep") }
            let count = try count(ofAtLeast: 1)
            var items: [JSONValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try value(depth: depth + 1)) }
            return .array(items)
        case .object:
            guard depth + 1 <= Self.maximumDepth else { throw Fault(reason: "values nested more than \(Self.maximumDepth) deep") }
            let count = try count(ofAtLeast: 5)
            var members: [String: JSONValue] = Dictionary(minimumCapacity: count)
            for _ in 0..<count {
                let name = try text()
                guard members.updateValue(try value(depth: depth + 1), forKey: name) == nil else {
                    throw Fault(reason: "an object that names \(name.quotedForMessage) twice")
                }
            }
            return .object(members)
        }
    }

    @inline(__always)
    private mutating func word() throws(Fault) -> UInt64 {
        guard bytes.count - index >= 8 else { throw Fault(reason: "cut short") }
        defer { index += 8 }
        return UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    }
}
