import Foundation

/// Reads a binary property list (`bplist00`) into ``PlistValue``, refusing what a suite cannot
/// hold instead of handing it to Foundation.
///
/// Why our own: `PropertyListSerialization` on Linux (Swift 6.3.1) stops the process on a
/// 109-byte file holding a set (object type 0xC: it crashes bridging the `NSSet`), reads 16-byte
/// integers wrongly (−5 came back as 18446744073709551611, 2^100 as 0, and a write of another key
/// then made the wrong value permanent), and follows object references without a depth limit.
/// Here every object is checked: sets, UIDs and nulls are refused by name, integers are read
/// exactly (within `Int64`, or `UInt64` above it) or refused, nesting stops at
/// ``PlistDocument/maximumNesting``, and references that make a small file expand into a huge
/// tree (one array listed twice in another, thirty times over) are refused.
///
/// The layout (Apple's CFBinaryPList.c describes it): an 8-byte header, the objects, a table of
/// their offsets, and a 32-byte trailer giving the offset table's place, the width of offsets
/// and of object references, the number of objects and which one is the root.
package struct BinaryPlistReader {
    private let bytes: UnsafeRawBufferPointer
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTable: Int
    /// Values built so far; a file whose references expand past this budget is refused.
    private var budget: Int
    /// Bytes of data and text copied out so far: one large data object listed a hundred
    /// thousand times stays within the value budget yet expands to gigabytes (found by the
    /// plist-binary fuzz target), so copied bytes have a budget of their own.
    private var byteBudget: Int

    /// A file this reader refuses, and why (a phrase that follows "the suite file …").
    package struct Refusal: Error {
        let reason: String
    }

    /// The root value, and the root dictionary's keys in the file's order (nil if the root is
    /// not a dictionary).
    package static func document(from data: Data) throws(Refusal) -> (root: PlistValue, rootKeys: [String]?) {
        let result: Result<(PlistValue, [String]?), Refusal> = data.withUnsafeBytes { raw in
            do throws(Refusal) {
                var reader = try BinaryPlistReader(raw)
                return .success(try reader.root())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(_ bytes: UnsafeRawBufferPointer) throws(Refusal) {
        self.bytes = bytes
        guard bytes.count >= 8 + 32,
              bytes.prefix(8).elementsEqual("bplist00".utf8) else {
            throw Refusal(reason: "is a binary property list of a version other than 00, or cut short")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              count >= 1, count <= UInt64(bytes.count), top < count,
              table >= 8, table < UInt64(trailer),
              count * UInt64(offsetSize) <= UInt64(trailer) - table else {
            throw Refusal(reason: "is a binary property list whose trailer is damaged")
        }
        objectCount = Int(count)
        offsetTable = Int(table)
        rootObject = Int(top)
        // Every value but the root is named by one reference in a container, and a reference
        // takes at least one byte, so a tree read without sharing has fewer values than the file
        // has bytes. Shared leaves (Foundation writes equal strings and numbers once) stay far
        // below four times that; expansion past it is a crafted file.
        budget = bytes.count * 4 + 1024
        byteBudget = bytes.count * 4 + (1 << 20)
    }

    /// Charges `count` copied bytes, refusing a file whose shared data and text expand past
    /// ``byteBudget``.
    private mutating func charge(_ count: Int) throws(Refusal) {
        byteBudget -= count
        guard byteBudget >= 0 else {
            throw Refusal(reason: "is a binary property list whose references expand far beyond its size")
        }
    }

    private let rootObject: Int

    private mutating func root() throws(Refusal) -> (PlistValue, [String]?) {
        if try marker(of: rootObject) >> 4 == 0xD {
            var keys: [String] = []
            let value = try object(rootObject, depth: 1, rootKeys: &keys)
            return (value, keys)
        }
        var unused: [String] = []
        return (try object(rootObject, depth: 1, rootKeys: &unused), nil)
    }

    // MARK: Objects

    private func offset(of object: Int) throws(Refusal) -> Int {
        let offset = Self.bigEndian(bytes, at: offsetTable + object * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTable) else {
            throw Refusal(reason: "is a binary property list whose object \(object) lies outside the file")
        }
        return Int(offset)
    }

    private func marker(of object: Int) throws(Refusal) -> UInt8 {
        bytes[try offset(of: object)]
    }

    /// The object numbered `object`; `rootKeys` collects the keys of the root dictionary.
    private mutating func object(_ object: Int, depth: Int, rootKeys: inout [String]) throws(Refusal) -> PlistValue {
        guard depth <= PlistDocument.maximumNesting else {
            throw Refusal(reason: "nests arrays and dictionaries more than \(PlistDocument.maximumNesting) levels deep (or refers to itself)")
        }
        budget -= 1
        guard budget >= 0 else {
            throw Refusal(reason: "is a binary property list whose references expand far beyond its size")
        }
        let start = try offset(of: object)
        let marker = bytes[start]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw refusal(object, "holds a null or fill object, which a suite cannot hold")
            }
        case 0x1:
            return try integer(object, at: start + 1, size: 1 << info, exponent: info)
        case 0x2:
            switch info {
            case 2: return .double(Double(Float(bitPattern: UInt32(try field(object, start + 1, size: 4)))))
            case 3: return .double(Double(bitPattern: try field(object, start + 1, size: 8)))
            default: throw refusal(object, "holds a real number of \(1 << info) bytes")
            }
        case 0x3:
            guard marker == 0x33 else { throw refusal(object, "holds a date of an unknown size") }
            let seconds = Double(bitPattern: try field(object, start + 1, size: 8))
            guard seconds.isFinite else { throw refusal(object, "holds a date that is not a number") }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4:
            let (count, contents) = try length(object, info: info, after: start)
            try charge(count)
            return .data(Data(try slice(object, contents, count: count)))
        case 0x5:
            let (count, contents) = try length(object, info: info, after: start)
            try charge(count)
            let text = try slice(object, contents, count: count)
            guard text.allSatisfy({ $0 < 0x80 }) else { throw refusal(object, "holds an ASCII string with bytes above 127") }
            return .string(String(decoding: text, as: UTF8.self))
        case 0x6:
            let (count, contents) = try length(object, info: info, after: start)
            let (units, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw refusal(object, "holds a string longer than the file") }
            try charge(units)
            let raw = try slice(object, contents, count: units)
            var utf16: [UInt16] = []
            utf16.reserveCapacity(count)
            for index in stride(from: 0, to: raw.count, by: 2) {
                utf16.append(UInt16(raw[raw.startIndex + index]) << 8 | UInt16(raw[raw.startIndex + index + 1]))
            }
            guard let text = String(validating: utf16, as: UTF16.self) else {
                throw refusal(object, "holds a string that is not valid UTF-16")
            }
            return .string(text)
        case 0x8:
            throw refusal(object, "holds a keyed archiver's UID, which a suite cannot hold")
        case 0xA:
            let (count, contents) = try length(object, info: info, after: start)
            let references = try referenceList(object, contents, count: count)
            var items: [PlistValue] = []
            items.reserveCapacity(count)
            var unused: [String] = []
            for reference in references { items.append(try self.object(reference, depth: depth + 1, rootKeys: &unused)) }
            return .array(items)
        case 0xB, 0xC:
            throw refusal(object, "holds a set, which a suite cannot hold (only arrays and dictionaries)")
        case 0xD:
            let (count, contents) = try length(object, info: info, after: start)
            let (doubled, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw refusal(object, "holds a dictionary longer than the file") }
            let references = try referenceList(object, contents, count: doubled)
            var entries: [String: PlistValue] = [:]
            entries.reserveCapacity(count)
            var unused: [String] = []
            for index in 0..<count {
                guard case .string(let key) = try self.object(references[index], depth: depth + 1, rootKeys: &unused) else {
                    throw refusal(object, "holds a dictionary whose key is not a string")
                }
                let value = try self.object(references[count + index], depth: depth + 1, rootKeys: &unused)
                if let existing = entries.index(forKey: key) {
                    throw Refusal(reason: PlistDocument.duplicateKeysReason(entries[existing].key, key))
                }
                entries[key] = value
                if depth == 1 { rootKeys.append(key) }
            }
            return .dictionary(entries)
        default:
            throw refusal(object, "holds an object of unknown type 0x\(String(marker >> 4, radix: 16, uppercase: true))")
        }
    }

    /// A big-endian integer of 1, 2, 4 or 8 bytes (the first three unsigned, eight signed), or of
    /// 16 bytes, signed, as CoreFoundation writes values above `Int64.max`. Kept exactly, or
    /// refused when it does not fit 64 bits.
    private func integer(_ object: Int, at start: Int, size: Int, exponent: Int) throws(Refusal) -> PlistValue {
        switch exponent {
        case 0, 1, 2:
            return .int(Int(try field(object, start, size: size)))
        case 3:
            return .int(Int(Int64(bitPattern: try field(object, start, size: 8))))
        case 4:
            let high = try field(object, start, size: 8)
            let low = try field(object, start + 8, size: 8)
            if high == 0 {
                return low <= UInt64(Int.max) ? .int(Int(low)) : .unsignedInt(low)
            }
            if high == UInt64.max, low > UInt64(Int.max) {
                return .int(Int(Int64(bitPattern: low)))
            }
            throw refusal(object, "holds an integer beyond 64 bits, which a suite cannot hold exactly")
        default:
            throw refusal(object, "holds an integer of \(size) bytes")
        }
    }

    /// The count of a data, string or collection: the marker's low nibble, or, at 0xF, the
    /// integer object that follows.
    private func length(_ object: Int, info: Int, after start: Int) throws(Refusal) -> (count: Int, contents: Int) {
        guard info == 0xF else { return (info, start + 1) }
        guard start + 1 < offsetTable, bytes[start + 1] >> 4 == 0x1 else {
            throw refusal(object, "has a length that is not an integer")
        }
        let exponent = Int(bytes[start + 1] & 0x0F)
        guard exponent <= 3 else { throw refusal(object, "has a length that is not an integer") }
        let size = 1 << exponent
        let value = try field(object, start + 2, size: size)
        guard value <= UInt64(bytes.count) else { throw refusal(object, "is longer than the file") }
        return (Int(value), start + 2 + size)
    }

    private func referenceList(_ object: Int, _ start: Int, count: Int) throws(Refusal) -> [Int] {
        let (size, overflow) = count.multipliedReportingOverflow(by: referenceSize)
        guard !overflow, start + size <= offsetTable else { throw refusal(object, "is longer than the file") }
        var references: [Int] = []
        references.reserveCapacity(count)
        for index in 0..<count {
            let reference = Self.bigEndian(bytes, at: start + index * referenceSize, size: referenceSize)
            guard reference < UInt64(objectCount) else { throw refusal(object, "refers to an object that does not exist") }
            references.append(Int(reference))
        }
        return references
    }

    private func slice(_ object: Int, _ start: Int, count: Int) throws(Refusal) -> UnsafeRawBufferPointer.SubSequence {
        guard count >= 0, start <= offsetTable, count <= offsetTable - start else {
            throw refusal(object, "is longer than the file")
        }
        return bytes[start..<start + count]
    }

    private func field(_ object: Int, _ start: Int, size: Int) throws(Refusal) -> UInt64 {
        guard start + size <= offsetTable else { throw refusal(object, "is cut short") }
        return Self.bigEndian(bytes, at: start, size: size)
    }

    private func refusal(_ object: Int, _ what: String) -> Refusal {
        Refusal(reason: "is a binary property list whose object \(object) \(what)")
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<start + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
