// Shared by every fuzz target (compiled into each one by Fuzz/run.sh): reading the fuzzer's
// bytes as choices, building property-list values from them, and comparing values with NaN
// equal to itself (a round trip must keep a NaN, and `==` never says it did).
import Foundation
@testable import PrefsModel

/// The fuzzer's bytes, taken one choice at a time. Past the end every read gives zeros, so a
/// short input is still a whole (if dull) script.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isEmpty: Bool { index >= bytes.count }
    var remaining: Int { max(0, bytes.count - index) }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number below `bound` (which must be positive).
    mutating func below(_ bound: Int) -> Int { Int(byte()) % bound }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// Up to `limit` bytes: a length byte, then that many bytes (fewer at the end of input).
    mutating func chunk(limit: Int = 255) -> [UInt8] {
        let count = min(Int(byte()), limit, remaining)
        var result: [UInt8] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(byte()) }
        return result
    }

    /// A short text: the chunk's bytes as UTF-8 with invalid sequences replaced (what Foundation
    /// hands the editor for a paste or a name is always valid Unicode).
    mutating func text(limit: Int = 255) -> String { String(decoding: chunk(limit: limit), as: UTF8.self) }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// Numbers that break arithmetic: the edges of every integer width, and the doubles that are
/// not ordinary numbers.
enum Edges {
    static let integers: [Int] = [0, 1, -1, 2, 5, 9, 10, 59, 60, 127, 128, 255, 256, 1_000, 65_535, 65_536,
                                  Int(Int32.max), Int(Int32.min), Int.max, Int.min, Int.max - 1, Int.min + 1]
    static let doubles: [Double] = [0, -0.0, 0.5, -1.5, 1e-300, 5e-324, 1e300, -1e300, .greatestFiniteMagnitude,
                                    -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 9_007_199_254_740_993,
                                    Double(Int.max), Double(Int.min)]
    static let dates: [Double] = [0, -1, 1e9, -63_113_904_000, -63_113_904_001, 252_423_993_599, 252_423_993_600,
                                  1e18, -1e18, .greatestFiniteMagnitude, 0.5, -0.5]
    static let strings: [String] = ["", " ", "a", "celsius", "fahrenheit", "kelvin", "Tromsø", "\u{1B}[31m", "\u{0}",
                                    "line\nline", "\r", "tab\t", "😀👍🏽", "e\u{301}", "\u{FFFF}", "\u{202E}rtl",
                                    "ＷＩＤＥ", String(repeating: "x", count: 300), "-9223372036854775808",
                                    "9223372036854775807", "1e400", "nan", "https://a.example/x?y=1", "~/", "/"]
}

extension PlistValue {
    /// A value of any kind, nested at most `depth` levels, mostly from the edges above.
    static func fuzzed(_ input: inout FuzzBytes, depth: Int = 2) -> PlistValue {
        switch input.below(depth > 0 ? 11 : 9) {
        case 0: return .bool(input.bool())
        case 1: return .int(input.pick(Edges.integers))
        case 2: return .int(Int(truncatingIfNeeded: input.uint64()))
        case 3: return .unsignedInt(input.bool() ? UInt64.max : UInt64(Int.max) + UInt64(input.byte()) + 1)
        case 4: return .double(input.bool() ? input.pick(Edges.doubles) : Double(bitPattern: input.uint64()))
        case 5: return .string(input.pick(Edges.strings))
        case 6: return .string(input.text())
        case 7: return .date(Date(timeIntervalSinceReferenceDate: input.pick(Edges.dates)))
        case 8: return .data(Data(input.chunk(limit: 64)))
        case 9:
            return .array((0..<input.below(5)).map { _ in fuzzed(&input, depth: depth - 1) })
        default:
            var entries: [String: PlistValue] = [:]
            for _ in 0..<input.below(4) { entries[input.bool() ? input.pick(Edges.strings) : input.text(limit: 8)] = fuzzed(&input, depth: depth - 1) }
            return .dictionary(entries)
        }
    }

    /// Equality in which a NaN equals a NaN (any NaN: writers spell every NaN `nan`) and a zero
    /// keeps its sign.
    func isSame(as other: PlistValue) -> Bool {
        switch (self, other) {
        case (.double(let left), .double(let right)):
            if left.isNaN || right.isNaN { return left.isNaN && right.isNaN }
            return left == right && left.sign == right.sign
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isSame(as: $1) }
        case (.dictionary(let left), .dictionary(let right)):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { value.isSame(as: $0) } ?? false }
        default:
            return self == other
        }
    }
}

/// Stops the run with a message libFuzzer prints beside the reproducer: a broken invariant is
/// a finding like a crash.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
               file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    fatalError("fuzz invariant broken: \(message())", file: file, line: line)
}

/// Schemas the targets read and write values with.
enum FuzzSchemas {
    /// Every kind of field, rule and type a schema file can hold (Tests/PrefsTestSupport/
    /// SchemaSamples.swift's `everyKind`, copied: the fuzz builds do not link the tests).
    static let everyKindText = #"""
    {
      "title": "Every kind \u00e9",
      "suite": "com.example.kinds",
      "retired": ["legacyMode", "oldTheme"],
      "sections": [
        {
          "name": "Numbers",
          "settings": [
            { "key": "interval", "type": "int", "default": 15, "unit": "min", "title": "Every", "help": "Minutes.\nTwo lines.",
              "rule": { "min": 5, "max": 240, "step": 5 } },
            { "key": "ratio", "type": "double", "default": 0.5, "rule": { "min": 0, "max": 1, "step": 0.25 } },
            { "key": "level", "type": "int?", "title": "Level", "rule": { "choices": [1, 2, 3] } },
            { "key": "ports", "type": "[int]", "default": [8080, 8081], "rule": { "each": { "min": 1, "max": 65535 } } },
            { "key": "big", "type": "int", "default": -9223372036854775805, "rule": { "min": -9223372036854775808, "max": 9223372036854775807, "step": 3 } },
            { "key": "tiny", "type": "double?", "rule": { "min": -1e300, "max": 1e300, "step": 1e-300 } },
            { "key": "weights", "type": "[double]", "default": [] }
          ]
        },
        {
          "name": "Tromsø text",
          "settings": [
            { "key": "city", "type": "string", "default": "Tromsø", "title": "City \"here\"",
              "rule": { "nonEmpty": true, "maxLength": 40, "pattern": "^[^/]+$" } },
            { "key": "notation", "type": "string", "default": "celsius", "renamedFrom": ["tempUnit", "units"],
              "rule": { "choices": [ { "value": "celsius", "title": "Celsius" }, "fahrenheit" ] } },
            { "key": "notes", "type": "string", "default": "", "rule": { "multiline": true } },
            { "key": "enabled", "type": "bool", "default": true, "help": null, "unit": null },
            { "key": "home", "type": "url?", "title": "Home" },
            { "key": "aliases", "type": "[string: string]", "default": { "a": "b" } },
            { "key": "limits", "type": "[string: int]", "default": {} },
            { "key": "tags", "type": "[string]", "default": ["x"], "rule": { "each": { "nonEmpty": true, "maxLength": 8 } } },
            { "key": "extra", "type": "plist?" },
            { "key": "lastRun", "type": "date?" },
            { "key": "blob", "type": "data?" },
            { "key": "when", "type": "date", "default": "2026-11-21T09:30:00Z" }
          ]
        }
      ]
    }
    """#

    static let everyKind: PreferenceSchema = {
        do { return try PreferenceSchema(jsonText: everyKindText) } catch { fatalError("the fuzz schema does not read: \(error)") }
    }()
}

extension PlistValue {
    /// The value as the XML writer keeps it: dates rounded down to the second (documented in
    /// PlistXMLWriter: `<date>` in whole UTC seconds).
    var withDatesInWholeSeconds: PlistValue {
        switch self {
        case .date(let date): return .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
        case .array(let items): return .array(items.map(\.withDatesInWholeSeconds))
        case .dictionary(let entries): return .dictionary(entries.mapValues(\.withDatesInWholeSeconds))
        default: return self
        }
    }
}
