/// A rule's fields, in file order, found by comparing names: a rule has a few, and a
/// dictionary of them, made and hashed for every setting of a large schema, cost more than
/// the rest of reading the rule.
///
/// Each name is also told apart once, as it comes, as one of the fields a rule may have (a bit
/// in ``present``), so that the checks and the many asks for a field the rule lacks cost a test
/// of a bit rather than comparisons of text: 4,000 instructions a rule, most of reading one.
struct RuleFields {
    private let members: [(name: String, value: JSONValue)]
    /// A bit per known field the rule has, by its place in ``known``.
    let present: UInt16
    /// Whether every name is a field a rule may have, none given twice.
    let allKnown: Bool

    /// Every field a rule may have; a field's bit is its place here.
    static let known = ["min", "max", "step", "each", "path", "choices", "nonEmpty", "maxLength", "pattern", "multiline"]

    init(_ object: [String: JSONValue]) {
        self.init(members: object.map { ($0.key, $0.value) })
    }

    init(members: [(name: String, value: JSONValue)]) {
        self.members = members
        var present: UInt16 = 0, allKnown = true
        for member in members {
            guard let place = Self.place(of: member.name), present & 1 << place == 0 else {
                allKnown = false
                continue
            }
            present |= 1 << place
        }
        self.present = present
        self.allKnown = allKnown
    }

    /// The fields of a rule written as an object; nil for anything else.
    init?(json: JSONValue?) {
        guard case .object(let object)? = json else { return nil }
        self.init(object)
    }

    /// A field a rule may have, by its place in ``known``.
    enum Field: Int {
        case min, max, step, each, path, choices, nonEmpty, maxLength, pattern, multiline

        var name: String { RuleFields.known[rawValue] }
    }

    /// A known field's value: a field the rule lacks costs one test of a bit.
    subscript(field: Field) -> JSONValue? {
        guard present & 1 << field.rawValue != 0 else { return nil }
        let name = field.name
        return members.first { $0.name == name }?.value
    }


    var isEmpty: Bool { members.isEmpty }

    var names: some Sequence<String> { members.lazy.map(\.name) }

    /// The bits of `names` (all known fields).
    static func bits(of names: some Sequence<String>) -> UInt16 {
        names.reduce(0) { bits, name in bits | (Self.place(of: name).map { UInt16(1) << $0 } ?? 0) }
    }

    /// A name's place in ``known``, nil for a name no rule has: told apart by length and a
    /// letter, then compared once.
    static func place(of name: String) -> Int? {
        let utf8 = name.utf8
        guard utf8.count >= 3, utf8.count <= 9 else { return nil }
        let first = utf8.first!, second = utf8[utf8.index(after: utf8.startIndex)]
        let candidate: Int
        switch (utf8.count, first) {
        case (3, _): candidate = second == UInt8(ascii: "i") ? 0 : 1
        case (4, UInt8(ascii: "s")): candidate = 2
        case (4, UInt8(ascii: "e")): candidate = 3
        case (4, UInt8(ascii: "p")): candidate = 4
        case (7, UInt8(ascii: "c")): candidate = 5
        case (8, _): candidate = 6
        case (9, _): candidate = second == UInt8(ascii: "a") ? 7 : 9
        case (7, UInt8(ascii: "p")): candidate = 8
        default: return nil
        }
        return name == known[candidate] ? candidate : nil
    }
}
