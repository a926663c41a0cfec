import Foundation
import PrefsTestSupport

/// One random `prefs-tui set KEY VALUE…` input: a key name and argument bytes, which need not
/// be valid UTF-8.
struct RandomSetInput {
    var key: String
    var arguments: [[UInt8]]

    /// The arguments as a program receives them: `CommandLine.arguments` decodes argv the same
    /// way, replacing invalid UTF-8 with U+FFFD.
    var decodedArguments: [String] { arguments.map { String(decoding: $0, as: UTF8.self) } }

    /// What can pass through argv: no NUL bytes, and no argument over the kernel's 128 KB
    /// limit per argument (MAX_ARG_STRLEN).
    var argvSafe: RandomSetInput {
        RandomSetInput(key: key, arguments: arguments.map { bytes in
            Array(bytes.map { $0 == 0 ? 0x01 : $0 }.prefix(100_000))
        })
    }
}

/// Makes hostile `set` inputs from a seeded generator: random bytes, invalid UTF-8, 1 MB
/// strings, NaN, ±inf, 1e309, 2^63, leading `-`, JSON-ish text, control characters, XML
/// markup, empty text, and plausible values so that writes happen often too.
struct RandomSetInputMaker {
    var generator: SeededGenerator
    let keys: [String]
    let listKeys: Set<String>

    mutating func next() -> RandomSetInput {
        let key = chance(0.02) ? pick(["nosuchkey", "", "City", "city ", "-city", "\u{1}"]) : pick(keys)
        let count = listKeys.contains(key) ? Int.random(in: 1...5, using: &generator) : 1
        return RandomSetInput(key: key, arguments: (0..<count).map { _ in value() })
    }

    private mutating func value() -> [UInt8] {
        switch Int.random(in: 0..<1000, using: &generator) {
        case 0..<5: return megabyteString()
        case 5..<120: return randomBytes(count: Int.random(in: 0...64, using: &generator))
        case 120..<220: return withInvalidUTF8(Array(plausibleText().utf8))
        case 220..<340: return Array(pick(Self.numbers).utf8)
        case 340..<420: return Array(("-" + pick(["", "-", "5", "1e309", "inf", "nan", "help", "-help", "h", "-suite", "-unset", "-schema", "x"])).utf8)
        case 420..<540: return Array(jsonish().utf8)
        case 540..<570: return []
        case 570..<670: return Array(withControlCharacters(plausibleText()).utf8)
        case 670..<740: return Array(pick(Self.markup).utf8)
        default: return Array(plausibleValue().utf8)
        }
    }

    static let numbers = [
        "NaN", "nan", "-nan", "inf", "-inf", "+inf", "Infinity", "-Infinity", "1e309", "-1e309", "1e-400",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "1" + String(repeating: "0", count: 400), "0x1F", "0b101", "1_000", " 5", "5 ",
        "٣", "５", "5e0", "-0", "0.0", "4.9999999999999999", "5.0000000001", "0.1e1", ".5", "5.", "+5", "1,5",
        "240", "245", "5", "0", "-5", "0.5", "1", "2", "3", "1e2", "10", "-100", "100", "110",
    ]

    static let markup = [
        "<![CDATA[x]]>", "]]>", "&amp;", "&", "&lt;", "</string>", "<key>x</key>", "<?xml?>", "<!--", "-->",
        "<dict><key>a</key></dict>", "\"'", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{10FFFF}", "\u{200B}\u{202E}",
        "e\u{301}\u{301}\u{301}", "👩‍👩‍👧‍👦", "Tromsø", "北京", "\u{0085}", "\u{2028}", "a\u{0}b",
    ]

    private mutating func plausibleValue() -> String {
        pick([
            "celsius", "fahrenheit", "kelvin", "metric", "imperial", "twelveHour", "twentyFourHour",
            "Bergen", "Oslo", "true", "false", "yes", "no", "1", "0", "2026-11-21T09:30:00Z",
            "2026-11-21T09:30:00.123Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "10000-01-01T00:00:00Z",
            "-0001-01-01T00:00:00Z", "1970-01-01", "https://example.com/a?b=1", "file:///etc/passwd",
            "http://[::1", "javascript:alert(1)", "not a url", "aGVsbG8=", "====", "a", "b", "c", "abc", "ABC",
            "[\"Oslo\",\"Bergen\"]", "[1,2,3]", "{\"a\":\"b\"}", "{\"a\":1.5}", "15", "30", "0.25",
        ] + [plausibleText()])
    }

    private mutating func plausibleText() -> String {
        let alphabet = Array("abcxyz ABC019-_.:/\\\"'<>&;%$#@!?æøå北京😀\t")
        return String((0..<Int.random(in: 0...24, using: &generator)).map { _ in pick(alphabet) })
    }

    private mutating func withControlCharacters(_ text: String) -> String {
        let controls: [Character] = ["\u{1}", "\n", "\r", "\t", "\u{1B}", "\u{7F}", "\u{8}", "\u{0}", "\u{1F}", "\u{9F}", "\r\n"]
        var characters = Array(text)
        for _ in 0...Int.random(in: 0...2, using: &generator) {
            characters.insert(pick(controls), at: Int.random(in: 0...characters.count, using: &generator))
        }
        return String(characters)
    }

    private mutating func withInvalidUTF8(_ bytes: [UInt8]) -> [UInt8] {
        let invalid: [[UInt8]] = [[0xFF], [0xFE, 0xFF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82]]
        var result = bytes
        result.insert(contentsOf: pick(invalid), at: Int.random(in: 0...result.count, using: &generator))
        return result
    }

    private mutating func jsonish() -> String {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return String(repeating: "[", count: Int.random(in: 1...3000, using: &generator))
        case 1:
            let depth = Int.random(in: 1...2000, using: &generator)
            return String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        case 2: return "{\"" + plausibleText() + "\": \"" + withControlCharacters(plausibleText()) + "\"}"
        case 3: return "[\"" + plausibleText() + "\", " + pick(Self.numbers) + "]"
        case 4: return "{\"a\": " + pick(Self.numbers) + "}"
        default:
            return pick([
                "[]", "{}", "[", "]", "{", "null", "true", "\"quoted\"", "[null]", "[\"\"]", "[\"a\",]", "{\"a\"}",
                "{\"a\":null}", "[1,2", "[\"\\u0000\"]", "[\"\\ud800\"]", "\"\\u0001\"", "{\"\":\"\"}", "[[\"a\"]]",
                "{\"a\":{\"b\":1}}", "[1e309]", "[NaN]", "{\"a\":[1,2]}", "[\"x\"] trailing", "[true, 1, \"a\"]",
            ])
        }
    }

    private mutating func megabyteString() -> [UInt8] {
        let unit = Array(pick(["a", "ø", "<&>", "x\u{1}", "😀"]).utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        while bytes.count < 1 << 20 { bytes += unit }
        return bytes
    }

    private mutating func randomBytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &generator) < probability
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &generator)]
    }
}
