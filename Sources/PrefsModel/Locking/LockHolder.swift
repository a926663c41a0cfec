import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Who holds a `flock` lock, from the kernel's table of locks (`/proc/locks`), so a writer
/// that waits can say which process to look at instead of hanging silently.
///
/// Why `/proc/locks`: it lists every lock with its holder's pid and the locked file's device
/// and inode, whichever program took it (`flock(1)` in a script too). Nothing is written into
/// the lock file itself: its content would go stale whenever a holder dies.
enum LockHolder {
    /// "process 1234 (prefs-tui)", or "another process" when the table does not say (no
    /// `/proc`, or a holder in another pid namespace, shown with pid 0 or not at all).
    static func describe(lockDescriptor: Int32) -> String {
        guard let pid = pid(lockDescriptor: lockDescriptor) else { return "another process" }
        guard let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return "process \(pid)" }
        return "process \(pid) (\(name.trimmingCharacters(in: .whitespacesAndNewlines).controlCharactersEscaped))"
    }

    /// The pid holding a lock on the file open at `lockDescriptor`, if the kernel's table says.
    static func pid(lockDescriptor: Int32) -> pid_t? {
        var info = stat()
        guard fstat(lockDescriptor, &info) == 0,
              let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let device = UInt64(info.st_dev)
        // The kernel prints the device as MAJOR:MINOR in hex (the glibc encoding of dev_t).
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        let inode = UInt64(info.st_ino)
        for line in table.split(separator: "\n") {
            // "1: FLOCK  ADVISORY  WRITE 1234 fd:01:131 0 EOF"; waiters are "1: -> FLOCK …".
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] != "->" else { continue }
            let place = fields[5].split(separator: ":")
            guard place.count == 3, UInt64(place[0], radix: 16) == major, UInt64(place[1], radix: 16) == minor,
                  UInt64(place[2]) == inode, let pid = pid_t(fields[4]), pid > 0, pid != getpid() else { continue }
            return pid
        }
        return nil
    }
}
