import PrefsModel

/// What the filter (`/`) searches, made once per list of settings: each setting's title and
/// name in lower case, as bytes in one buffer, and the number of its section. A filter
/// character then costs a walk over those bytes, and only over the settings the shorter filter
/// matched when the filter grew by it. Lowercasing every title and name again for each
/// character cost 492 M instructions a character at 50,000 settings (issue 43).
///
/// A setting matches when its title or its name contains the filter, ignoring case, as
/// `String.lowercased()` and `contains` decide. Byte search gives the same answer wherever the
/// filter and the setting's text are ASCII; anything else is decided the slow way, by `String`.
struct SettingsFilter: Sendable {
    /// Per setting: its title, a 0 byte, and its name, lowercased (ASCII settings only).
    private let text: [UInt8]
    /// Where each setting's text starts in `text`; one more entry marks the end.
    private let starts: [Int]
    /// The settings whose title or name is not all ASCII, lowercased as `String` does.
    private let unicodeTexts: [Int: (title: String, name: String)]
    /// Per setting, its section's number: the number grows where a setting's section differs
    /// from the one before it, where the list shows a section title.
    let sectionNumbers: [Int]
    /// The last filter, the settings it matched, and where in each setting's text the first
    /// match starts (-1 for a setting beyond ASCII): a filter that contains it matches only
    /// among those settings, and one that grew by typing at its end is checked first where
    /// the last one matched, which for a setting that still matches is one comparison.
    private var last: (needle: String, bytes: [UInt8], matches: [Int], offsets: [Int32])?

    init(keys: [AnyPreferenceKey]) {
        var text: [UInt8] = [], starts: [Int] = [], sections: [Int] = []
        var unicode: [Int: (String, String)] = [:]
        starts.reserveCapacity(keys.count + 1)
        sections.reserveCapacity(keys.count)
        var section = -1
        var previous: String?
        for (index, key) in keys.enumerated() {
            if key.section != previous {
                section += 1
                previous = key.section
            }
            sections.append(section)
            let start = text.count
            starts.append(start)
            // Copied whole, then lowercased in place: made at every opening, so element by
            // element through a lazy map (900 instructions a setting) was too slow.
            Self.append(key.title, to: &text)
            let separator = text.count
            text.append(0)
            Self.append(key.name, to: &text)
            var plain = true
            text.withUnsafeMutableBufferPointer { text in
                for position in start ..< text.count where position != separator {
                    let byte = text[position]
                    guard Self.isPlainASCII(byte) else { plain = false; return }
                    text[position] = Self.lowercased(byte)
                }
            }
            if !plain {
                text.removeSubrange(start...)
                unicode[index] = (key.title.lowercased(), key.name.lowercased())
            }
        }
        starts.append(text.count)
        self.text = text
        self.starts = starts
        self.sectionNumbers = sections
        self.unicodeTexts = unicode
    }

    /// The indices of the settings `filter` matches, in order (every setting for an empty one).
    mutating func matches(_ filter: String) -> [Int] {
        let needle = filter.lowercased()
        guard !needle.isEmpty else {
            last = nil
            return Array(sectionNumbers.indices)
        }
        let bytes = Array(needle.utf8)
        let found: (matches: [Int], offsets: [Int32])
        // Narrowed only between filters of plain ASCII: beyond it, `String`'s containment (by
        // canonical equivalence) is not transitive. "e\u{301}" contains "\u{301}" and "café"
        // contains "e\u{301}", but "café" does not contain "\u{301}".
        if let last, bytes.allSatisfy(Self.isPlainASCII), last.bytes.allSatisfy(Self.isPlainASCII), needle.contains(last.needle) {
            found = bytes.starts(with: last.bytes) ? grown(last, to: needle, bytes) : search(needle, bytes, among: last.matches)
        } else {
            found = search(needle, bytes, among: nil)
        }
        last = (needle, bytes, found.matches, found.offsets)
        return found.matches
    }

    /// The search for a filter that grew at its end from the last one: each setting the last
    /// one matched is checked first where that match starts, then after it.
    private func grown(_ last: (needle: String, bytes: [UInt8], matches: [Int], offsets: [Int32]), to needle: String,
                       _ bytes: [UInt8]) -> (matches: [Int], offsets: [Int32]) {
        let known = last.bytes.count
        return collect(count: last.matches.count, needle: needle) { text, starts, found, foundOffsets, unicode in
            bytes.withUnsafeBufferPointer { needleBytes in
                last.matches.withUnsafeBufferPointer { previous in
                    last.offsets.withUnsafeBufferPointer { previousOffsets in
                        Self.scanGrown(previous, previousOffsets, known: known, needle: needleBytes, text: text, starts: starts,
                                       into: found, foundOffsets, unicode: unicode)
                    }
                }
            }
        }
    }

    private func search(_ needle: String, _ bytes: [UInt8], among candidates: [Int]?) -> (matches: [Int], offsets: [Int32]) {
        // A filter beyond ASCII is asked of `String` for every setting: it may match ASCII
        // text by its rules (U+037E, the Greek question mark, is canonically a semicolon).
        guard bytes.allSatisfy(Self.isPlainASCII) else {
            let matches = (candidates ?? Array(sectionNumbers.indices)).filter { index in
                let (title, name) = texts(of: index)
                return title.contains(needle) || name.contains(needle)
            }
            return (matches, [Int32](repeating: -1, count: matches.count))
        }
        let count = candidates?.count ?? sectionNumbers.count
        return collect(count: count, needle: needle) { text, starts, found, foundOffsets, unicode in
            bytes.withUnsafeBufferPointer { needleBytes in
                if let candidates {
                    candidates.withUnsafeBufferPointer { walked in
                        Self.scan(walked, needle: needleBytes, text: text, starts: starts, into: found, foundOffsets, unicode: unicode)
                    }
                } else {
                    Self.scan(0 ..< count, needle: needleBytes, text: text, starts: starts, into: found, foundOffsets, unicode: unicode)
                }
            }
        }
    }

    /// Up to `count` matches and where each starts, written by `fill` (which returns how many)
    /// straight into the results. `unicode` answers for a setting beyond ASCII.
    private func collect(count: Int, needle: String,
                         _ fill: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int>, UnsafeMutableBufferPointer<Int>,
                                  UnsafeMutableBufferPointer<Int32>, (Int) -> Bool) -> Int) -> (matches: [Int], offsets: [Int32]) {
        let unicode = { (index: Int) -> Bool in
            guard let (title, name) = self.unicodeTexts[index] else { return false }
            return title.contains(needle) || name.contains(needle)
        }
        var written = 0
        var offsets: [Int32] = []
        let matches = [Int](unsafeUninitializedCapacity: count) { found, foundCount in
            offsets = [Int32](unsafeUninitializedCapacity: count) { foundOffsets, offsetCount in
                written = text.withUnsafeBufferPointer { text in
                    starts.withUnsafeBufferPointer { starts in fill(text, starts, found, foundOffsets, unicode) }
                }
                offsetCount = written
            }
            foundCount = written
        }
        return (matches, offsets)
    }

    /// The byte search over `walked` settings: each that holds `needle` is written to `found`
    /// with where its first match starts (-1 for a setting beyond ASCII, which `unicode`
    /// decides). Returns how many. Static, with everything passed in, so that the loop keeps
    /// its values in registers.
    private static func scan<Walked: Sequence<Int>>(_ walked: Walked, needle: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>,
                                                    starts: UnsafeBufferPointer<Int>, into found: UnsafeMutableBufferPointer<Int>,
                                                    _ foundOffsets: UnsafeMutableBufferPointer<Int32>, unicode: (Int) -> Bool) -> Int {
        guard let base = text.baseAddress else { return 0 }
        var written = 0
        for index in walked {
            let start = starts[index], end = starts[index + 1]
            var at = -1
            if start < end {
                at = firstMatch(needle, in: base + start, count: end - start)
            } else if unicode(index) {
                // An empty range is a setting beyond ASCII (an ASCII one holds at least the 0
                // between its title and name).
                at = -2
            }
            if at != -1 {
                (found.baseAddress! + written).initialize(to: index)
                (foundOffsets.baseAddress! + written).initialize(to: Int32(max(at, -1)))
                written += 1
            }
        }
        return written
    }

    /// ``scan(_:needle:text:starts:into:_:unicode:)`` for a filter that grew at its end: the
    /// first `known` bytes of `needle` are known to match at each previous offset.
    private static func scanGrown(_ previous: UnsafeBufferPointer<Int>, _ previousOffsets: UnsafeBufferPointer<Int32>, known: Int,
                                  needle: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>,
                                  into found: UnsafeMutableBufferPointer<Int>, _ foundOffsets: UnsafeMutableBufferPointer<Int32>,
                                  unicode: (Int) -> Bool) -> Int {
        guard let base = text.baseAddress else { return 0 }
        let length = needle.count
        var written = 0
        for position in 0 ..< previous.count {
            let index = previous[position], offset = Int(previousOffsets[position])
            var at = -1
            if offset < 0 {
                if unicode(index) { at = -2 }
            } else {
                let start = starts[index], end = starts[index + 1]
                var same = start + offset + length <= end
                var checked = known
                while same && checked < length {
                    same = base[start + offset + checked] == needle[checked]
                    checked += 1
                }
                if same {
                    at = offset
                } else {
                    let from = offset + 1
                    let later = firstMatch(needle, in: base + start + from, count: end - start - from)
                    if later >= 0 { at = from + later }
                }
            }
            if at != -1 {
                (found.baseAddress! + written).initialize(to: index)
                (foundOffsets.baseAddress! + written).initialize(to: Int32(max(at, -1)))
                written += 1
            }
        }
        return written
    }

    /// A setting's title and name, lowercased, for `String`'s search.
    private func texts(of index: Int) -> (title: String, name: String) {
        if let unicode = unicodeTexts[index] { return unicode }
        let parts = text[starts[index] ..< starts[index + 1]].split(separator: 0, omittingEmptySubsequences: false)
        return (String(decoding: parts.first ?? [], as: UTF8.self), String(decoding: parts.dropFirst().first ?? [], as: UTF8.self))
    }

    /// Where the `count` bytes at `haystack` first hold `needle` (not empty), or -1. Byte by
    /// byte: titles and names are short, and looking eight bytes at a time cost more where
    /// most settings match early (measured: 3.7 M against 2.4 M a character at 50,000).
    @inline(__always)
    private static func firstMatch(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafePointer<UInt8>, count: Int) -> Int {
        let length = needle.count
        guard length <= count, let needleStart = needle.baseAddress else { return -1 }
        let first = needleStart.pointee
        var start = 0
        let lastStart = count - length
        while start <= lastStart {
            if haystack[start] == first {
                var matched = 1
                while matched < length && haystack[start + matched] == needleStart[matched] { matched += 1 }
                if matched == length { return start }
            }
            start += 1
        }
        return -1
    }

    private static func append(_ string: String, to text: inout [UInt8]) {
        var string = string
        string.withUTF8 { text.append(contentsOf: $0) }
    }

    /// ASCII other than NUL, the separator between a title and a name.
    private static func isPlainASCII(_ byte: UInt8) -> Bool { byte != 0 && byte < 0x80 }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
