// Subcommands for the hostile suite (Tests/HostileTests): writers that are raced, watched from
// another process and killed. Each is a function, so main.swift only dispatches to it.
import Foundation
import PrefsModel

/// count-up SUITE KEY COUNT: stores KEY = 1, 2, … COUNT, one commit each, so a reader in
/// another process can check that the value never goes backwards.
func countUp(suite: String, key: String, count: Int) throws {
    let store = SuiteStore(suiteName: suite, watchForChanges: false)
    for value in 1...max(1, count) {
        try store.commit([key: .int(value)])
    }
}

/// write-until-killed SUITE PREFIX SIZE: commits forever, round-robin over 40 keys, each value
/// "<n>:" padded to SIZE bytes so that a write takes long enough to be killed half-way. After
/// each commit returns it prints n, which the test uses to check that no confirmed write is lost.
func writeUntilKilled(suite: String, prefix: String, size: Int, announce: (String) -> Void) throws -> Never {
    let store = SuiteStore(suiteName: suite, watchForChanges: false)
    let padding = String(repeating: "x", count: max(0, size))
    var sequence = 0
    while true {
        try store.commit(["\(prefix)-\(sequence % 40)": .string("\(sequence):\(padding)")])
        announce(String(sequence))
        sequence += 1
    }
}
