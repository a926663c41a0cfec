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

/// count-up-pinned SUITE KEY COUNT: like count-up, but as on a file system whose timestamps are
/// too coarse to tell two writes apart: every written file gets the same modification time,
/// and the values have a fixed width ("00000042"), so the file keeps its size. With the inode
/// freed by one rename reused by the next temporary file, a new version then has the old
/// version's identity (device, inode, size, modification time).
func countUpWithPinnedIdentity(suite: String, key: String, count: Int) throws {
    var options = SuiteStore.Options()
    options.hooks.pinnedModificationTime = 1_700_000_000
    let store = SuiteStore(suiteName: suite, watchForChanges: false, options: options)
    for value in 1...max(1, count) {
        try store.commit([key: .string(fixedWidth(value))])
    }
}

/// A counter value of fixed width, so every version of the file has the same size.
func fixedWidth(_ value: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}

/// foundation-rewrite-loop SUITE COUNT: a program that uses Foundation's `UserDefaults` and no
/// lock, synchronizing COUNT times. Each `synchronize()` re-reads the file and rewrites it in
/// place (truncate, then write), so for a moment the file is empty.
func foundationRewriteLoop(suite: String, count: Int) {
    guard let defaults = UserDefaults(suiteName: suite) else { fail("no suite") }
    for round in 1...max(1, count) {
        defaults.set(round, forKey: "inPlaceRound")
        guard defaults.synchronize() else { fail("synchronize failed") }
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
