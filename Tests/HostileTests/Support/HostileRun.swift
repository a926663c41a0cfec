import Foundation

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
