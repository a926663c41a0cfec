import Foundation

/// Reads an XML property list straight into ``PlistValue``: the counterpart of
/// ``PlistXMLWriter``.
///
/// Why our own: reading a 10,000-key suite through `PropertyListSerialization` and converting its
/// `NSNumber`/`NSString` tree to `PlistValue` cost most of a large `render`. This goes from the
/// file's bytes to `PlistValue` in one pass.
///
/// It reads the plain XML that Foundation, Python's `plistlib` and our writer produce. A root
/// entry whose value it does not take exactly (a date that is not a real date, base64 with a
/// stray group, a raw carriage return, an unknown element such as `<key>` in an array, CDATA) is
/// read by Foundation alone and its bytes kept, so writes put it back unchanged (see
/// ``rootEntry(key:)``). Whatever else it does not understand (a binary plist, attributes on
/// elements, a text encoding other than UTF-8, nesting deeper than
/// ``PlistDocument/maximumNesting``) makes ``read(_:)`` say it was not understood, and
/// ``PlistDocument`` decides: it refuses a file nested too deep and leaves the rest to
/// `PropertyListSerialization`. Two keys of one dictionary that Swift takes for one are reported
/// as such, and refused (see ``Outcome/duplicateKeys(first:second:)``).
/// So an unusual file reads as it always did, and a malformed one is still refused by
/// Foundation: this reader decides that a file is unreadable only for keys it cannot keep apart.
package struct PlistXMLReader {
    package let bytes: UnsafeRawBufferPointer
    package var position = 0
    /// How many dictionaries enclose the one being read; 0 while reading the root.
    private var dictionaryDepth = 0
    /// How many values enclose the one being read. Past ``PlistDocument/maximumNesting`` the
    /// document is left to ``PlistDocument``, which refuses it: recursing on would exhaust the
    /// stack (a file nested 100,000 deep).
    private var depth = 0
    /// The root dictionary's keys in the order the file lists them.
    private var rootKeys: [String] = []
    /// The bytes of root entries' values that Foundation read for us (see ``rootEntry(key:)``).
    private var verbatim: [String: Data] = [:]

    /// The first two keys of one dictionary that Swift takes for the same (equal bytes, or equal
    /// after Unicode normalization), as the file spells them.
    private var duplicate: (first: String, second: String)?

    /// The first root entry no reader takes, in words (``Outcome/notUnderstood(unreadableEntry:)``).
    private var unreadableEntry: String?

    /// Not understood here: the caller falls back to Foundation.
    package struct NotUnderstood: Error {}

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The document's root value, or nil when it is anything but plain XML this reader
    /// understands exactly.
    package static func value(from data: Data) -> PlistValue? {
        document(from: data)?.root
    }

    /// What ``read(_:)`` made of a document.
    package enum Outcome {
        /// The root value and, when the root is a dictionary, its keys in the file's order, and
        /// the root entries Foundation read leniently (see ``rootEntry(key:)``).
        case document(root: PlistValue, rootKeys: [String], verbatim: [String: Data])
        /// Two keys of one dictionary, at any depth, that are the same to a `[String: …]` (the
        /// same bytes, or the same text in another Unicode normalization), as the file spells
        /// them. Foundation would keep the last of two equal keys, and a Swift dictionary one of
        /// two normalizations: ``PlistDocument`` refuses the document instead.
        case duplicateKeys(first: String, second: String)
        /// Anything but plain XML this reader understands exactly: left to ``PlistDocument``,
        /// with the first root entry neither this reader nor Foundation reads, in words.
        case notUnderstood(unreadableEntry: String?)
    }

    /// Reads a whole document.
    ///
    /// Why the root keys' order: files written by Foundation, `plistlib` or us list keys sorted,
    /// and a suite store needs them sorted for its next write. Checking that they already are
    /// costs one comparison per key instead of sorting them again.
    package static func read(_ data: Data) -> Outcome {
        data.withUnsafeBytes { raw in
            var reader = PlistXMLReader(raw)
            do {
                let root = try reader.document()
                return .document(root: root, rootKeys: reader.rootKeys, verbatim: reader.verbatim)
            } catch {
                guard let (first, second) = reader.duplicate else { return .notUnderstood(unreadableEntry: reader.unreadableEntry) }
                return .duplicateKeys(first: first, second: second)
            }
        }
    }

    /// The document's root value, its root keys and lenient entries, as ``read(_:)`` gives
    /// them; nil for anything else.
    package static func document(from data: Data) -> (root: PlistValue, rootKeys: [String], verbatim: [String: Data])? {
        guard case .document(let root, let keys, let verbatim) = read(data) else { return nil }
        return (root, keys, verbatim)
    }

    // MARK: Document

    private mutating func document() throws -> PlistValue {
        // A byte-order mark, or any encoding declaration but UTF-8, is left to Foundation.
        if matches("<?xml") {
            let end = try find("?>")
            let declaration = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
            if let range = declaration.range(of: "encoding=") {
                let value = declaration[range.upperBound...].dropFirst().prefix(5).uppercased()
                guard value == "UTF-8" else { throw NotUnderstood() }
            }
            position = end + 2
        }
        try skipMisc()
        if matches("<!DOCTYPE") {
            let end = try find(">")
            // An internal subset could declare entities: Foundation's business.
            if bytes[position..<end].contains(UInt8(ascii: "[")) { throw NotUnderstood() }
            position = end + 1
            try skipMisc()
        }
        guard matches("<plist") else { throw NotUnderstood() }
        position += 6
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") || bytes[position] == UInt8(ascii: " ") else {
            throw NotUnderstood()
        }
        let tagEnd = try find(">")
        if bytes[tagEnd - 1] == UInt8(ascii: "/") { throw NotUnderstood() }
        position = tagEnd + 1
        try skipMisc()
        let root = try value()
        try skipMisc()
        try expect("</plist>")
        try skipMisc()
        guard position == bytes.count else { throw NotUnderstood() }
        return root
    }

    // MARK: Elements

    private mutating func value() throws -> PlistValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= PlistDocument.maximumNesting else { throw NotUnderstood() }
        let name = try openTag()
        switch name {
        case .element(.dict): return .dictionary(try dictionary())
        case .empty(.dict): return .dictionary([:])
        case .element(.array): return .array(try array())
        case .empty(.array): return .array([])
        case .empty(.true): return .bool(true)
        case .empty(.false): return .bool(false)
        case .element(.string): return .string(try text(closing: "</string>"))
        case .empty(.string): return .string("")
        case .element(.integer): return try integer(try rawContent(closing: "</integer>"))
        case .element(.real): return .double(try real(try rawContent(closing: "</real>")))
        case .element(.date): return .date(try date(try rawContent(closing: "</date>")))
        case .element(.data): return .data(try data(try rawContent(closing: "</data>")))
        case .empty(.data): return .data(Data())
        default: throw NotUnderstood()
        }
    }

    private mutating func dictionary() throws -> [String: PlistValue] {
        let isRoot = dictionaryDepth == 0
        // The document's own dictionary (the value at depth 1, not one of many in a root array,
        // which each counted the rest of the file) made at its size: grown entry by entry, it
        // was rebuilt 14 times on the way to 10,000 entries, every key hashed again each time
        // (4.3 M instructions).
        let expected = depth == 1 ? keyTagCount(from: position) : 0
        var entries = [String: PlistValue](minimumCapacity: expected)
        rootKeys.reserveCapacity(expected)
        dictionaryDepth += 1
        defer { dictionaryDepth -= 1 }
        while true {
            try skipMisc()
            if matches("</dict>") {
                position += 7
                return entries
            }
            let key: String
            switch try openTag() {
            case .element(.key): key = try text(closing: "</key>")
            case .empty(.key): key = ""
            default: throw NotUnderstood()
            }
            try skipMisc()
            let entry = isRoot ? try rootEntry(key: key) : try value()
            // Two keys Swift takes for one: the document is refused (see `Outcome`). Asked and
            // stored in one step, each key hashed once.
            if entries.updateValue(entry, forKey: key) != nil {
                duplicate = (entries.first { $0.key == key }?.key ?? key, key)
                throw NotUnderstood()
            }
            if isRoot { rootKeys.append(key) }
        }
    }

    /// How many entries the dictionary opened just before `start` has: its `<key>` tags, not
    /// those of the dictionaries inside it. Found by `memchr`, which steps over the text
    /// between tags many bytes at a time. At most one for every 32 bytes of the text, so that
    /// markup that only looks like tags (in a comment or CDATA) cannot make a table larger than
    /// the file.
    private func keyTagCount(from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0, level = 0
        var position = start
        while position < bytes.count, let found = memchr(base + position, Int32(UInt8(ascii: "<")), bytes.count - position) {
            position = base.distance(to: UnsafeRawPointer(found)) + 1
            if matches("key>", at: position) {
                if level == 0 { count += 1 }
            } else if matches("dict>", at: position) || matches("array>", at: position) {
                level += 1
            } else if matches("/dict>", at: position) || matches("/array>", at: position) {
                if level == 0 { break }
                level -= 1
            }
        }
        return min(count, (bytes.count - start) / 32)
    }

    /// A root entry's value. One this reader does not take exactly (a date such as 2024-02-30,
    /// base64 with a stray group, a raw carriage return in text, `<key>` inside an array) is
    /// read by Foundation alone, as Foundation reads it (what `UserDefaults` shows), and its
    /// bytes are kept: a write of other keys puts back exactly what the file said instead of
    /// Foundation's lenient reading of it (2024-03-01, a lost byte, `&#13;`, `<string>`).
    /// Whatever Foundation cannot read either, or that nests too deep, leaves the document to
    /// ``PlistDocument``.
    private mutating func rootEntry(key: String) throws -> PlistValue {
        let start = position
        do { return try value() } catch {
            // Two keys Swift takes for one, in a dictionary inside the entry: refused (see
            // `Outcome`), never left to Foundation, which would keep one of them.
            if duplicate != nil { throw error }
            let end = try elementEnd(from: start)
            let fragment = Data(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            // The root dictionary is the first level; the entry may use the rest.
            guard let depth = PlistNesting.deepest(in: fragment), depth < PlistDocument.maximumNesting,
                  let read = Self.foundationReading(of: fragment) else {
                if unreadableEntry == nil { unreadableEntry = Self.unreadable(key: key, fragment: fragment) }
                throw NotUnderstood()
            }
            verbatim[key] = fragment
            position = end
            return read
        }
    }

    /// Where the element that starts at `start` ends (just past its closing tag), by its tags
    /// alone: comments, CDATA, processing instructions and quoted attribute values are skipped.
    private func elementEnd(from start: Int) throws -> Int {
        var index = start
        var depth = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if matches("<!--", at: index) { index = try find("-->", from: index) + 3; continue }
            if matches("<![CDATA[", at: index) { index = try find("]]>", from: index) + 3; continue }
            if matches("<?", at: index) { index = try find("?>", from: index) + 2; continue }
            let closing = matches("</", at: index)
            var end = index + 1
            var quote: UInt8?
            while end < bytes.count {
                let byte = bytes[end]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                end += 1
            }
            guard end < bytes.count else { throw NotUnderstood() }
            if closing {
                depth -= 1
            } else if bytes[end - 1] != UInt8(ascii: "/") {
                depth += 1
            }
            index = end + 1
            if depth == 0 { return index }
            guard depth > 0 else { throw NotUnderstood() }
        }
        throw NotUnderstood()
    }

    private mutating func array() throws -> [PlistValue] {
        var items: [PlistValue] = []
        while true {
            try skipMisc()
            if matches("</array>") {
                position += 8
                return items
            }
            items.append(try value())
        }
    }

    /// The elements this reader takes; a document with any other is left to Foundation.
    private enum ElementName {
        case dict, array, `true`, `false`, string, integer, real, date, data, key

        /// Known by their bytes: made into text and compared as text, a tag cost a few hundred
        /// instructions, two tags a setting.
        init?(_ name: UnsafeRawBufferPointer) {
            func named(_ literal: StaticString) -> Bool {
                literal.utf8CodeUnitCount == name.count && memcmp(literal.utf8Start, name.baseAddress!, name.count) == 0
            }
            switch name.count {
            case 3 where named("key"): self = .key
            case 4 where named("dict"): self = .dict
            case 4 where named("true"): self = .true
            case 4 where named("real"): self = .real
            case 4 where named("date"): self = .date
            case 4 where named("data"): self = .data
            case 5 where named("array"): self = .array
            case 5 where named("false"): self = .false
            case 6 where named("string"): self = .string
            case 7 where named("integer"): self = .integer
            default: return nil
            }
        }
    }

    private enum Tag {
        case element(ElementName)
        case empty(ElementName)
    }

    /// `<name>` or `<name/>`, exactly: attributes and spaces inside tags, and names this
    /// reader does not take, are left to Foundation.
    private mutating func openTag() throws -> Tag {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else { throw NotUnderstood() }
        var end = position + 1
        while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        guard end < bytes.count, end > position + 1,
              let name = ElementName(UnsafeRawBufferPointer(rebasing: bytes[position + 1..<end])) else { throw NotUnderstood() }
        if bytes[end] == UInt8(ascii: ">") {
            position = end + 1
            return .element(name)
        }
        guard bytes[end] == UInt8(ascii: "/"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: ">") else {
            throw NotUnderstood()
        }
        position = end + 2
        return .empty(name)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    // MARK: Scanning

    private func matches(_ literal: StaticString) -> Bool {
        matches(literal, at: position)
    }

    private func matches(_ literal: StaticString, at start: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard start + length <= bytes.count, let base = bytes.baseAddress else { return false }
        // `memcmp`: byte by byte through the buffer's checked subscript, these comparisons
        // were 3.4 M instructions of reading a suite of 10,000 settings.
        return memcmp(base + start, literal.utf8Start, length) == 0
    }

    package mutating func expect(_ literal: StaticString) throws {
        guard matches(literal) else { throw NotUnderstood() }
        position += literal.utf8CodeUnitCount
    }

    /// Where `literal` next starts, from the current position.
    package func find(_ literal: StaticString) throws -> Int {
        try find(literal, from: position)
    }

    /// Where `literal` next starts, from `origin`.
    package func find(_ literal: StaticString, from origin: Int) throws -> Int {
        let length = literal.utf8CodeUnitCount
        let found: Int? = literal.withUTF8Buffer { expected in
            var start = origin
            while start + length <= bytes.count {
                var index = 0
                while index < length, bytes[start + index] == expected[index] { index += 1 }
                if index == length { return start }
                start += 1
            }
            return nil
        }
        guard let found else { throw NotUnderstood() }
        return found
    }

    /// Whitespace and comments between elements.
    private mutating func skipMisc() throws {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "<") where matches("<!--"):
                position += 4
                position = try find("-->") + 3
            default:
                return
            }
        }
    }
}
