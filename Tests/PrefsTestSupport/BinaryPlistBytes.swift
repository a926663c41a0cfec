import Foundation

/// Builds binary property lists (`bplist00`) byte by byte, so tests can hand the readers what
/// no writer of ours or Foundation's would produce: sets, UIDs, 16-byte integers, cycles.
///
/// Each object is given as its encoded bytes with object references written as `ref` bytes of
/// ``referenceSize``; the builder adds the header, the offset table and the trailer.
public struct BinaryPlistBytes {
    public var objects: [[UInt8]] = []
    public var referenceSize: Int

    public init(referenceSize: Int = 1) { self.referenceSize = referenceSize }

    /// Adds an object and returns its number.
    @discardableResult
    public mutating func add(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    /// A reference to object `number`, big-endian in ``referenceSize`` bytes.
    public func ref(_ number: Int) -> [UInt8] { Self.bigEndian(UInt64(number), size: referenceSize) }

    /// An ASCII string object.
    public static func ascii(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        precondition(bytes.count < 15)
        return [0x50 | UInt8(bytes.count)] + bytes
    }

    /// A string object in UTF-16 (big-endian), as binary plists hold any text beyond ASCII.
    public static func utf16(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        precondition(units.count < 15)
        return [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// A one-byte integer object.
    public static func int(_ value: UInt8) -> [UInt8] { [0x10, value] }

    /// The whole file, with `top` as the root object.
    public func document(top: Int = 0) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let offsetTable = bytes.count
        let offsetSize = offsetTable < 0x100 ? 1 : offsetTable < 0x1_0000 ? 2 : offsetTable < 0x1_0000_0000 ? 4 : 8
        for offset in offsets { bytes += Self.bigEndian(UInt64(offset), size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]  // 5 unused, sort version
        bytes += Self.bigEndian(UInt64(objects.count), size: 8)
        bytes += Self.bigEndian(UInt64(top), size: 8)
        bytes += Self.bigEndian(UInt64(offsetTable), size: 8)
        return Data(bytes)
    }

    public static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A dictionary `{key: value}` whose value is the object `value` builds from the next free
    /// object number: the common shape of a suite holding one crafted value.
    public static func suite(key: String, value: (inout BinaryPlistBytes) -> Int) -> Data {
        var plist = BinaryPlistBytes()
        let root = plist.add([])
        let keyObject = plist.add(ascii(key))
        let valueObject = value(&plist)
        plist.objects[root] = [0xD1] + plist.ref(keyObject) + plist.ref(valueObject)
        return plist.document(top: root)
    }
}
