import Foundation
import PrefsTestSupport
import Testing

extension Hostile {
    /// Whole numbers at the ends of `Int` through `prefs-tui render`: → and ← at `Int.max` and
    /// `Int.min`, with bounds a double holds only nearly, and with steps too large to add; and
    /// schema rules an int cannot follow, which are refused when read (exit 65).
    @Suite("Stepping at the ends of Int")
    struct IntRangeStepper {
        /// A setting's JSON (without braces), the keys, and what the status line must say.
        static let steps: [(setting: String, keys: String, status: String)] = [
            (#""default": 9223372036854775807, "rule": {"min": 9223372036854774784}"#, "left", "Saved n = 9223372036854775806"),
            (#""default": 9223372036854775807, "rule": {"min": 9223372036854774784}"#, "right", "n is at its maximum (9223372036854775807)"),
            (#""default": 9223372036854775807"#, "left left", "Saved n = 9223372036854775805"),
            (#""default": 9223372036854775807"#, "right", "n is at its maximum (9223372036854775807)"),
            (#""default": -9223372036854775808, "rule": {"max": -9223372036854774784}"#, "right", "Saved n = -9223372036854775807"),
            (#""default": -9223372036854775808"#, "left", "n is at its minimum (-9223372036854775808)"),
            (#""default": 0, "rule": {"step": 4611686018427387904}"#, "right right", "n is at its maximum (4611686018427387904)"),
            (#""default": 0, "rule": {"step": 4611686018427387904}"#, "left left left", "n is at its minimum (-9223372036854775808)"),
            (#""default": -9223372036854775808, "rule": {"min": -9223372036854775808, "max": 9223372036854775807, "step": 3}"#,
             "right right", "Saved n = -9223372036854775802"),
        ]
        static let refused: [(rule: String, reason: String)] = [
            (#"{"step": 1e19}"#, #""step" 10000000000000000000 does not fit type int"#),
            // (2^63 in digits is refused before, by the JSON scanner: out of range for any number kind it has.)
            (#"{"min": 9.3e18}"#, #""min" 9300000000000000000 does not fit type int"#),
            (#"{"max": -1e300}"#, #""max" -1e+300 does not fit type int"#),
            (#"{"step": 0.5}"#, #""step" 0.5 does not fit type int"#),
            (#"{"step": 0}"#, #""step" 0 is not allowed; allowed: a positive number"#),
            (#"{"min": 5, "max": 1}"#, #""min" 5 is greater than "max" 1"#),
        ]

        private static func schema(_ setting: String) -> String {
            #"{"suite": "org.example.ends", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "title": "N", "#
                + setting + "}]}]}"
        }

        @Test func stepsAtTheEndsOfIntLandRightAndBadRulesAreRefused() async throws {
            let folder = TemporaryDirectory()
            let programs = Programs(configHome: folder.path)
            let file = folder.file("ends.json")
            var right = 0, crashes = 0
            var problems: [String] = []
            for (setting, keys, status) in Self.steps {
                try Self.schema(setting).write(toFile: file, atomically: true, encoding: .utf8)
                let child = programs.prefsTUI(["render", "--schema", file, "--width", "100", "--keys", keys])
                try child.start()
                guard let result = await child.finish(within: .seconds(20)) else {
                    child.stop(signal: SIGKILL)
                    problems.append("hang: \(setting) keys \(keys)")
                    continue
                }
                if result.status >= 128 { crashes += 1 }
                let last = result.output.split(separator: "\n").last.map(String.init) ?? ""
                if result.status == 0 && last.contains(status) { right += 1 } else {
                    problems.append("\(setting) keys \(keys): exit \(result.status), status line \"\(last)\", expected \"\(status)\" \(result.error)")
                }
            }
            var refusedRight = 0
            for (rule, reason) in Self.refused {
                try Self.schema(#""default": 0, "rule": "# + rule).write(toFile: file, atomically: true, encoding: .utf8)
                let result = try programs.runPrefsTUI("render", "--schema", file, "--keys", "right")
                if result.status >= 128 { crashes += 1 }
                if result.status == 65 && result.error.contains(#"("n"): "# + reason) { refusedRight += 1 } else {
                    problems.append("rule \(rule): exit \(result.status), \(result.error)")
                }
            }
            HostileRun.report("\(Self.steps.count) steps at the ends of Int through render: \(right) with the right result and message; \(Self.refused.count) rules an int cannot follow: \(refusedRight) refused with exit 65 naming the key and number; \(crashes) crashes")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
