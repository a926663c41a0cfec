import Foundation

/// One site folder's locks file (`<suite>.locks`), read and kept current.
///
/// The format is for administrators: one key a line; blank lines and lines starting with `#`
/// are ignored; spaces around a key are not part of it. A file that cannot be read locks
/// nothing (a locks file the program cannot read is no instruction to it).
final class SiteLocks: Sendable {
    let path: String
    private let keys = Locked<Set<String>>([])
    private let watch = Locked<ObservationToken?>(nil)

    init(path: String) {
        self.path = path
        keys.withLock { $0 = Self.read(path) }
    }

    var locked: Set<String> { keys.withLock { $0 } }

    /// Watches the file; `onChange` gets the keys locked or unlocked since the last look.
    func startWatching(_ onChange: @escaping @Sendable (Set<String>) -> Void) {
        let token = FileChangeMonitor.shared.watch(directory: (path as NSString).deletingLastPathComponent,
                                                   fileName: (path as NSString).lastPathComponent) { [weak self] in
            guard let self else { return }
            let now = Self.read(path)
            let changed = keys.withLock { keys in
                defer { keys = now }
                return keys.symmetricDifference(now)
            }
            if !changed.isEmpty { onChange(changed) }
        }
        watch.withLock { $0 = token }
    }

    /// The keys a locks file lists. Limited to 1 MB: a locks file is a few lines.
    static func read(_ path: String) -> Set<String> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 20) else { return [] }
        return parse(String(decoding: data, as: UTF8.self))
    }

    static func parse(_ text: String) -> Set<String> {
        var keys = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            let key = line.trimmingCharacters(in: .whitespaces)
            if !key.isEmpty, !key.hasPrefix("#") { keys.insert(key) }
        }
        return keys
    }
}
