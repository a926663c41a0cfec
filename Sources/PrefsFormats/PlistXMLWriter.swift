import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a suite's values as the XML property list Foundation writes, byte for byte: the same
/// header and DOCTYPE, tab indentation, keys sorted by UTF-16 code units, `&lt;` `&gt;` `&amp;`
/// escaping, `<real>` as `%.17g` (with `0.0`, `nan`, `+infinity`, `-infinity`), `<date>` in whole
/// UTC seconds, and `<data>` as base64 in lines of 76 characters less 8 per level of indentation
/// (indentation capped at 8 tabs).
///
/// Why our own: `PropertyListSerialization` spent 62 % of a write sorting keys through bridged
/// Swift strings and 31 % copying its CFData into `Data` one byte at a time. This goes straight
/// from `PlistValue` into one byte buffer.
///
/// Where it differs from Foundation, it does so to keep the file well-formed XML that every reader
/// (Foundation, Python's `plistlib`, any XML parser) reads back unchanged. Foundation would write
/// these raw and produce a file other parsers refuse or alter:
/// - a carriage return is written `&#13;` (XML parsers turn a raw one into a line feed);
/// - negative zero is written `-0.0` (Foundation writes `0.0` and loses the sign);
/// - text holding a character XML 1.0 cannot carry at all, even escaped (C0 controls other than
///   tab, line feed and carriage return; U+FFFE; U+FFFF), or starting with U+FEFF (which
///   Foundation's reader drops as a byte-order mark, however it is written), is refused with an
///   error naming the key path, and nothing is written;
/// - a date outside the years 1–9999 (which `plistlib` cannot read and `<date>` cannot spell) is
///   refused the same way.
package struct PlistXMLWriter {
    package var bytes: [UInt8] = []
    private var orderMismatch = false
    /// Root values to write as these bytes (see ``document(_:order:verbatim:)``).
    private var verbatim: [String: Data] = [:]
    /// Where the writer is, from the root (`favoriteCities[3]`), for messages: kept as steps
    /// and made text only for an error, where a string per value cost an allocation for each of
    /// a long list's items.
    private var path: [PathStep] = []

    private enum PathStep {
        case key(String)
        case index(Int)
    }

    /// The path as messages name it: `city`, `servers.main`, `favoriteCities[3]`.
    package var pathText: String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// A document that would be larger than the size limit it was given, found before any of
    /// it was written: ``leastSize`` is a lower bound of its size.
    package struct TooLarge: Error {
        package let leastSize: Int
    }

    /// A value an XML property list cannot carry, by its key path (`cities[1]`), shown as it
    /// may be quoted, and what is allowed. PrefsModel says it as a refused value of that key.
    package struct Refusal: Error, Equatable {
        package let keyPath: String
        package let value: String
        package let allowed: String
        package init(keyPath: String, value: String, allowed: String) {
            self.keyPath = keyPath
            self.value = value
            self.allowed = allowed
        }
    }

    /// The whole document for a suite's top-level dictionary. `order` lists its keys already
    /// sorted (see ``PlistKeyOrder``); without it they are sorted here. `verbatim` holds, by
    /// key, the XML of root values to write as they are instead of encoding them: entries
    /// Foundation read leniently, kept byte for byte while nobody changes them.
    /// A document that would surely be over `sizeLimit` bytes is refused (``TooLarge``) before
    /// any room is taken for it: a 40 MB suite was written whole, twice its size in memory,
    /// only to be refused.
    package static func document(_ values: [String: PlistValue], order: PlistKeyOrder? = nil,
                         verbatim: [String: Data] = [:], sizeLimit: Int? = nil) throws -> [UInt8] {
        var writer = PlistXMLWriter()
        writer.verbatim = verbatim
        // The whole document's room at once: growing by doubling held a large list's old and new
        // buffers together, twice its size. The least size is exact but for escapes, real
        // numbers and base64 line breaks: a sixteenth more covers them in all but odd text.
        let least = values.reduce(header.utf8CodeUnitCount + 9) { total, entry in
            total + 13 + entry.key.utf8.count + (verbatim[entry.key].map { $0.count + 2 } ?? leastSize(of: entry.value, depth: 1))
        }
        if let sizeLimit, least > sizeLimit { throw TooLarge(leastSize: least) }
        writer.bytes.reserveCapacity(least + least / 16)
        writer.append(header)
        try CNumericLocale.whileActive {
            try writer.appendDictionary(values, sortedKeys: order?.keys, depth: 0)
        }
        // An order that does not list exactly these keys (it cannot happen through a store,
        // but it must never drop or repeat a value) is ignored and the keys sorted here.
        if writer.orderMismatch { return try document(values, verbatim: verbatim, sizeLimit: sizeLimit) }
        writer.append("</plist>\n")
        return writer.bytes
    }

    private static let header: StaticString = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    // MARK: Elements

    /// The fewest bytes `value` takes written at `depth`, with its indentation and its line's end:
    /// exact for everything but text and keys (escapes add to them), real numbers (counted at
    /// their shortest) and data (its base64 counted without line breaks).
    private static func leastSize(of value: PlistValue, depth: Int) -> Int {
        switch value {
        case .bool(let flag): return depth + (flag ? 8 : 9)                          // <true/>\n
        case .int(let number): return depth + 20 + decimalDigits(UInt64(number.magnitude)) + (number < 0 ? 1 : 0)
        case .unsignedInt(let number): return depth + 20 + decimalDigits(number)    // <integer></integer>\n
        case .double: return depth + 15                                             // <real>0</real>\n
        case .date: return depth + 33                                               // <date>2024-01-01T00:00:00Z</date>\n
        case .string(let text): return depth + 18 + text.utf8.count                 // <string></string>\n
        case .data(let data): return 2 * depth + 15 + (data.count + 2) / 3 * 4      // <data>\n…\n</data>\n
        case .array(let items):
            return items.isEmpty ? depth + 9 : 2 * depth + 17 + items.reduce(0) { $0 + leastSize(of: $1, depth: depth + 1) }
        case .dictionary(let entries):
            return entries.isEmpty ? depth + 8 : 2 * depth + 15 + entries.reduce(0) {
                $0 + depth + 12 + $1.key.utf8.count + leastSize(of: $1.value, depth: depth + 1)  // <key></key>\n
            }
        }
    }

    /// The fewest bytes a value read from JSON for an import takes in a suite file, counted as
    /// it is read so that an import too large for any suite is refused before it is held whole
    /// (a 15 MB list of numbers held 544 MB). A lower bound whatever the value becomes: a scalar
    /// counts its element (text as 12 bytes and its own, the least of `<string>` and of the
    /// `$date`, `$data`, `$integer` and `$real` forms it may stand for); an array or object
    /// counts its own tags only (`members` is the object's member names; one `$` tag is no
    /// `<dict>`), not what it holds, which is counted as it is read; no indentation is counted.
    package static func leastSize(ofImported value: JSONValue, members: [String] = []) -> Int {
        switch value {
        case .null: return 0
        case .bool: return 8
        case .int(let number): return 20 + decimalDigits(UInt64(number.magnitude))
        case .double: return 15
        case .string(let text): return 12 + text.utf8.count
        case .array(let items): return items.isEmpty ? 9 : 17                            // <array/>\n, <array>\n</array>\n
        case .object:
            if members.count == 1, members[0].hasPrefix("$") { return 0 }
            return members.isEmpty ? 8 : members.reduce(15) { $0 + 12 + $1.utf8.count }  // <dict>\n…<key></key>\n…</dict>\n
        }
    }

    /// The fewest bytes of the element a one-member `$` tag of an export stands for, whatever
    /// its text says (`{"$real": "0.000"}` is the 17 bytes of `<real>0.0</real>` and a newline,
    /// less than its text), or nil for no such tag (`$dictionary` is counted as the dictionary
    /// it holds).
    package static func leastSize(ofTag tag: String) -> Int? {
        switch tag {
        case "$integer": 21          // <integer>0</integer>\n
        case "$real": 17             // <real>0.0</real>\n
        case "$date": 33             // <date>2024-01-01T00:00:00Z</date>\n
        case "$data": 15             // <data>\n</data>\n
        default: nil
        }
    }

    private static func decimalDigits(_ number: UInt64) -> Int {
        var digits = 1, rest = number
        while rest >= 10 { rest /= 10; digits += 1 }
        return digits
    }

    private mutating func appendValue(_ value: PlistValue, depth: Int) throws {
        switch value {
        case .bool(let flag):
            appendLine(flag ? "<true/>" : "<false/>", depth: depth)
        case .int(let number):
            appendIndent(depth)
            append("<integer>")
            appendDecimal(UInt64(number.magnitude), negative: number < 0)
            append("</integer>\n")
        case .unsignedInt(let number):
            appendIndent(depth)
            append("<integer>")
            appendDecimal(number, negative: false)
            append("</integer>\n")
        case .double(let number):
            appendIndent(depth)
            append("<real>")
            appendReal(number)
            append("</real>\n")
        case .string(let text):
            appendIndent(depth)
            append("<string>")
            try appendEscaped(text)
            append("</string>\n")
        case .date(let date):
            appendIndent(depth)
            append("<date>")
            try appendDate(date)
            append("</date>\n")
        case .data(let data):
            appendData(data, depth: depth)
        case .array(let items):
            guard !items.isEmpty else { return appendLine("<array/>", depth: depth) }
            appendLine("<array>", depth: depth)
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                try appendValue(item, depth: depth + 1)
                path.removeLast()
            }
            appendLine("</array>", depth: depth)
        case .dictionary(let entries):
            try appendDictionary(entries, sortedKeys: nil, depth: depth)
        }
    }

    private mutating func appendDictionary(_ entries: [String: PlistValue], sortedKeys: [String]?, depth: Int) throws {
        guard !entries.isEmpty else { return appendLine("<dict/>", depth: depth) }
        appendLine("<dict>", depth: depth)
        let keys = sortedKeys ?? entries.keys.sorted(by: Self.precedesInUTF16)
        if keys.count != entries.count { orderMismatch = true }
        for key in keys {
            guard let value = entries[key] else {
                orderMismatch = true
                continue
            }
            let isRoot = path.isEmpty
            path.append(.key(key))
            appendIndent(depth + 1)
            append("<key>")
            try appendEscaped(key)
            append("</key>\n")
            if isRoot, let element = verbatim[key] {
                appendIndent(depth + 1)
                bytes.append(contentsOf: element)
                append("\n")
            } else {
                try appendValue(value, depth: depth + 1)
            }
            path.removeLast()
        }
        appendLine("</dict>", depth: depth)
    }

    // MARK: Key order

    /// Foundation sorts keys by UTF-16 code units. UTF-8 bytes sort like Unicode scalars, which
    /// agrees with UTF-16 except that U+E000–U+FFFF (UTF-8 lead bytes EE, EF) sort after the
    /// scalars above U+FFFF (lead bytes F0–F4, surrogates D800–DBFF in UTF-16). At the first
    /// differing byte both strings are at the same position of the same character structure, so
    /// lifting EE and EF above F4 there is all the correction needed.
    package static func precedesInUTF16(_ left: String, _ right: String) -> Bool {
        if let ordered = left.utf8.withContiguousStorageIfAvailable({ leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in precedes(leftBytes, rightBytes) }
        }), let ordered {
            return ordered
        }
        return precedes(Array(left.utf8), Array(right.utf8))
    }

    private static func precedes<Bytes: RandomAccessCollection>(_ left: Bytes, _ right: Bytes) -> Bool
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let shared = min(left.count, right.count)
        var index = 0
        while index < shared {
            let a = left[left.startIndex + index], b = right[right.startIndex + index]
            if a != b { return utf16Weight(a) < utf16Weight(b) }
            index += 1
        }
        return left.count < right.count
    }

    private static func utf16Weight(_ byte: UInt8) -> UInt16 {
        byte == 0xEE || byte == 0xEF ? UInt16(byte) + 0x10 : UInt16(byte)
    }

    // MARK: Bytes

    package mutating func appendLine(_ element: StaticString, depth: Int) {
        appendIndent(depth)
        append(element)
        bytes.append(UInt8(ascii: "\n"))
    }

    package mutating func appendIndent(_ depth: Int) {
        for _ in 0..<depth { bytes.append(UInt8(ascii: "\t")) }
    }

    package mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
