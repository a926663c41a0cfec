import Foundation

/// A JSON document as a value: the form values take in schemas, exports and `--json` output.
///
/// Integers and reals are kept apart so that `15` stays `15` and never becomes `15.0`.
/// ``init(parsing:)-(String)`` (in JSONValue+Parsing.swift) reads JSON text.
///
/// ```swift
/// let json = try JSONValue(parsing: #"["Oslo", "Bergen"]"#)  // .array([.string("Oslo"), .string("Bergen")])
/// json.text                                                   // #"["Oslo","Bergen"]"#
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Compact JSON with sorted keys, on one line.
    ///
    /// ```swift
    /// JSONValue.object(["b": .int(1), "a": .null]).text  // {"a":null,"b":1}
    /// ```
    public var text: String { encoded(pretty: false) }

    /// Indented JSON with sorted keys, for files people read.
    ///
    /// ```swift
    /// print(schemaJSON.prettyText)
    /// ```
    public var prettyText: String { encoded(pretty: true) }

    /// Written by hand rather than with `JSONEncoder`, which writes the double 3.0 as `3`: read
    /// back, that would be an integer, and a plist `<real>` would come back as `<integer>`.
    /// Into bytes, made text once: each `+=` on a `String` cost about 160 instructions, most of
    /// a short list's text (`list`'s VALUE and DEFAULT columns).
    private func encoded(pretty: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(32)
        write(to: &output, pretty: pretty, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        // `description` is the shortest text that reads back as the same double, and always has
        // a fraction or an exponent (`3.0`, `1e+20`). JSON has no infinities or NaN: those are strings.
        case .double(let value):
            if value.isFinite { output += value.description.utf8 } else { Self.writeQuoted(String(value), to: &output) }
        case .string(let value): Self.writeQuoted(value, to: &output)
        case .array(let items):
            writeContainer(items, to: &output, pretty: pretty, indent: indent, open: UInt8(ascii: "["), close: UInt8(ascii: "]")) { item, output, inner in
                item.write(to: &output, pretty: pretty, indent: inner)
            }
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            writeContainer(sorted, to: &output, pretty: pretty, indent: indent, open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) { member, output, inner in
                Self.writeQuoted(member.key, to: &output)
                output += (pretty ? " : " : ":").utf8
                member.value.write(to: &output, pretty: pretty, indent: inner)
            }
        }
    }

    /// Brackets around items, one per line when pretty (indented by `indent` spaces, two more
    /// inside), in the layout of Foundation's pretty printer (which earlier versions used),
    /// except that empty containers stay on one line.
    private func writeContainer<Item>(_ items: [Item], to output: inout [UInt8], pretty: Bool, indent: Int,
                                      open: UInt8, close: UInt8,
                                      item writeItem: (Item, inout [UInt8], Int) -> Void) {
        output.append(open)
        guard !items.isEmpty else { output.append(close); return }
        let inner = pretty ? indent + 2 : indent
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { Self.writeLineBreak(indentedBy: inner, to: &output) }
            writeItem(item, &output, inner)
        }
        if pretty { Self.writeLineBreak(indentedBy: indent, to: &output) }
        output.append(close)
    }

    private static func writeLineBreak(indentedBy spaces: Int, to output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
    }

    /// The compact text of a list of strings, as `JSONValue.array(strings.map(JSONValue.string)).text`
    /// writes it: made in one piece, measured first, when no string needs escaping (a list
    /// setting's value and default, in every row of `list`: through the general writer, 1,300
    /// instructions for `["a"]`).
    ///
    /// ```swift
    /// JSONValue.text(ofStrings: ["Oslo", "Bergen"])  // ["Oslo","Bergen"]
    /// ```
    package static func text(ofStrings strings: [String]) -> String {
        var length = strings.isEmpty ? 2 : strings.count + 1
        for var string in strings {
            let plain = string.withUTF8 { bytes in
                length += bytes.count + 2
                return String.arePrintableASCII(bytes) && !bytes.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            }
            guard plain else { return JSONValue.array(strings.map(JSONValue.string)).text }
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var position = 0
            func put(_ byte: UInt8) {
                buffer[position] = byte
                position += 1
            }
            put(UInt8(ascii: "["))
            for (index, var string) in strings.enumerated() {
                if index > 0 { put(UInt8(ascii: ",")) }
                put(UInt8(ascii: "\""))
                string.withUTF8 { bytes in
                    if let source = bytes.baseAddress { (buffer.baseAddress! + position).initialize(from: source, count: bytes.count) }
                    position += bytes.count
                }
                put(UInt8(ascii: "\""))
            }
            put(UInt8(ascii: "]"))
            return position
        }
    }

    /// Appends `text` as a JSON string.
    private static func writeQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            // Printable ASCII without a quote or a backslash, nearly every text: nothing to
            // escape. Walked a scalar at a time, a list of two short texts took 3,600 instructions.
            output.append(UInt8(ascii: "\""))
            if String.arePrintableASCII(bytes) && !bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                output.append(contentsOf: bytes)
            } else {
                writeEscaped(bytes, to: &output)
            }
            output.append(UInt8(ascii: "\""))
        }
    }

    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": output += #"\""#.utf8
            case "\\": output += #"\\"#.utf8
            case "\n": output += #"\n"#.utf8
            case "\r": output += #"\r"#.utf8
            case "\t": output += #"\t"#.utf8
            case "\u{08}": output += #"\b"#.utf8
            case "\u{0C}": output += #"\f"#.utf8
            // DEL and the C1 controls too: U+009B is a CSI to a terminal that honours C1, and
            // JSON output is often read in one (`list --json`, `export` to standard output).
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                let hex = String(scalar.value, radix: 16)
                output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default: output += String(scalar).utf8
            }
        }
    }

    /// The string inside, if this is a JSON string.
    ///
    /// ```swift
    /// JSONValue.string("x").stringValue  // "x"
    /// ```
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// A short name of the JSON kind, for messages.
    ///
    /// ```swift
    /// JSONValue.int(1).kindName  // "number"
    /// ```
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value, trying the narrowest kind first so `1` is an integer and `true` a boolean.
    ///
    /// ```swift
    /// try JSONDecoder().decode(JSONValue.self, from: Data("1".utf8))  // .int(1)
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as plain JSON.
    ///
    /// ```swift
    /// try JSONEncoder().encode(JSONValue.int(1))  // "1"
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value):
            if value.isFinite { try container.encode(value) } else { try container.encode(String(value)) }
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }
}
