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
    /// The last filter and the settings it matched: a filter that contains it matches only
    /// among them.
    private var last: (needle: String, matches: [Int])?

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
        let candidates = last.flatMap { last in needle.contains(last.needle) ? last.matches : nil }
        let found = search(needle, among: candidates)
        last = (needle, found)
        return found
    }

    private func search(_ needle: String, among candidates: [Int]?) -> [Int] {
        let bytes = Array(needle.utf8)
        // A filter beyond ASCII is asked of `String` for every setting: it may match ASCII
        // text by its rules (U+037E, the Greek question mark, is canonically a semicolon).
        guard bytes.allSatisfy(Self.isPlainASCII) else {
            return (candidates ?? Array(sectionNumbers.indices)).filter { index in
                let (title, name) = texts(of: index)
                return title.contains(needle) || name.contains(needle)
            }
        }
        let count = candidates?.count ?? sectionNumbers.count
        // Written straight into the result, with no closure or capacity check per setting: a
        // filter character walks every setting, and this walk is most of its cost.
        var found = Array(unsafeUninitializedCapacity: count) { found, foundCount in
            foundCount = text.withUnsafeBufferPointer { text in
                starts.withUnsafeBufferPointer { starts in
                    bytes.withUnsafeBufferPointer { needle in
                        if let candidates {
                            candidates.withUnsafeBufferPointer { walked in
                                Self.scan(walked, text: text, starts: starts, needle: needle, into: found)
                            }
                        } else {
                            Self.scan(0 ..< count, text: text, starts: starts, needle: needle, into: found)
                        }
                    }
                }
            }
        }
        // Settings beyond ASCII (an empty range in `text`) were left out by the byte search: ask
        // `String` about them, and put those it matches in their places.
        let unicode = unicodeTexts.keys.filter { index in
            (candidates.map { Self.holds($0, index) } ?? true) && (unicodeTexts[index].map { $0.title.contains(needle) || $0.name.contains(needle) } ?? false)
        }
        if !unicode.isEmpty {
            found = (found + unicode).sorted()
        }
        return found
    }

    /// The byte search over `walked` settings: each index whose text holds `needle` is written
    /// to `found`, in order; returns how many.
    private static func scan<Walked: Sequence<Int>>(_ walked: Walked, text: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>,
                                                    needle: UnsafeBufferPointer<UInt8>, into found: UnsafeMutableBufferPointer<Int>) -> Int {
        guard let base = text.baseAddress else { return 0 }
        var written = 0
        for index in walked {
            let start = starts[index], end = starts[index + 1]
            if start < end && contains(needle, in: base + start, count: end - start) {
                found.initializeElement(at: written, to: index)
                written += 1
            }
        }
        return written
    }

    /// Whether the sorted `list` holds `value`.
    private static func holds(_ list: [Int], _ value: Int) -> Bool {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] == value
    }

    /// A setting's title and name, lowercased, for `String`'s search.
    private func texts(of index: Int) -> (title: String, name: String) {
        if let unicode = unicodeTexts[index] { return unicode }
        let parts = text[starts[index] ..< starts[index + 1]].split(separator: 0, omittingEmptySubsequences: false)
        return (String(decoding: parts.first ?? [], as: UTF8.self), String(decoding: parts.dropFirst().first ?? [], as: UTF8.self))
    }

    /// Whether the `count` bytes at `haystack` hold `needle` (not empty) as consecutive bytes.
    @inline(__always)
    private static func contains(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafePointer<UInt8>, count: Int) -> Bool {
        let length = needle.count
        guard length <= count, let needleStart = needle.baseAddress else { return false }
        let first = needleStart.pointee
        var start = 0
        let lastStart = count - length
        while start <= lastStart {
            if haystack[start] == first {
                var matched = 1
                while matched < length && haystack[start + matched] == needleStart[matched] { matched += 1 }
                if matched == length { return true }
            }
            start += 1
        }
        return false
    }

    private static func append(_ string: String, to text: inout [UInt8]) {
        var string = string
        string.withUTF8 { text.append(contentsOf: $0) }
    }

    /// ASCII other than NUL, the separator between a title and a name.
    private static func isPlainASCII(_ byte: UInt8) -> Bool { byte != 0 && byte < 0x80 }

    private static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
