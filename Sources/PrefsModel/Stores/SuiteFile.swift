import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes one suite's plist the safe way. Foundation on Linux rewrites the file in
/// place and replaces an unreadable file with an almost empty one; this never does either.
struct SuiteFile: Sendable {
    /// What was on disk at one look.
    enum Contents {
        case absent
        /// The settings, and their keys in the order the file lists them (when known) sorted
        /// for writing.
        /// `verbatim`: the XML of entries to write back byte for byte while unchanged.
        case values([String: PlistValue], order: PlistKeyOrder?, verbatim: [String: Data] = [:])
        /// Bytes that do not parse as a suite: preserved as a copy before a write replaces them.
        case unreadable(reason: String, bytes: Data)
        /// The very bytes the caller last read or wrote (``read(knownSize:knownBytes:)``): the
        /// settings are the ones it holds, and need not be parsed again.
        case unchanged
        /// 0 bytes, where the last look found settings. A program rewriting the file in place
        /// (Foundation's `synchronize()` truncates, then writes) was caught between the two, or
        /// died there: this is never "the user has no settings".
        case emptied
        /// The file cannot be opened or read (permission denied, a folder in its place, an I/O
        /// error). Reads warn and show defaults; writes fail naming the path, and nothing is
        /// copied or replaced.
        case inaccessible(reason: String)
    }

    /// Identifies one version of the file cheaply. It is a hint, never proof: after a rename the
    /// freed inode can come back with the same size and, on file systems with coarse timestamps,
    /// the same times. So it never decides whether the file is read again (writes and reloads
    /// always read it); it only tells whose write a version is (``InProcessWrites``), whether a
    /// lock holder is still writing (``FileLock``), and, in the watcher's polling fallback,
    /// when to look.
    struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
        /// The change time: the kernel sets it on every write and rename, and unlike the
        /// modification time no program can set it back (`futimens` sets it to now).
        var changedSeconds: Int
        var changedNanoseconds: Int

        /// Whether this is the version a write produced, given the identity the write saw on its
        /// temporary file: equal apart from the change time, which the rename itself moves.
        func isVersion(writtenAs written: Identity) -> Bool {
            device == written.device && inode == written.inode && size == written.size
                && modifiedSeconds == written.modifiedSeconds && modifiedNanoseconds == written.modifiedNanoseconds
        }

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modifiedSeconds = info.st_mtim.tv_sec
            modifiedNanoseconds = info.st_mtim.tv_nsec
            changedSeconds = info.st_ctim.tv_sec
            changedNanoseconds = info.st_ctim.tv_nsec
        }
    }

    let path: String
    /// Hooks for tests that force a fault; none in normal use.
    var hooks = SuiteFileHooks()
    /// See ``SuiteStore/Options/freesReplacedFilesLater``.
    var freesReplacedFileLater = true

    var directory: String { (path as NSString).deletingLastPathComponent }

    /// The identity of the file the path names now (through symbolic links), or nil if none.
    func identity() -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(info)
    }

    /// Reads and parses the file, with the identity of the version read (nil when absent).
    ///
    /// A file that fails to parse, or is empty, is read again a few times first: a program
    /// using Foundation directly truncates and rewrites in place without a lock, so a reader
    /// can catch it empty or half-written for a moment. `knownSize` is the file's size at the
    /// caller's last look: an empty file where there was content is ``Contents/emptied``; an
    /// empty file that was empty before too (or never seen) is an empty suite, as Foundation
    /// reads it.
    ///
    /// `knownBytes` are the bytes the caller last read or wrote: a file holding exactly those is
    /// ``Contents/unchanged``, found by comparing bytes, which costs a fraction of parsing them
    /// (a write re-reads the file every time, under the lock). Unlike the file's identity, equal
    /// bytes are proof. The bytes read are returned when they parsed, for the next comparison.
    func read(knownSize: Int64?, knownBytes: Data? = nil) -> (contents: Contents, identity: Identity?, bytes: Data?) {
        var attempt = 0
        var previous: Identity?
        var sawChange = false
        while true {
            var (contents, identity, bytes) = readOnce(knownBytes: knownBytes)
            if attempt > 0 && identity != previous { sawChange = true }
            previous = identity
            if case .values(let values, _, _) = contents, values.isEmpty, identity?.size == 0, let knownSize, knownSize > 0 {
                contents = .emptied
            }
            let isWorthRetrying = switch contents {
            case .unreadable, .emptied: true
            // Any empty file is read again: a program writing in place may have been caught
            // between truncating and writing, and may be caught there at the next look too (so
            // "it was empty last time" proves nothing; without this retry, a writer that had
            // once seen the file empty took the next such moment for "no settings" and dropped
            // another program's keys, 1 run in 5 of the hostile in-place-writer case).
            case .values: identity?.size == 0
            // Gone, where the caller saw a file before: Foundation's in-place writer was seen
            // to leave no file for a moment (a write that then started from nothing dropped all
            // of its keys, 1 run in 30). A file deleted for good is still taken as deleted, a
            // fraction of a second later.
            case .absent: (knownSize ?? 0) > 0
            case .inaccessible, .unchanged: false
            }
            // An empty file gets longer (up to 200 ms): no plist writer leaves one, so it is almost
            // always a rewrite in progress, and a writer stalled on a busy machine after
            // truncating is exactly when taking it for "no settings" would lose the most. An
            // unparseable file is preserved as a copy before it is replaced, so less is at stake.
            // A file that changed between two looks is being written right now (a program
            // rewriting it in place takes no lock): the read waits for it to settle, up to a
            // second, rather than take a half-written file for a corrupt one and replace it
            // with only this write's keys (seen under AddressSanitizer, whose slower in-place
            // writer kept the file unparseable past three looks).
            let isAbsent = if case .absent = contents { true } else { false }
            let attempts = sawChange ? 50 : identity?.size == 0 || isAbsent ? 10 : 3
            guard isWorthRetrying, attempt < attempts else {
                let parsed: Bool = switch contents {
                case .values, .unchanged: true
                default: false
                }
                return (contents, identity, parsed ? bytes : nil)
            }
            attempt += 1
            usleep(20_000)
        }
    }

    private func readOnce(knownBytes: Data?) -> (Contents, Identity?, Data?) {
        // O_NONBLOCK: a FIFO planted at the path would otherwise block the open forever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            // No file, or no folder (a file where the config folder should be): nothing stored.
            // Anything else (EACCES above all) is an error, never "no settings".
            if code == ENOENT || code == ENOTDIR { return (.absent, nil, nil) }
            return (.inaccessible(reason: "cannot be read (\(String(cString: strerror(code))))"), nil, nil)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return (.inaccessible(reason: "cannot be read (\(POSIXFailure.current()))"), nil, nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return (.inaccessible(reason: "is a folder, not a file"), nil, nil)
        default: return (.inaccessible(reason: "is not a regular file"), nil, nil)
        }
        let identity = Identity(info)
        // Looked at before reading: a file over the limit is never read, and stays as it is
        // (a write refuses to replace what it cannot read).
        if info.st_size > FileSizeLimit.suiteFile {
            return (.inaccessible(reason: "is " + FileSizeLimit.refusal(size: Int(info.st_size), limit: FileSizeLimit.suiteFile, kind: "a suite file")),
                    identity, nil)
        }
        hooks.afterSizeRead?(path)
        let data: Data
        do { data = try Self.readAll(from: descriptor, sizeHint: Int(info.st_size)) } catch {
            return (.inaccessible(reason: "cannot be read (\(error))"), identity, nil)
        }
        // A file that grew past the limit after the look at its size.
        if data.count > FileSizeLimit.suiteFile {
            return (.inaccessible(reason: "is over " + FileSizeLimit.limitText(FileSizeLimit.suiteFile, kind: "a suite file")), identity, nil)
        }
        // An empty file: `read(knownSize:)` decides whether it is an empty suite. Nothing read
        // means empty whatever `fstat` said a moment before: a program rewriting the file in
        // place can truncate it between the two, and the stale size made this read pass for
        // "an empty suite" rather than a file caught mid-rewrite (a write then started from
        // nothing and dropped that program's keys, 1 run in 30 of the in-place-writer case).
        if data.isEmpty {
            var read = identity
            read.size = 0
            return (.values([:], order: PlistKeyOrder([])), read, data)
        }
        if data == knownBytes { return (.unchanged, identity, data) }
        return (Self.parse(data), identity, data)
    }

    private static func parse(_ data: Data) -> Contents {
        // Binary plists, plain XML and the rest each go to the reader that can take them
        // safely (see PlistDocument): no file reaches Foundation's parser unchecked.
        let document: PlistDocument.Reading
        do { document = try PlistDocument.read(data) } catch {
            return .unreadable(reason: error.reason, bytes: data)
        }
        guard case .dictionary(let values) = document.root else {
            return .unreadable(reason: "does not hold a dictionary of settings", bytes: data)
        }
        return .values(values, order: document.rootKeys.map { PlistKeyOrder(listed: $0) }, verbatim: document.verbatim)
    }

    /// Reads to the end, resuming after interrupted and short reads.
    /// Stops one byte past ``FileSizeLimit/suiteFile``, so a file that grows without end is not
    /// read without end.
    private static func readAll(from descriptor: Int32, sizeHint: Int) throws -> Data {
        var bytes = [UInt8](repeating: 0, count: min(max(sizeHint, 0), FileSizeLimit.suiteFile) + 1)
        var count = 0
        while count <= FileSizeLimit.suiteFile {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw POSIXFailure.current()
            }
            if got == 0 { break }
            count += got
        }
        return Data(bytes[0..<count])
    }

    /// Copies the bytes of an unreadable file (as read, so exactly what was judged unreadable)
    /// to `<suite>.plist.corrupt-<UTC timestamp>` beside the suite, mode 0600 whatever the
    /// suite's mode (it holds the same settings, and nobody chose to share this copy), and
    /// returns the copy's path. The original stays until the write that follows replaces it.
    /// Through a symbolic link the copy holds the target's bytes, not the link. Only a regular
    /// file's bytes ever get here: a folder at the suite's path is an error
    /// (``Contents/inaccessible(reason:)``), never copied.
    func preserveUnreadableCopy(of original: Data, now: Date = Date()) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = "\(path).corrupt-\(formatter.string(from: now))"
        var candidate = base
        var counter = 1
        while true {
            // O_EXCL: never overwrite an earlier copy, and never follow a link planted at the name.
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                do {
                    // The mode given to open is only an upper bound (the umask can lower it);
                    // fchmod makes it exactly 0600 whatever the umask.
                    guard fchmod(descriptor, 0o600) == 0 else { throw POSIXFailure.current() }
                    try FileDescriptorWriting.writeAll(original, to: descriptor)
                    // On disk before the new suite is renamed over the original: otherwise a
                    // crash could keep the rename and lose the copy, the only one left.
                    guard fsync(descriptor) == 0 else { throw POSIXFailure.current() }
                    close(descriptor)
                    return candidate
                } catch {
                    close(descriptor)
                    unlink(candidate)
                    throw PreferenceError.writeFailed(path: candidate, reason: "cannot preserve the unreadable suite file (\(error))")
                }
            }
            guard errno == EEXIST else {
                throw PreferenceError.writeFailed(
                    path: candidate, reason: "cannot preserve the unreadable suite file (\(String(cString: strerror(errno))))")
            }
            counter += 1
            candidate = "\(base)-\(counter)"
        }
    }
}
