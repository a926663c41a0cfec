import Foundation
import Testing

/// The hostile suite: repeated multi-process runs, killed writers, random input and corrupt
/// files. It takes minutes, so plain `swift test` skips it; CI runs it as a second command:
///
/// ```sh
/// PREFS_HOSTILE=1 swift test --filter HostileTests
/// ```
///
/// Serialized: the cases measure processes racing each other, and running them side by side
/// would only make them compete for the same two cores.
@Suite("Hostile input and faults", .serialized,
       .enabled(if: HostileRun.isEnabled, "set PREFS_HOSTILE=1 to run the hostile suite"))
enum Hostile {}

/// How the hostile suite was asked to run.
enum HostileRun {
    /// `PREFS_HOSTILE=1` turns the suite on.
    static let isEnabled = ProcessInfo.processInfo.environment["PREFS_HOSTILE"] == "1"

    /// `PREFS_HOSTILE_SCALE` (default 1) scales every count, so a developer can try the cases
    /// with `PREFS_HOSTILE_SCALE=0.05` in seconds; CI runs the full counts.
    static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["PREFS_HOSTILE_SCALE"],
              let value = Double(text), value > 0 else { return 1 }
        return value
    }()

    /// A full-run count scaled down for quick runs, never below `minimum`.
    static func count(_ full: Int, minimum: Int = 1) -> Int {
        max(minimum, Int((Double(full) * scale).rounded()))
    }

    /// Each case states what it measured on one line, which CI prints and the README quotes.
    static func report(_ figure: String) {
        print("hostile figure: \(figure)")
    }
}
