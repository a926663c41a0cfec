import Foundation
import Glibc

/// One site folder's locks file (`<suite>.locks`), read and kept current.
///
/// The format is for administrators: one key a line; `#` starts a comment; blank lines, spaces
/// around a key, Windows line ends and a byte-order mark are ignored. A file that cannot be read
/// locks nothing, and its problem is reported (``SiteLayers/Folder/locksProblem``).
final class SiteLocks: Sendable {
    let path: String
    private let reading = Locked(Reading())
    private let watch = Locked<ObservationToken?>(nil)

    init(path: String) {
        self.path = path
        reading.withLock { $0 = Self.read(path) }
    }

    var locked: Set<String> { reading.withLock { $0.keys } }

    /// Why the locks file could not be read whole, or nil.
    var problem: String? { reading.withLock { $0.problem } }

    /// Reads the file again; true when what it says changed.
    func readAgain() -> Bool {
        let now = Self.read(path)
        return reading.withLock { reading in
            defer { reading = now }
            return reading != now
        }
    }

    /// Watches the file; `onChange` gets the keys locked or unlocked since the last look.
    func startWatching(_ onChange: @escaping @Sendable (Set<String>) -> Void) {
        let token = FileChangeMonitor.shared.watch(directory: (path as NSString).deletingLastPathComponent,
                                                   fileName: (path as NSString).lastPathComponent) { [weak self] in
            guard let self else { return }
            let now = Self.read(path)
            let (changed, problemChanged) = reading.withLock { reading in
                defer { reading = now }
                return (reading.keys.symmetricDifference(now.keys), reading.problem != now.problem)
            }
            if !changed.isEmpty || problemChanged { onChange(changed) }
        }
        watch.withLock { $0 = token }
    }

    /// What a locks file says: the keys it lists, and why it could not be read whole, if so.
    struct Reading: Equatable {
        var keys: Set<String> = []
        var problem: String?
    }

    /// Far above any real locks file (a key a line), low enough to be read at once.
    static let limit = 1 << 20

    /// Reads a locks file. Opened without blocking and read only when it is a regular file: a
    /// FIFO would otherwise hang every program that reads the suite. A file over ``limit`` is
    /// read up to its last whole line there, and the problem says so; a file that cannot be
    /// read locks nothing, and the problem says why (the layers report it as a warning).
    static func read(_ path: String) -> Reading {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT || errno == ENOTDIR ? Reading() : Reading(problem: "cannot read the locks file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return Reading(problem: "the locks file \(path) is not a regular file; it locks nothing")
        }
        var bytes = [UInt8](repeating: 0, count: min(Int(status.st_size), limit) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return Reading(problem: "cannot read the locks file \(path): \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            count += got
        }
        guard count > limit else { return Reading(keys: parse(String(decoding: bytes[..<count], as: UTF8.self))) }
        // Over the limit: only whole lines count, so a cut line cannot lock another key.
        let whole = bytes[..<limit].lastIndex(of: 0x0A).map { bytes[..<$0] } ?? []
        return Reading(keys: parse(String(decoding: whole, as: UTF8.self)),
                       problem: "the locks file \(path) is over \(limit >> 20) MB; only its first \(limit) bytes were read")
    }

    /// The keys of a locks file's text: one a line; `#` starts a comment (also after a key);
    /// spaces, tabs, a carriage return and a byte-order mark around a key are not part of it.
    static func parse(_ text: String) -> Set<String> {
        var keys = Set<String>()
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        for line in text.split(whereSeparator: \.isNewline) {
            let key = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            if !key.isEmpty { keys.insert(key) }
        }
        return keys
    }
}
