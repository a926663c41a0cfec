import Foundation
import Glibc

// Text, numbers, dates and data as Foundation writes them.
extension PlistXMLWriter {
    // MARK: Text

    /// Appends text escaped for XML, refusing what XML 1.0 cannot carry.
    package mutating func appendEscaped(_ text: String) throws {
        var text = text
        let refused: String? = text.withUTF8 { utf8 in
            // A leading U+FEFF is taken for a byte-order mark and dropped by Foundation's reader
            // (and so by ours, which reads as it does), also written as `&#xFEFF;`: the text
            // would not read back as it was.
            if utf8.count >= 3, utf8[0] == 0xEF, utf8[1] == 0xBB, utf8[2] == 0xBF { return "U+FEFF at its start" }
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "&"): replacement = "&amp;"
                case 0x0D: replacement = "&#13;"
                case 0x09, 0x0A:
                    index += 1
                    continue
                case 0x00..<0x20:
                    return "U+\(Self.hex(UInt32(byte)))"
                case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBF && utf8[index + 2] >= 0xBE:
                    return utf8[index + 2] == 0xBE ? "U+FFFE" : "U+FFFF"
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                append(replacement)
                index += 1
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            return nil
        }
        if let refused {
            throw Refusal(
                keyPath: pathText, value: Self.visible(text),
                allowed: "text without control characters other than tab, line feed and carriage return, "
                    + "without U+FFFE or U+FFFF, and not starting with U+FEFF (an XML property list cannot carry \(refused))")
        }
    }

    /// The text with control characters spelled out, so a message can show it on one line.
    package static func visible(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                shown += "\\u{\(hex(scalar.value))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Numbers

    package mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
        if negative { bytes.append(UInt8(ascii: "-")) }
        guard magnitude > 0 else { return bytes.append(UInt8(ascii: "0")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt64.max has 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var remaining = magnitude
            var position = buffer.count
            while remaining > 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
            bytes.append(contentsOf: buffer[position...])
        }
    }

    /// `%.17g` as CoreFoundation prints reals, with its special spellings for zero, NaN and the
    /// infinities; but negative zero keeps its sign (CoreFoundation writes `0.0` for it too).
    package mutating func appendReal(_ number: Double) {
        if number.isNaN { return append("nan") }
        if number.isInfinite { return append(number < 0 ? "-infinity" : "+infinity") }
        if number == 0 { return append(number.sign == .minus ? "-0.0" : "0.0") }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            let count = withVaList([number]) { vsnprintf(buffer.baseAddress, 32, "%.17g", $0) }
            buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: 32) { start in
                bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: Int(count)))
            }
        }
    }

    // MARK: Dates

    /// The first and last second a `<date>` can spell with a four-digit year (0001-01-01T00:00:00Z
    /// and 9999-12-31T23:59:59Z), as seconds since 2001, Foundation's reference date.
    package static let dateRange: ClosedRange<Double> = -63_113_904_000 ... 252_423_993_599

    /// `yyyy-MM-ddTHH:mm:ssZ`, the second rounded down as CoreFoundation does (1.9 s → 1 s,
    /// −0.5 s → −1 s), on the proleptic Gregorian calendar.
    package mutating func appendDate(_ date: Date) throws {
        let sinceReference = date.timeIntervalSinceReferenceDate.rounded(.down)
        guard Self.dateRange.contains(sinceReference) else {
            // Named as a date, as a person reads dates; text that `set` parses never gets here
            // (the parser refuses the same range, quoting the text).
            throw Refusal(keyPath: pathText, value: DateText.format(date), allowed: DateText.rangeText)
        }
        let seconds = Int64(sinceReference) + 978_307_200
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let civil = DateText.civilDate(daysSince1970: Int(days))
        let (year, month, day) = (Int64(civil.year), Int64(civil.month), Int64(civil.day))
        appendPadded(year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(day, width: 2)
        bytes.append(UInt8(ascii: "T"))
        appendPadded(secondOfDay / 3600, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay / 60 % 60, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 60, width: 2)
        bytes.append(UInt8(ascii: "Z"))
    }

    package mutating func appendPadded(_ value: Int64, width: Int) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    // MARK: Data

    package static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Base64 in lines of `76 - 8 × indentation` characters, each line indented like the
    /// element's content but by at most 8 tabs, as CoreFoundation lays it out.
    package mutating func appendData(_ data: Data, depth: Int) {
        appendLine("<data>", depth: depth)
        let lineIndent = min(depth, 8)
        let lineLength = 76 - 8 * lineIndent
        let alphabet = Self.base64Alphabet
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let input = raw.bindMemory(to: UInt8.self)
            var offset = 0
            var column = 0
            while offset < input.count {
                if column == 0 { appendIndent(lineIndent) }
                let remaining = input.count - offset
                let b0 = input[offset]
                let b1 = remaining > 1 ? input[offset + 1] : 0
                let b2 = remaining > 2 ? input[offset + 2] : 0
                bytes.append(alphabet[Int(b0 >> 2)])
                bytes.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
                bytes.append(remaining > 1 ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
                bytes.append(remaining > 2 ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
                offset += 3
                column += 4
                if column >= lineLength || offset >= input.count {
                    bytes.append(UInt8(ascii: "\n"))
                    column = 0
                }
            }
        }
        appendLine("</data>", depth: depth)
    }
}
