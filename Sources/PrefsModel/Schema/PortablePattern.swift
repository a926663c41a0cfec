/// A text rule's pattern, which `set` checks with ICU (`NSRegularExpression`), said in the
/// regular expressions a JSON Schema holds: ECMA-262 (what the JSON Schema specification
/// names, and what node and browsers compile with the `u` flag), written so that Python's `re`
/// (which Python's `jsonschema` uses) reads it the same way.
///
/// Why a translation and not the pattern as written: ICU has constructs neither dialect has
/// (`(?i)`, `[[:alpha:]]`, `\Q…\E`, `\A`, `\z`, possessive `a*+`, atomic `(?>…)`, `\h`,
/// `\x{41}`), and shared spellings that mean other things (ICU's `\d` and `\w` are Unicode's,
/// ECMA-262's ASCII; ICU's `.` stops at U+0085 too). Written verbatim, node could not compile
/// the schema and Python's `check_schema` refused it. Each construct is either written as the
/// same set of characters in the shared subset, or the whole pattern is left out of the JSON
/// Schema with a `$comment` naming the construct (``untranslatable``).
struct PortablePattern {
    /// The pattern in the shared subset, or nil when it cannot be said there.
    let translated: String?
    /// What could not be said, for the `$comment`; nil when translated.
    let untranslatable: String?

    init(icu pattern: String) {
        var scanner = Scanner(Array(pattern.unicodeScalars))
        do {
            translated = try scanner.translate()
            untranslatable = nil
        } catch let error as Untranslatable {
            translated = nil
            untranslatable = error.construct
        } catch {
            translated = nil
            untranslatable = "\(error)"
        }
    }

    private struct Untranslatable: Error {
        let construct: String
    }

    /// The characters of the shared subset that have a meaning of their own, escaped when a
    /// literal stands for them (both dialects take these escapes; ECMA-262's `u` mode refuses
    /// an escaped letter or digit, so only these are escaped). `-` is escaped inside a class
    /// only: outside one, `\-` is a syntax error in `u` mode (node refused `a\-b`).
    private static let syntaxCharacters = Set("^$\\.*+?()[]{}|/".unicodeScalars)

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        func refuse(_ construct: String) -> Untranslatable { Untranslatable(construct: construct) }

        /// What the last thing written was, for the quantifier after it: ECMA-262 refuses a
        /// quantifier after an anchor or a lookaround (`$+`, `(?=a)*`) and after another
        /// quantifier (`a{2}{3}`), where ICU takes them.
        enum Last { case nothing, atom, anchor, quantifier }
        var last = Last.nothing
        /// For each open group, whether it is a lookaround.
        var groups: [Bool] = []

        mutating func translate() throws -> String {
            var output = ""
            while let scalar = peek() {
                index += 1
                switch scalar {
                case "\\":
                    let escaped = try escape(inClass: false)
                    output += escaped
                    last = escaped == "^" || escaped == #"(?![\s\S])"# ? .anchor : .atom
                case "[":
                    output += try characterClass()
                    last = .atom
                case ".":
                    // ICU's `.` stops at every line terminator; ECMA-262's not at U+0085, Python's
                    // only at a line feed.
                    output += #"[^\n\r\u0085\u2028\u2029]"#
                    last = .atom
                case "(":
                    let opening = try groupOpening()
                    groups.append(opening == "(?=" || opening == "(?!")
                    output += opening
                    last = .nothing
                case ")":
                    guard let isLookaround = groups.popLast() else { throw refuse("an unopened \")\"") }
                    output += ")"
                    last = isLookaround ? .anchor : .atom
                case "*", "+", "?":
                    try quantifying(String(scalar))
                    output.unicodeScalars.append(scalar)
                    // `a*?` (lazy) is shared; `a*+` (possessive) has no equivalent.
                    if peek() == "?" {
                        index += 1
                        output += "?"
                    } else if peek() == "+" {
                        throw refuse("the possessive quantifier \"\(scalar)+\"")
                    }
                case "{":
                    let counted = try counted()
                    if counted != "\\{" {
                        try quantifying(counted)
                        if peek() == "?" {
                            index += 1
                            output += counted + "?"
                            continue
                        }
                    } else {
                        last = .atom
                    }
                    output += counted
                case "|":
                    output += "|"
                    last = .nothing
                case "^":
                    output += "^"
                    last = .anchor
                case "$":
                    // ICU's `$` also matches before a line terminator that ends the text.
                    output += #"(?=(?:\r\n|[\n\r\u0085\u2028\u2029])?(?![\s\S]))"#
                    last = .anchor
                default:
                    output += Self.literal(scalar)
                    last = .atom
                }
            }
            guard groups.isEmpty else { throw refuse("an unclosed \"(\"") }
            return output
        }

        /// A quantifier where the last thing written can take one.
        mutating func quantifying(_ quantifier: String) throws {
            switch last {
            case .atom: last = .quantifier
            case .anchor: throw refuse("the quantified anchor or lookaround \"\(quantifier)\"")
            case .quantifier: throw refuse("the repeated quantifier \"\(quantifier)\"")
            case .nothing: throw refuse("the quantifier \"\(quantifier)\" with nothing before it")
            }
        }

        /// `{n}`, `{n,}`, `{n,m}` as a quantifier; a `{` that starts none is a literal in ICU.
        mutating func counted() throws -> String {
            var end = index
            var body = ""
            while end < scalars.count, scalars[end] != "}" {
                body.unicodeScalars.append(scalars[end])
                end += 1
            }
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            let isQuantifier = end < scalars.count && (1...2).contains(parts.count) && !parts[0].isEmpty
                && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
            guard isQuantifier else { return "\\{" }
            index = end + 1
            if peek() == "+" { throw refuse("the possessive quantifier \"{\(body)}+\"") }
            return "{\(body)}"
        }

        mutating func groupOpening() throws -> String {
            guard peek() == "?" else { return "(" }
            let next = peek(1)
            switch next {
            case ":", "=", "!":
                index += 2
                return "(?\(next!)"
            case ">": throw refuse("the atomic group \"(?>\"")
            case "<":
                if peek(2) == "=" || peek(2) == "!" { throw refuse("the lookbehind \"(?<\(peek(2)!)\"") }
                throw refuse("the named group \"(?<\"")
            case "#": throw refuse("the comment \"(?#\"")
            default: throw refuse("the flags \"(?\(next.map(String.init) ?? "")\"")
            }
        }

        /// A character class; ICU's set operations and POSIX classes have no equivalent.
        mutating func characterClass() throws -> String {
            var output = "["
            if peek() == "^" {
                output += "^"
                index += 1
            }
            var first = true
            // A shorthand set (`\d`, `\w`, `\s`, `\h`) is written out as its members, so a `-`
            // beside it would make a range of its last or first member: after one, ICU reads the
            // `-` as itself; before one (`[a-\h]`), ICU's reading is its own, so it is refused.
            var afterSet = false, afterDash = false
            while let scalar = peek() {
                index += 1
                let wasAfterSet = afterSet, wasAfterDash = afterDash
                afterSet = false
                afterDash = false
                switch scalar {
                case "]" where !first:
                    return output + "]"
                case "]":
                    output += "\\]"          // ICU: a `]` first in a class is a literal
                case "[":
                    if peek() == ":" { throw refuse("the POSIX class \"[:\"") }
                    throw refuse("a class inside a class \"[[\"")
                case "&" where peek() == "&":
                    throw refuse("the class intersection \"&&\"")
                case "-" where peek() == "-":
                    throw refuse("the class difference \"--\"")
                case "\\":
                    let isSet = peek().map { "dwsh".unicodeScalars.contains($0) } ?? false
                    if isSet && wasAfterDash { throw refuse("a range ending in a set \"-\\\(peek()!)\"") }
                    output += try escape(inClass: true)
                    afterSet = isSet
                case "-":
                    output += wasAfterSet ? "\\-" : "-"
                    afterDash = !first && !wasAfterSet
                default:
                    output += Self.literal(scalar, inClass: true)
                }
                first = false
            }
            throw refuse("an unclosed \"[\"")
        }

        mutating func escape(inClass: Bool) throws -> String {
            guard let scalar = peek() else { throw refuse("a trailing \"\\\"") }
            index += 1
            switch scalar {
            case "A" where !inClass: return "^"
            case "z" where !inClass: return #"(?![\s\S])"#
            case "Q": return try quoted(inClass: inClass)
            case "E": throw refuse("\"\\E\" without \"\\Q\"")   // ICU's meaning of it is its own
            case "d": return UnicodeSets.digits.text(inClass: inClass)
            case "w": return UnicodeSets.word.text(inClass: inClass)
            case "s": return UnicodeSets.space.text(inClass: inClass)
            case "h": return UnicodeSets.horizontalSpace.text(inClass: inClass)
            case "D", "W", "S", "H":
                guard !inClass else { throw refuse("\"\\\(scalar)\" inside a class") }
                let set: UnicodeSets.Set = switch scalar {
                case "D": UnicodeSets.digits
                case "W": UnicodeSets.word
                case "S": UnicodeSets.space
                default: UnicodeSets.horizontalSpace
                }
                return set.negatedText
            case "t": return #"\t"#
            case "n": return #"\n"#
            case "r": return #"\r"#
            case "f": return #"\f"#
            case "e": return #"\u001B"#
            case "a": return #"\u0007"#
            case "x":
                return Self.literal(try hexadecimal(), inClass: inClass)
            case "u":
                return Self.literal(try fixedHexadecimal(count: 4), inClass: inClass)
            case "U":
                return Self.literal(try fixedHexadecimal(count: 8), inClass: inClass)
            default:
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    throw refuse("\"\\\(scalar)\"")
                }
                // An escaped symbol is that symbol in ICU.
                return Self.literal(scalar, inClass: inClass)
            }
        }

        /// `\Q…\E`: everything between, literally.
        mutating func quoted(inClass: Bool) throws -> String {
            var output = ""
            while let scalar = peek() {
                if scalar == "\\", peek(1) == "E" {
                    index += 2
                    return output
                }
                index += 1
                output += Self.literal(scalar, inClass: inClass)
            }
            return output                              // ICU: \Q runs to the end
        }

        /// `\xhh` or `\x{h…}`.
        mutating func hexadecimal() throws -> Unicode.Scalar {
            if peek() == "{" {
                index += 1
                var digits = ""
                while let scalar = peek(), scalar != "}" {
                    digits.unicodeScalars.append(scalar)
                    index += 1
                }
                guard peek() == "}", let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw refuse("\"\\x{\(digits)\"")
                }
                index += 1
                return scalar
            }
            return try fixedHexadecimal(count: 2)
        }

        mutating func fixedHexadecimal(count: Int) throws -> Unicode.Scalar {
            guard index + count <= scalars.count else { throw refuse("a cut hexadecimal escape") }
            var digits = ""
            digits.unicodeScalars.append(contentsOf: scalars[index..<index + count])
            guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw refuse("the hexadecimal escape \"\(digits)\"")
            }
            index += count
            return scalar
        }

        /// One character as a literal both dialects read alike: syntax characters escaped,
        /// control and invisible ones as `\uXXXX` (outside the Basic Multilingual Plane, the
        /// character itself: ECMA-262's `\u{…}` and Python's `\U…` have no common spelling).
        static func literal(_ scalar: Unicode.Scalar, inClass: Bool = false) -> String {
            if syntaxCharacters.contains(scalar) || (inClass && scalar == "-") { return "\\\(scalar)" }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFEFF
                || (0xD800...0xDFFF).contains(scalar.value) || scalar.properties.generalCategory == .format {
                if scalar.value <= 0xFFFF { return "\\u" + hex4(scalar.value) }
            }
            return String(scalar)
        }
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
