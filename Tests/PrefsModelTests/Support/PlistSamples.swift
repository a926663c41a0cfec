import PrefsTestSupport
import Foundation
@testable import PrefsModel

/// Values that have tripped plist writers and readers: odd keys and strings, the ends of the
/// integer range, reals in every spelling, dates at the edges of what `<date>` can hold, data of
/// every base64 padding, nesting deep enough to change the base64 line layout.
enum PlistSamples {
    static let oddStrings: [String] = [
        "", "<&>", "a<b>&c\"d'e", "]]>", "tab\there", "line\nfeed", "emoji 😀 🇳🇴", "\u{FFFD}", "\u{FFFC}\u{FFFD}",
        "\u{E000}", "\u{10000}", "\u{10FFFF}", "Tromsø", "e\u{301}", "\u{7F}del", "  spaces  ",
    ]

    static let edgeIntegers: [PlistValue] = [
        .int(0), .int(-1), .int(Int.min), .int(Int.max), .unsignedInt(UInt64(Int.max) + 1), .unsignedInt(UInt64.max),
    ]

    static let edgeReals: [Double] = [
        0, 0.1, -2.5, 3, 1e16, 1e17, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .nan, .infinity, -.infinity,
    ]

    static let edgeDates: [Date] = [
        Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_795_000_000), Date(timeIntervalSince1970: -1),
        Date(timeIntervalSince1970: -62_135_596_800),  // 0001-01-01T00:00:00Z
        Date(timeIntervalSince1970: 253_402_300_799),  // 9999-12-31T23:59:59Z
        Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29, a leap day
    ]

    /// A suite holding every sample once, keyed by what it is.
    static var everything: [String: PlistValue] {
        var values: [String: PlistValue] = [:]
        for (index, text) in oddStrings.enumerated() {
            values["string \(index)"] = .string(text)
            values[text] = .int(index)  // the same texts as keys, the empty key included
        }
        for (index, value) in edgeIntegers.enumerated() { values["integer \(index)"] = value }
        for (index, value) in edgeReals.enumerated() { values["real \(index)"] = .double(value) }
        for (index, value) in edgeDates.enumerated() { values["date \(index)"] = .date(value) }
        values["true"] = .bool(true)
        values["false"] = .bool(false)
        values["data"] = .array((0..<7).map { .data(Data((0..<UInt8($0 * 13)).map { $0 &* 37 })) })
        values["empty array"] = .array([])
        values["empty dictionary"] = .dictionary([:])
        var nested: PlistValue = .data(Data((0..<70).map { UInt8($0) }))
        for level in 0..<11 { nested = level.isMultiple(of: 2) ? .array([nested, .string("level \(level)")]) : .dictionary(["level \(level)": nested]) }
        values["deep"] = nested
        return values
    }

    /// Values we write differently from Foundation on purpose, to keep them exact in every
    /// reader: negative zero (Foundation writes `0.0`) and carriage returns (written `&#13;`).
    static let deliberateDifferences: [String: PlistValue] = [
        "negative zero": .double(-0.0), "carriage returns": .string("one\rtwo\r\nthree"),
    ]

    /// Every sample, the deliberate differences included.
    static var everythingExact: [String: PlistValue] { everything.merging(deliberateDifferences) { first, _ in first } }

    /// Compares documents exactly: NaN matches NaN (it is not equal to itself), and zero's sign
    /// counts (0.0 == -0.0 otherwise).
    static func same(_ left: PlistValue?, _ right: PlistValue?) -> Bool {
        switch (left, right) {
        case (.double(let a)?, .double(let b)?): return (a == b && a.sign == b.sign) || (a.isNaN && b.isNaN)
        case (.array(let a)?, .array(let b)?): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.dictionary(let a)?, .dictionary(let b)?):
            return a.count == b.count && a.allSatisfy { same($0.value, b[$0.key]) }
        default: return left == right
        }
    }
}

extension Double {
    /// Zero without its sign: Foundation writes both zeros `0.0`, so generated documents that are
    /// compared with Foundation's bytes leave negative zero out.
    var nonNegativeZero: Double { self == 0 ? 0 : self }
}


/// Random plist documents of every element kind, with text from all of Unicode except what
/// XML 1.0 cannot carry and carriage returns (which Foundation writes raw and we escape).
struct PlistDocumentGenerator {
    var random: SeededGenerator

    mutating func document() -> [String: PlistValue] {
        dictionary(depth: 0)
    }

    private mutating func dictionary(depth: Int) -> [String: PlistValue] {
        var entries: [String: PlistValue] = [:]
        for _ in 0..<Int.random(in: 0...6, using: &random) { entries[text()] = value(depth: depth + 1) }
        return entries
    }

    private mutating func value(depth: Int) -> PlistValue {
        switch Int.random(in: 0...(depth < 5 ? 9 : 7), using: &random) {
        case 0: return .bool(Bool.random(using: &random))
        case 1: return .int(Int.random(in: .min ... .max, using: &random) >> Int.random(in: 0...63, using: &random))
        case 2: return .unsignedInt(UInt64.random(in: UInt64(Int.max) + 1 ... .max, using: &random))
        case 3: return .double(Double(bitPattern: UInt64.random(in: 0 ... .max, using: &random)).nonNegativeZero)
        case 4: return .string(text())
        case 5: return .date(Date(timeIntervalSince1970: Double.random(in: -62_135_596_800 ... 253_402_300_799, using: &random)))
        case 6: return .data(Data((0..<Int.random(in: 0...120, using: &random)).map { _ in UInt8.random(in: 0 ... .max, using: &random) }))
        case 7: return .double([0, .nan, .infinity, -.infinity, 1, 0.5][Int.random(in: 0...5, using: &random)])
        case 8: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1) })
        default: return .dictionary(dictionary(depth: depth))
        }
    }

    private mutating func text() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let ranges: [ClosedRange<UInt32>] = [0x09...0x0A, 0x20...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF]
            let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
            scalars.append(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
        }
        return String(scalars)
    }
}
