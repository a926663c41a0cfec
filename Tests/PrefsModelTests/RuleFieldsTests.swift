import Testing
@testable import PrefsModel

/// A rule's fields are told apart by length and a letter before one comparison of text: each
/// field a rule may have is found at its place, and a name that only looks like one is none.
@Suite("A rule's fields")
struct RuleFieldsTests {
    @Test func everyFieldARuleMayHaveIsFoundAtItsPlace() {
        #expect(Set(RuleFields.known) == SchemaFields.rule)
        for (place, name) in RuleFields.known.enumerated() {
            #expect(RuleFields.place(of: name) == place, "\(name)")
        }
    }

    @Test(arguments: ["", "m", "mi", "mix", "mAx", "MIN", "stop", "eachh", "pat", "Path", "choice", "choicex", "nonempty",
                      "maxlength", "multiLine", "patterns", "minimum", "each ", "m\u{0}n", "mín"])
    func aNameThatOnlyLooksLikeAFieldIsNone(name: String) {
        #expect(RuleFields.place(of: name) == nil)
    }

    @Test func aFieldTheRuleLacksIsNilAndOneItHasIsItsValue() {
        let fields = RuleFields(members: [("max", .int(9)), ("min", .int(1)), ("titel", .string("x"))])

        #expect(fields[.min] == .int(1))
        #expect(fields[.max] == .int(9))
        #expect(fields[.step] == nil)
        #expect(fields.names.contains("titel"))
        #expect(fields.present == RuleFields.bits(of: ["min", "max"]))
        #expect(!fields.allKnown)
        #expect(RuleFields(members: [("min", .int(1)), ("step", .int(1))]).allKnown)
    }

    /// The checks a valid rule no longer runs still refuse as they did.
    @Test func anUnknownFieldAndFieldsOfTwoKindsAreStillRefused() {
        #expect(throws: RuleError.self) { try RuleDescription(json: .object(["min": .int(0), "mx": .int(1)])) }
        #expect(throws: RuleError.self) { try RuleDescription(json: .object(["min": .int(0), "maxLength": .int(1)])) }
        #expect(throws: RuleError.self) { try RuleDescription(json: .object(["choices": .array([.string("a")]), "max": .int(1)])) }
        #expect((try? RuleDescription(json: .object(["min": .int(0), "max": .int(1)]))) == .range(min: RuleNumber(0), max: RuleNumber(1), step: nil))
    }
}
