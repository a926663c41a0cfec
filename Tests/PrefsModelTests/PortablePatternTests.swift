import Foundation
import Testing
@testable import PrefsModel

/// ICU patterns said in the regular expressions JSON Schema holds (issue 38, item 4), on their
/// own; JSONSchemaTests checks the written schemas with Python's jsonschema and node.
@Suite("Patterns in JSON Schema's dialect")
struct PortablePatternTests {
    /// Whether ICU reads the translation as it reads the pattern, on these texts.
    private func agrees(_ pattern: String, on texts: [String]) throws {
        let shown = pattern.debugDescription
        let translated = try #require(PortablePattern(icu: pattern).translated, "\(shown) left out")
        let original = try #require(WholeTextPattern(pattern), "ICU refuses \(shown)")
        let again = try #require(WholeTextPattern(translated), "ICU refuses the translation \(translated.debugDescription) of \(shown)")
        for text in texts {
            #expect(original.matches(text) == again.matches(text), "\(shown) → \(translated.debugDescription) on \(text.debugDescription)")
        }
    }

    @Test(arguments: [
        ("a\u{0}b", ["a\u{0}b", "ab"]),
        (#"x\Qa]b\E"#, ["xa]b", "xab"]),
        (#"a{2}?b"#, ["aab", "ab"]),
        (#"(?=a)a"#, ["a", "b"]),
        // A `-` after a shorthand set is itself in ICU; written out, the set's last member
        // made a range with what followed, which ICU refused (`\u3000-1`).
        (#"[\h-1]"#, ["-", "1", "\t", "0", " "]),
        (#"[\d-z]"#, ["-", "5", "z", "a"]),
        (#"[\s-\w]"#, ["-", " ", "a", "+"]),
    ])
    func translationsFoundByTheFuzzerMeanWhatThePatternMeans(pattern: String, texts: [String]) throws {
        try agrees(pattern, on: texts)
    }

    /// A pattern that breaks out of the whole-text wrapper (found by the json fuzz target):
    /// `\A(?:a)|(?:b)\z` compiled, and `set` took any text starting with a.
    @Test func aPatternThatClosesTheWrapperIsNoPattern() {
        #expect(WholeTextPattern("a)|(?:b") == nil)
        #expect(WholeTextPattern(#"\")r?\Q"#) == nil)
        #expect(WholeTextPattern("a|b")?.matches("ab") == false)
    }

    @Test func whatCannotBeSaidIsNamed() {
        #expect(PortablePattern(icu: "(?i)abc").untranslatable == #"the flags "(?i""#)
        #expect(PortablePattern(icu: #"[a-\h]"#).untranslatable == #"a range ending in a set "-\h""#)
        #expect(PortablePattern(icu: "a*+").untranslatable == #"the possessive quantifier "*+""#)
        #expect(PortablePattern(icu: "[[:alpha:]]").untranslatable == #"the POSIX class "[:""#)
        #expect(PortablePattern(icu: #"\:5\:AE3E\\$+\$A"#).untranslatable == #"the quantified anchor or lookaround "+""#)
        #expect(PortablePattern(icu: "a$+").untranslatable == #"the quantified anchor or lookaround "+""#)
        #expect(PortablePattern(icu: "(?=a)*a").untranslatable == #"the quantified anchor or lookaround "*""#)
    }
}
