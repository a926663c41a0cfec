import Foundation

// The contents of elements: text with its entities, numbers, dates and data.
extension PlistXMLReader {
    // MARK: Text

    /// The text up to `closing`, entities decoded. Markup inside (CDATA, comments, elements) and
    /// raw carriage returns (which XML parsers turn into line feeds) are left to Foundation.
    package mutating func text(closing: StaticString) throws -> String {
        let start = position
        var hasEntity = false
        // Every byte's bits together: below 0x80, the text is ASCII and needs no UTF-8 check,
        // which (generic in the standard library) cost a thousand instructions a string, half
        // of reading a suite of 50,000 settings.
        var bits: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "<"):
                let end = position
                try expect(closing)
                guard hasEntity else {
                    let run = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                    if bits < 0x80 { return try checked(String(decoding: run, as: UTF8.self)) }
                    guard let text = String(validating: run, as: UTF8.self) else { throw NotUnderstood() }
                    return try checked(text)
                }
                return try checked(try decodingEntities(start..<end))
            case UInt8(ascii: "&"): hasEntity = true
            case 0x0D: throw NotUnderstood()
            default: bits |= byte
            }
            position += 1
        }
        throw NotUnderstood()
    }

    /// Foundation's reader drops a leading U+FEFF; leaving such text to it keeps its reading.
    package func checked(_ text: String) throws -> String {
        if text.unicodeScalars.first == "\u{FEFF}" { throw NotUnderstood() }
        return text
    }

    package func decodingEntities(_ range: Range<Int>) throws -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                decoded.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < range.upperBound, bytes[end] != UInt8(ascii: ";"), end - index < 12 { end += 1 }
            guard end < range.upperBound, bytes[end] == UInt8(ascii: ";") else { throw NotUnderstood() }
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index + 1..<end]), as: UTF8.self)
            switch name {
            case "lt": decoded.append(UInt8(ascii: "<"))
            case "gt": decoded.append(UInt8(ascii: ">"))
            case "amp": decoded.append(UInt8(ascii: "&"))
            case "quot": decoded.append(UInt8(ascii: "\""))
            case "apos": decoded.append(UInt8(ascii: "'"))
            default:
                guard let scalar = Self.characterReference(name) else { throw NotUnderstood() }
                decoded.append(contentsOf: String(Character(scalar)).utf8)
            }
            index = end + 1
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { throw NotUnderstood() }
        return text
    }

    /// `#13` or `#x0D`, naming a character XML 1.0 allows.
    package static func characterReference(_ name: String) -> Unicode.Scalar? {
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let code: UInt32?
        if digits.hasPrefix("x") {
            let hex = digits.dropFirst()
            code = hex.allSatisfy(\.isHexDigit) ? UInt32(hex, radix: 16) : nil
        } else {
            code = digits.allSatisfy(\.isASCII) ? UInt32(digits) : nil
        }
        guard let code, code == 0x09 || code == 0x0A || code == 0x0D || (code >= 0x20 && code != 0xFFFE && code != 0xFFFF),
              let scalar = Unicode.Scalar(code) else { return nil }
        return scalar
    }

    /// The bytes up to `closing`, for the elements whose content is plain ASCII.
    package mutating func rawContent(closing: StaticString) throws -> UnsafeRawBufferPointer {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        let end = position
        try expect(closing)
        guard end > start else { throw NotUnderstood() }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    // MARK: Numbers

    /// `-?[0-9]+` within Int64 or UInt64; above `Int.max` it is `.unsignedInt`, as Foundation's
    /// reader keeps it. Signs, spaces and hexadecimal are left to Foundation.
    package func integer(_ text: UnsafeRawBufferPointer) throws -> PlistValue {
        let negative = text[0] == UInt8(ascii: "-")
        let digits = negative ? UnsafeRawBufferPointer(rebasing: text[1...]) : text
        guard !digits.isEmpty else { throw NotUnderstood() }
        var magnitude: UInt64 = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw NotUnderstood() }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { throw NotUnderstood() }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { throw NotUnderstood() }
            return .int(magnitude == UInt64(Int.max) + 1 ? .min : -Int(magnitude))
        }
        return magnitude <= UInt64(Int.max) ? .int(Int(magnitude)) : .unsignedInt(magnitude)
    }

    /// `nan`, `+infinity`, `-infinity`, or a decimal `-?d+(.d+)?([eE][+-]?d+)?` that stays finite.
    package func real(_ text: UnsafeRawBufferPointer) throws -> Double {
        let spelled = String(decoding: text, as: UTF8.self)
        switch spelled {
        case "nan": return .nan
        case "+infinity": return .infinity
        case "-infinity": return -.infinity
        default: break
        }
        guard !text.isEmpty else { throw NotUnderstood() }
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
            return index - start
        }
        if text[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw NotUnderstood() }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw NotUnderstood() }
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw NotUnderstood() }
        }
        guard index == text.count, let number = Double(spelled), number.isFinite else { throw NotUnderstood() }
        return number
    }

    // MARK: Dates

    /// `yyyy-MM-ddTHH:mm:ssZ` naming a real date and time, on the proleptic Gregorian calendar.
    package func date(_ text: UnsafeRawBufferPointer) throws -> Date {
        guard text.count == 20 else { throw NotUnderstood() }
        func field(_ start: Int, _ count: Int) throws -> Int {
            var value = 0
            for byte in text[start..<start + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw NotUnderstood() }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        for (offset, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")] as [(Int, Unicode.Scalar)] {
            guard text[offset] == UInt8(ascii: separator) else { throw NotUnderstood() }
        }
        let year = try field(0, 4), month = try field(5, 2), day = try field(8, 2)
        let hour = try field(11, 2), minute = try field(14, 2), second = try field(17, 2)
        guard year >= 1, (1...12).contains(month), day >= 1, day <= DateText.daysInMonth(month, year: year),
              hour <= 23, minute <= 59, second <= 59 else { throw NotUnderstood() }
        let days = DateText.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    // MARK: Data

    /// Base64 with any whitespace between characters; padding only at the end.
    package func data(_ text: UnsafeRawBufferPointer) throws -> Data {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.count * 3 / 4)
        var group: UInt32 = 0
        var count = 0
        var padding = 0
        for byte in text {
            let sextet: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): sextet = 62
            case UInt8(ascii: "/"): sextet = 63
            case UInt8(ascii: "="):
                padding += 1
                sextet = 0
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: throw NotUnderstood()
            }
            // Nothing but padding may follow padding.
            if padding > 0 && byte != UInt8(ascii: "=") { throw NotUnderstood() }
            group = group << 6 | UInt32(sextet)
            count += 1
            if count == 4 {
                guard padding <= 2 else { throw NotUnderstood() }
                decoded.append(UInt8(truncatingIfNeeded: group >> 16))
                if padding < 2 { decoded.append(UInt8(truncatingIfNeeded: group >> 8)) }
                if padding < 1 { decoded.append(UInt8(truncatingIfNeeded: group)) }
                group = 0
                count = 0
                if padding > 0 { padding = 3 }  // the group that holds padding must be the last
            }
        }
        guard count == 0 else { throw NotUnderstood() }
        return Data(decoded)
    }
}
