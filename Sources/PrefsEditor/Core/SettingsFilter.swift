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
    /// Their indices, in order.
    private let unicodeIndices: [Int]
    /// Per setting, its section's number: the number grows where a setting's section differs
    /// from the one before it, where the list shows a section title.
    let sectionNumbers: [Int]
    /// Every setting's index, in order: the list without a filter, and the list a filter that
    /// matches everything returns. Handed back as this same array, so that the caller's check
    /// for an unchanged list is one comparison of buffers, not one of 50,000 elements.
    let all: [Int]
    /// The last search: a filter that contains the last one matches only among its matches,
    /// and one that grew by typing at its end is checked first where the last one matched,
    /// which for a setting that still matches is one comparison.
    private var last: Found?

    /// A filter's answer, and what the next character's search starts from.
    private struct Found {
        var needle = "", bytes: [UInt8] = []
        /// The settings it matched, in order.
        var matches: [Int]
        /// Per match, where in `text` its first match starts; -1 where `String` decided it (a
        /// setting beyond ASCII, or every match of a filter beyond ASCII).
        var places: [Int]
    }

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
            let plain = Self.appendLowercased(key.title, to: &text) && {
                text.append(0)
                return Self.appendLowercased(key.name, to: &text)
            }()
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
        unicodeIndices = unicode.keys.sorted()
        all = Array(keys.indices)
    }

    /// The indices of the settings `filter` matches, in order (every setting for an empty one).
    mutating func matches(_ filter: String) -> [Int] {
        // Control characters (a paste may carry them) are left out of the search: no title is
        // searched for one, and Foundation's `contains`, which decides text beyond ASCII here,
        // traps on a NUL after a character that ends the text ("Ça" and "a\0").
        var needle = filter.lowercased()
        if needle.unicodeScalars.contains(where: Self.isControl) {
            needle = String(String.UnicodeScalarView(needle.unicodeScalars.filter { !Self.isControl($0) }))
        }
        guard !needle.isEmpty else {
            last = nil
            return all
        }
        let bytes = Array(needle.utf8)
        var found: Found
        // Narrowed only between filters of plain ASCII: beyond it, `String`'s containment (by
        // canonical equivalence) is not transitive. "e\u{301}" contains "\u{301}" and "café"
        // contains "e\u{301}", but "café" does not contain "\u{301}".
        let narrowed = last.flatMap { last in
            bytes.allSatisfy(Self.isPlainASCII) && last.bytes.allSatisfy(Self.isPlainASCII) && needle.contains(last.needle) ? last : nil
        }
        if let narrowed {
            found = bytes.starts(with: narrowed.bytes) ? grown(narrowed, to: needle, bytes) : search(needle, bytes, among: narrowed.matches)
        } else {
            found = search(needle, bytes, among: nil)
        }
        // The same settings as before: the same array, so that comparing lists is quick. (A
        // search's matches are among those it searched, so equal counts mean equal lists.)
        if found.matches.count == all.count {
            found.matches = all
        } else if let narrowed, found.matches.count == narrowed.matches.count {
            found.matches = narrowed.matches
        }
        found.needle = needle
        found.bytes = bytes
        last = found
        return found.matches
    }

    /// The search for a filter that grew at its end from the last one: each setting the last
    /// one matched is checked first where that match starts, then after it.
    private func grown(_ last: Found, to needle: String, _ bytes: [UInt8]) -> Found {
        let known = last.bytes.count
        let found = collect(count: last.matches.count) { text, starts, found, foundPlaces in
            ByteNeedle.with(bytes) { sought in
                last.matches.withUnsafeBufferPointer { previous in
                    last.places.withUnsafeBufferPointer { previousPlaces in
                        Self.scanGrown(previous, previousPlaces, known: known, needle: sought, text: text, starts: starts,
                                       into: found, foundPlaces)
                    }
                }
            }
        }
        return merging(found, unicodeMatches(of: needle, among: last.matches))
    }

    private func search(_ needle: String, _ bytes: [UInt8], among candidates: [Int]?) -> Found {
        // A filter beyond ASCII is asked of `String` for every setting: it may match ASCII
        // text by its rules (U+037E, the Greek question mark, is canonically a semicolon).
        guard bytes.allSatisfy(Self.isPlainASCII) else {
            let matches = (candidates ?? all).filter { index in
                let (title, name) = texts(of: index)
                return title.contains(needle) || name.contains(needle)
            }
            return Found(matches: matches, places: [Int](repeating: -1, count: matches.count))
        }
        let count = candidates?.count ?? sectionNumbers.count
        let found = collect(count: count) { text, starts, found, foundPlaces in
            ByteNeedle.with(bytes) { sought in
                if let candidates {
                    candidates.withUnsafeBufferPointer { walked in
                        Self.scan(walked, needle: sought, text: text, starts: starts, into: found, foundPlaces)
                    }
                } else {
                    Self.scan(0 ..< count, needle: sought, text: text, starts: starts, into: found, foundPlaces)
                }
            }
        }
        return merging(found, unicodeMatches(of: needle, among: candidates))
    }

    /// The settings beyond ASCII among `candidates` (nil: all) whose title or name contains
    /// `needle` by `String`'s rules, in order. The byte loops pass over them (their text in
    /// `text` is empty); there are few, mostly none.
    private func unicodeMatches(of needle: String, among candidates: [Int]?) -> [Int] {
        let matches = { (index: Int) -> Bool in
            guard let (title, name) = unicodeTexts[index] else { return false }
            return title.contains(needle) || name.contains(needle)
        }
        guard let candidates else { return unicodeIndices.filter(matches) }
        // Whichever list is shorter is walked: a schema mostly beyond ASCII (a translated one)
        // has few candidates left after a few characters.
        if candidates.count < unicodeIndices.count { return candidates.filter { unicodeTexts[$0] != nil && matches($0) } }
        return unicodeIndices.filter { candidates.sortedContains($0) && matches($0) }
    }

    /// `found` with `unicode`'s settings put in their places in the order (both are in order).
    private func merging(_ found: Found, _ unicode: [Int]) -> Found {
        guard !unicode.isEmpty else { return found }
        var merged = Found(matches: [], places: [])
        merged.matches.reserveCapacity(found.matches.count + unicode.count)
        merged.places.reserveCapacity(found.matches.count + unicode.count)
        var next = 0
        for (index, place) in zip(found.matches, found.places) {
            while next < unicode.count && unicode[next] < index {
                merged.matches.append(unicode[next])
                merged.places.append(-1)
                next += 1
            }
            merged.matches.append(index)
            merged.places.append(place)
        }
        merged.matches += unicode[next...]
        merged.places += repeatElement(-1, count: unicode.count - next)
        return merged
    }

    /// Up to `count` matches and where each starts, written by `fill` (which returns how many)
    /// straight into the results.
    private func collect(count: Int, _ fill: (UnsafePointer<UInt8>, UnsafePointer<Int>, UnsafeMutablePointer<Int>,
                                              UnsafeMutablePointer<Int>) -> Int) -> Found {
        var written = 0
        var places: [Int] = []
        // A buffer to point into even when no setting is ASCII and `text` is empty (every
        // setting's range is then empty, and nothing is read).
        let bytes = text.isEmpty ? [0] : text
        let matches = [Int](unsafeUninitializedCapacity: count) { found, foundCount in
            places = [Int](unsafeUninitializedCapacity: count) { foundPlaces, placeCount in
                if let found = found.baseAddress, let foundPlaces = foundPlaces.baseAddress {
                    written = bytes.withUnsafeBufferPointer { text in
                        starts.withUnsafeBufferPointer { starts in
                            fill(text.baseAddress!, starts.baseAddress!, found, foundPlaces)
                        }
                    }
                }
                placeCount = written
            }
            foundCount = written
        }
        return Found(matches: matches, places: places)
    }

    /// A setting's title and name, lowercased, for `String`'s search.
    private func texts(of index: Int) -> (title: String, name: String) {
        if let unicode = unicodeTexts[index] { return unicode }
        let parts = text[starts[index] ..< starts[index + 1]].split(separator: 0, omittingEmptySubsequences: false)
        return (String(decoding: parts.first ?? [], as: UTF8.self), String(decoding: parts.dropFirst().first ?? [], as: UTF8.self))
    }
}
