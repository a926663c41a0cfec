import PrefsModel

/// The filter's byte search: raw-pointer loops over the lowercased titles and names, kept in
/// registers, and the ASCII checks that decide which settings they can answer for.
extension SettingsFilter {
    /// The byte search over `walked` settings: each that holds `needle` is written to `found`
    /// with where in `text` its first match starts. Returns how many. A setting beyond ASCII
    /// has no text here and never matches (``unicodeMatches(of:among:)`` decides it). Its own
    /// function, on raw pointers and with wrapping arithmetic (every sum stays within the
    /// text), so that the loop keeps its values in registers: it runs once per setting per
    /// character typed.
    @inline(never)
    static func scan<Walked: Sequence<Int>>(_ walked: Walked, needle: ByteNeedle, text: UnsafePointer<UInt8>,
                                                    starts: UnsafePointer<Int>, into found: UnsafeMutablePointer<Int>,
                                                    _ foundPlaces: UnsafeMutablePointer<Int>) -> Int {
        var written = 0
        // One byte (the first character typed): a walk to it, with nothing else to hold.
        if needle.bytes.count == 1 {
            let wanted = needle.bytes[0]
            for index in walked {
                var at = starts[index]
                let end = starts[index &+ 1]
                while at < end && text[at] != wanted { at &+= 1 }
                if at < end {
                    found[written] = index
                    foundPlaces[written] = at
                    written &+= 1
                }
            }
            return written
        }
        for index in walked {
            let start = starts[index]
            let at = needle.firstMatch(in: text + start, count: starts[index &+ 1] &- start)
            if at >= 0 {
                found[written] = index
                foundPlaces[written] = start &+ at
                written &+= 1
            }
        }
        return written
    }

    /// ``scan(_:needle:text:starts:into:_:)`` for a filter that grew at its end: its first
    /// `known` bytes are known to match at each previous place, so a setting that still
    /// matches there costs a comparison of the bytes typed since (one, mostly).
    @inline(never)
    static func scanGrown(_ previous: UnsafeBufferPointer<Int>, _ previousPlaces: UnsafeBufferPointer<Int>, known: Int,
                                  needle: ByteNeedle, text: UnsafePointer<UInt8>, starts: UnsafePointer<Int>,
                                  into found: UnsafeMutablePointer<Int>, _ foundPlaces: UnsafeMutablePointer<Int>) -> Int {
        guard let sought = needle.bytes.baseAddress else { return 0 }
        let length = needle.bytes.count, lastPosition = length &- 1, lastByte = sought[lastPosition]
        var written = 0
        for position in 0 ..< previous.count {
            let index = previous[position], place = previousPlaces[position]
            // A setting beyond ASCII (place -1) is decided apart.
            guard place >= 0 else { continue }
            let end = starts[index &+ 1]
            var now = place
            // Most settings still match where they did: the last byte typed is there (and any
            // others typed since, when more than one was).
            if !(place &+ length <= end && text[place &+ lastPosition] == lastByte
                 && (known >= lastPosition || Self.holds(sought, from: known, upTo: lastPosition, at: text + place))) {
                now = Self.place(of: needle, after: place, before: end, in: text)
                if now < 0 { continue }
            }
            found[written] = index
            foundPlaces[written] = now
            written &+= 1
        }
        return written
    }

    /// Whether `needle`'s bytes from `first` up to `end` are at the same places of `window`.
    static func holds(_ needle: UnsafePointer<UInt8>, from first: Int, upTo end: Int, at window: UnsafePointer<UInt8>) -> Bool {
        var checked = first
        while checked < end {
            if window[checked] != needle[checked] { return false }
            checked &+= 1
        }
        return true
    }

    /// Where `needle` first starts in `text` after `place` and before `end`, or -1. Kept out of
    /// the loops above, so that their common case keeps its values in registers.
    @inline(never)
    static func place(of needle: ByteNeedle, after place: Int, before end: Int, in text: UnsafePointer<UInt8>) -> Int {
        let after = place &+ 1
        let later = needle.firstMatch(in: text + after, count: end &- after)
        return later >= 0 ? after &+ later : -1
    }

    /// ASCII other than NUL, the separator between a title and a name.
    static func isPlainASCII(_ byte: UInt8) -> Bool { byte != 0 && byte < 0x80 }

    /// Appends `string` lowercased, when it is ASCII other than NUL (the separator between a
    /// title and a name); false, with some of it appended, when it is not.
    ///
    /// Copied whole, then lowercased in place through a pointer: made at every opening, so
    /// element by element through a lazy map (900 instructions a setting), or through the
    /// array's checked subscript (500), was too slow.
    static func appendLowercased(_ string: String, to text: inout [UInt8]) -> Bool {
        var string = string
        let start = text.count
        string.withUTF8 { text.append(contentsOf: $0) }
        return text.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            for position in start ..< buffer.count {
                let byte = base[position]
                guard isPlainASCII(byte) else { return false }
                base[position] = lowercased(byte)
            }
            return true
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .control }

    static func lowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
