import Foundation

/// Reads any property list a suite file or an import may hold, so that no input reaches
/// Foundation's parser unchecked.
///
/// - Binary plists are read by ``BinaryPlistReader`` alone (Foundation crashes on some).
/// - Plain XML is read by ``PlistXMLReader``.
/// - Only XML that reader leaves aside (other encodings, CDATA, attributes…) and the old
///   OpenStep text format go to `PropertyListSerialization`, and only after a scan has shown
///   they nest at most ``maximumNesting`` levels: Foundation's readers recurse once per level,
///   and a file nested 4,200 deep (debug) or 32,812 deep (release) ended every command with
///   SIGSEGV.
package enum PlistDocument {
    /// How deep arrays and dictionaries may nest, as for JSON: deep enough for any real
    /// settings, shallow enough that no reader or writer of ours can exhaust a thread's stack.
    package static let maximumNesting = 512

    /// A document that cannot be read, and why: a phrase that follows "the suite file …" or
    /// "the import file …", such as "is not a valid property list".
    package struct Refusal: Error, Equatable {
        package let reason: String
        package init(reason: String) { self.reason = reason }
    }

    /// What a document holds.
    package struct Reading {
        package var root: PlistValue
        /// The root dictionary's keys in the file's order, when known.
        package var rootKeys: [String]?
        /// The XML of root entries whose values Foundation read leniently, by key: a writer puts
        /// these bytes back for every entry it does not change (see ``PlistXMLReader``).
        package var verbatim: [String: Data] = [:]
    }

    /// Why a document is refused that gives one dictionary two keys Swift takes for the same
    /// (the same bytes, or the same text in two Unicode normalizations, `é` and `e` + U+0301):
    /// a dictionary of Swift strings keeps only one of them, so a read, and the next write,
    /// would lose the other's value without a word. Both keys are named as the file spells
    /// them, with every character beyond ASCII written as `\u{…}` so that two normalizations
    /// can be told apart.
    package static func duplicateKeysReason(_ first: String, _ second: String) -> String {
        if first.utf8.elementsEqual(second.utf8) { return "holds the key \(first.quotedForMessage) twice in one dictionary" }
        return "holds the keys \(scalarsShown(first)) and \(scalarsShown(second)) in one dictionary, "
            + "the same text in two Unicode normalizations (rename one of them)"
    }

    private static func scalarsShown(_ key: String) -> String {
        "\"" + key.unicodeScalars.map {
            $0.isASCII ? String($0).controlCharactersEscaped : "\\u{\(String($0.value, radix: 16, uppercase: true))}"
        }.joined() + "\""
    }

    /// The root value, its keys' order and the entries to keep byte for byte.
    package static func read(_ data: Data) throws(Refusal) -> Reading {
        if data.starts(with: "bplist".utf8) {
            do {
                let (root, keys) = try BinaryPlistReader.document(from: data)
                return Reading(root: root, rootKeys: keys)
            } catch { throw Refusal(reason: error.reason) }
        }
        var unreadableEntry: String?
        switch PlistXMLReader.read(data) {
        case .document(let root, let keys, let verbatim): return Reading(root: root, rootKeys: keys, verbatim: verbatim)
        case .duplicateKeys(let first, let second): throw Refusal(reason: duplicateKeysReason(first, second))
        case .notUnderstood(let entry): unreadableEntry = entry
        }
        // Which entry made the file unreadable, when our reader found it: the person then knows
        // what to fix, rather than only that the file is bad.
        let invalid = "is not a valid property list" + (unreadableEntry.map { ": \($0)" } ?? "")
        guard let depth = PlistNesting.deepest(in: data) else { throw Refusal(reason: invalid) }
        guard depth <= maximumNesting else {
            throw Refusal(reason: "nests arrays and dictionaries more than \(maximumNesting) levels deep")
        }
        let object: Any
        do { object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw Refusal(reason: invalid)
        }
        // A dictionary that Foundation read with two keys Swift takes for one is refused here
        // (`PlistValue(foundationObject:)` returns nil) rather than left to keep either.
        guard let root = PlistValue(foundationObject: object) else {
            throw Refusal(reason: "holds a value a property list of settings cannot hold")
        }
        return Reading(root: root)
    }
}

/// How deep a text property list nests, counted without parsing it: XML's `<array>` and
/// `<dict>` elements (not the empty `<array/>` forms), or the OpenStep format's `(` and `{`
/// outside quoted strings. An over-estimate at worst (a comment holding `<dict>` counts), which
/// only ever refuses an absurd file, never lets a deep one through. UTF-16 text (which
/// Foundation also reads) is scanned as its UTF-8 transcoding; nil when it is not valid UTF-16.
package enum PlistNesting {
    package static func deepest(in data: Data) -> Int? {
        if let utf16 = utf16Encoding(of: data) {
            guard let text = String(data: data, encoding: utf16) else { return nil }
            return deepest(inUTF8: Data(text.utf8))
        }
        return deepest(inUTF8: data)
    }

    /// UTF-16 by its byte order mark, or by a zero byte beside the first character.
    private static func utf16Encoding(of data: Data) -> String.Encoding? {
        let head = Array(data.prefix(2))
        guard head.count == 2 else { return nil }
        if head == [0xFE, 0xFF] || head == [0xFF, 0xFE] { return .utf16 }
        if head[0] == 0 { return .utf16BigEndian }
        if head[1] == 0 { return .utf16LittleEndian }
        return nil
    }

    private static func deepest(inUTF8 data: Data) -> Int {
        data.withUnsafeBytes { bytes in
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            return first == UInt8(ascii: "<") ? xmlDepth(bytes) : bracketDepth(bytes)
        }
    }

    private static func xmlDepth(_ bytes: UnsafeRawBufferPointer) -> Int {
        var depth = 0, deepest = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            var nameEnd = index + (closing ? 2 : 1)
            let nameStart = nameEnd
            while nameEnd < bytes.count, bytes[nameEnd] >= UInt8(ascii: "a"), bytes[nameEnd] <= UInt8(ascii: "z") { nameEnd += 1 }
            let isCollection = isName(array, in: bytes, from: nameStart, to: nameEnd) || isName(dict, in: bytes, from: nameStart, to: nameEnd)
            var tagEnd = nameEnd
            while tagEnd < bytes.count, bytes[tagEnd] != UInt8(ascii: ">") { tagEnd += 1 }
            if isCollection {
                if closing {
                    depth = max(0, depth - 1)
                } else if !(tagEnd > nameEnd && tagEnd < bytes.count && bytes[tagEnd - 1] == UInt8(ascii: "/")) {
                    depth += 1
                    deepest = max(deepest, depth)
                }
            }
            index = max(tagEnd, index + 1)
        }
        return deepest
    }

    private static let array = Array("array".utf8), dict = Array("dict".utf8)

    /// Compared index by index: the generic slice comparison made a debug build's scan of a
    /// 1.5 MB file take 2.6 s.
    private static func isName(_ name: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Bool {
        guard end - start == name.count else { return false }
        for offset in 0..<name.count where bytes[start + offset] != name[offset] { return false }
        return true
    }

    private static func bracketDepth(_ bytes: UnsafeRawBufferPointer) -> Int {
        var depth = 0, deepest = 0
        var quote: UInt8?
        var escaped = false
        for byte in bytes {
            if let open = quote {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "<"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: ">"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }
}
