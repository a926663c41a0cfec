import Foundation
import Synchronization
import Testing

/// A program a check needs that the README does not (Python's `jsonschema`, node): the check is
/// skipped, with its reason, where the tool is missing, so `swift test` passes on a fresh
/// machine. `.ci/run` installs every tool and sets `PREFS_REQUIRE_TOOLS=1`, which turns the skip
/// into a failure there: a check CI believes it ran cannot quietly not run.
///
/// ```swift
/// @Test(OutsideTool.jsonschema.trait) func exportsValidate() throws { … }
/// ```
public struct OutsideTool: Sendable {
    /// What the tool is, for the reason a check is skipped.
    public let name: String
    /// How to get it, for the reason.
    public let install: String
    private let probe: [String]

    /// Python's `jsonschema`, a JSON Schema validator that is not ours.
    public static let jsonschema = OutsideTool(name: "Python's jsonschema", install: "pip install jsonschema, or apt-get install python3-jsonschema",
                                               probe: ["python3", "-c", "import jsonschema"])
    /// node, whose `RegExp` is an ECMA-262 engine, the regular expressions of JSON Schema.
    public static let node = OutsideTool(name: "node", install: "apt-get install nodejs", probe: ["node", "-e", "0"])

    /// zsh, to press Tab in as its users do.
    public static let zsh = OutsideTool(name: "zsh", install: "apt-get install zsh", probe: ["zsh", "-c", "true"])
    /// fish, to press Tab in as its users do.
    public static let fish = OutsideTool(name: "fish", install: "apt-get install fish", probe: ["fish", "-c", "true"])

    /// Whether the tool runs here (asked once per tool and process).
    public var isPresent: Bool {
        Self.presence.withLock { known in
            if let present = known[name] { return present }
            let present = (try? ChildProcess.run(executablePath: "/usr/bin/env", arguments: probe, configHome: NSTemporaryDirectory()))?.status == 0
            known[name] = present
            return present
        }
    }

    /// Whether a missing tool fails its checks instead of skipping them (`.ci/run`).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["PREFS_REQUIRE_TOOLS"] == "1" }

    /// Runs the check where the tool is present, or where tools are required (where it then
    /// fails on the missing tool); skips it otherwise, saying why.
    public var trait: ConditionTrait {
        .enabled(if: isPresent || Self.isRequired, "\(name) is missing (\(install)); .ci/run installs it")
    }

    private static let presence = Mutex<[String: Bool]>([:])
}
