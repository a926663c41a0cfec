/// A short list of member names an object may have, matched against the text's own bytes: a
/// large schema's objects (its settings, their rules) each have a few of a dozen names, and
/// making a `String` of every name, then comparing and hashing it, was a fifth of reading one.
///
/// ```swift
/// let fields = JSONKnownNames(["key", "type", "title"])
/// try scanner.members(named: fields) { scanner, field in values[field] = try scanner.value() }
/// ```
package struct JSONKnownNames: Sendable {
    /// Every name's bytes, one after another.
    private let bytes: [UInt8]
    /// Per name: its place in the list, where its bytes start in `bytes`, and the next name of
    /// the same length and first byte (-1: none).
    private let names: [(place: Int, start: Int, next: Int)]
    /// For each length up to 32 and first byte, the first name that has both (-1: none): a
    /// name is found by one lookup and one comparison, with no hashing and no nested arrays.
    private let firstOf: [Int16]

    /// The names, each given its place in the list (at most 64, each at most 32 bytes).
    package init(_ names: [String]) {
        precondition(names.count <= 64 && names.allSatisfy { (1...32).contains($0.utf8.count) }, "at most 64 names of 1 to 32 bytes")
        precondition(Set(names).count == names.count, "each name once")
        var bytes: [UInt8] = [], entries: [(place: Int, start: Int, next: Int)] = []
        var firstOf = [Int16](repeating: -1, count: 33 * 256)
        for (place, name) in names.enumerated() {
            let slot = Self.slot(length: name.utf8.count, first: name.utf8.first!)
            entries.append((place, bytes.count, Int(firstOf[slot])))
            firstOf[slot] = Int16(entries.count - 1)
            bytes += name.utf8
        }
        self.bytes = bytes
        self.names = entries
        self.firstOf = firstOf
    }

    private static func slot(length: Int, first: UInt8) -> Int { length << 8 | Int(first) }

    /// The place of the name spelled by `text`, nil when it is not listed.
    package func place(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.count <= 32, let first = text.first else { return nil }
        var candidate = Int(firstOf[Self.slot(length: text.count, first: first)])
        return bytes.withUnsafeBufferPointer { bytes in
            names.withUnsafeBufferPointer { names in
                while candidate >= 0 {
                    let name = names[candidate]
                    var matched = 1
                    while matched < text.count && bytes[name.start + matched] == text[matched] { matched += 1 }
                    if matched == text.count { return name.place }
                    candidate = name.next
                }
                return nil
            }
        }
    }
}

/// What ``JSONScanner/members(named:_:)`` stops at: a member name the list does not hold, one
/// written with an escape, or one given twice. The scanner's position is then undefined; a
/// caller reads the text again the general way, which says what is wrong, if anything.
package struct JSONUnlistedMember: Error {}

extension JSONScanner {
    /// Reads an object whose members all have names of `names`, calling `member` with each
    /// name's place in the list; `member` must read the member's value. Throws
    /// ``JSONUnlistedMember`` for a name not listed, escaped, or given twice; syntax errors as
    /// ``members(_:)`` does.
    package mutating func members(named names: JSONKnownNames, _ member: (inout JSONScanner, Int) throws -> Void) throws {
        var seen: UInt64 = 0
        try members(named: { scanner in
            // The name's bytes up to its closing quote; an escape or a control character is
            // left to the general reader.
            let bytes = scanner.bytes
            var end = scanner.index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\""),
                  let place = names.place(of: UnsafeBufferPointer(rebasing: bytes[scanner.index + 1 ..< end])),
                  seen & (1 << place) == 0 else { throw JSONUnlistedMember() }
            seen |= 1 << place
            scanner.index = end + 1
            return place
        }, member)
    }
}
