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
