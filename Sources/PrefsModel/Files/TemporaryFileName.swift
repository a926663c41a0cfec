import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The names of a write's temporary files, `<target file name>.tmp-<pid>-<random>`, and the
/// removal of those left behind by writers that died.
///
/// Why the random part: a predictable name (`.tmp-<pid>`) lets another user who can write to
/// the folder plant a symbolic link there for the next pids (the file is created with `O_EXCL`
/// anyway, which refuses any existing name). Why the pid: the next writer can tell whether the
/// file's owner is still alive, and removes only the files of dead processes; a live writer
/// (one that reached the same target through another link, and so another lock) keeps its file.
enum TemporaryFileName {
    /// Letters of the random part: lower case and digits, safe on every file system.
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// Length of the random part: 36^12, about 62 bits, cannot be guessed.
    static let randomLength = 12

    /// The most bytes a temporary name adds to the target's name: `.tmp-`, a pid of up to 7
    /// digits (Linux's `pid_max` is at most 4,194,304), `-` and the random part.
    static let maximumSuffixBytes = ".tmp-".utf8.count + 7 + 1 + randomLength

    /// A fresh name for a temporary file of `targetName`, owned by `pid`.
    ///
    /// ```swift
    /// TemporaryFileName.make(for: "app.plist", pid: 4242)  // "app.plist.tmp-4242-k3v9q0z7m1ab"
    /// ```
    static func make(for targetName: String, pid: pid_t = getpid()) -> String {
        // One number below 36^12 (about 62 bits), written in base 36: a draw per letter was
        // twelve getrandom calls on every write.
        var random = UInt64.random(in: 0..<space)
        var letters = [UInt8](repeating: 0, count: randomLength)
        for index in letters.indices {
            letters[index] = alphabet[Int(random % UInt64(alphabet.count))]
            random /= UInt64(alphabet.count)
        }
        return "\(targetName).tmp-\(pid)-\(String(decoding: letters, as: UTF8.self))"
    }

    /// How many different random parts there are: 36^12.
    private static let space: UInt64 = (0..<randomLength).reduce(1) { product, _ in product * UInt64(alphabet.count) }

    /// The pid in a temporary file name of `targetName`, or nil when `name` is not one. Names
    /// of the older form `<target>.tmp-<pid>` count too, so their leftovers are removed as well.
    static func owner(of name: String, targetName: String) -> pid_t? {
        let prefix = targetName + ".tmp-"
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        let suffix = rest.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 10, let pid = pid_t(digits), pid > 0 else { return nil }
        guard suffix.isEmpty || (suffix.first == "-" && suffix.dropFirst().allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }))
        else { return nil }
        return pid
    }

    /// Removes the temporary files of `targetName` in `directory` whose owner has died (a
    /// writer killed with SIGKILL, or a power loss). Called with the suite's exclusive lock held,
    /// by the first write of each store: the folder (`~/.config`, often hundreds of names) is
    /// not listed again on every write for files that only a crash leaves.
    /// A pid taken over by another process keeps its file until that process ends too; a writer
    /// in another pid namespace sharing the folder is not told apart (see the README).
    static func removeLeftovers(of targetName: String, in directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let pid = owner(of: name, targetName: targetName), !isAlive(pid) else { continue }
            // unlink removes a link itself, never its target.
            unlink((directory as NSString).appendingPathComponent(name))
        }
    }

    /// Whether a process with this pid exists (EPERM: it exists, owned by another user).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
