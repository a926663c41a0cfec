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

    /// Writes all values as an XML plist (Foundation's format, see ``PlistXMLWriter``) through a
    /// temporary file, fsync and rename (see ``replaceContents(with:isSuite:writer:removingLeftovers:)``), so a reader sees
    /// the old file or the new one and never a half-written one. Call it only with the suite's
    /// exclusive lock held.
    ///
    /// The values are encoded before the disk is touched: a value no plist can hold fails the
    /// write with nothing changed.
    ///
    /// Returns the identity of the file now on disk and, when `keepingBytes`, its bytes; `writer` is recorded with it
    /// (see ``InProcessWrites``).
    /// `verbatim` holds the XML of root entries to put back byte for byte (see
    /// ``PlistXMLReader``); each must be an entry of `values`.
    func write(_ values: [String: PlistValue], order: PlistKeyOrder? = nil, verbatim: [String: Data] = [:],
               writer: StoreWriter? = nil, keepingBytes: Bool = true,
               removingLeftovers: Bool = true) throws -> (identity: Identity, bytes: Data?) {
        let document: [UInt8]
        do {
            document = try PlistXMLWriter.document(values, order: order, verbatim: verbatim, sizeLimit: FileSizeLimit.suiteFile)
        } catch let tooLarge as PlistXMLWriter.TooLarge {
            throw PreferenceError.writeFailed(path: path, reason: "the suite would be at least "
                + FileSizeLimit.refusal(size: tooLarge.leastSize, limit: FileSizeLimit.suiteFile, kind: "a suite file") + "; nothing was written")
        }
        if document.count > FileSizeLimit.suiteFile {
            throw PreferenceError.writeFailed(path: path, reason: "the suite would be "
                + FileSizeLimit.refusal(size: document.count, limit: FileSizeLimit.suiteFile, kind: "a suite file") + "; nothing was written")
        }
        // The copy for the caller only when it keeps the bytes: it is the whole suite again.
        return (try replaceContents(with: document, isSuite: true, writer: writer, removingLeftovers: removingLeftovers),
                keepingBytes ? Data(document) : nil)
    }

    /// Replaces the file's contents with `bytes` through a temporary file, fsync and rename.
    ///
    /// - Through a symbolic link (dotfile managers keep `~/.config/<suite>.plist` as one) the
    ///   link's final target is replaced and the link stays: the temporary file is made beside
    ///   the target, since a rename cannot cross file systems and a rename over the link would
    ///   replace the link itself.
    /// - The temporary file is `<target file name>.tmp-<pid>-<random>`, created with `O_EXCL` and
    ///   `O_NOFOLLOW`: where another user can write to the folder, a link planted at a
    ///   predicted name would otherwise make the write overwrite the link's target. With
    ///   `removingLeftovers` (a store's first write), left-over temporary files of writers that
    ///   died are removed first (see ``TemporaryFileName``).
    /// - The file replaced is held open across the rename where that takes freeing it off this
    ///   thread (see ``ReplacedVersion``).
    /// - A write that fails part-way (full disk, file-size limit) removes its temporary file and
    ///   leaves the file as it was.
    /// - An existing file keeps its permission bits, and its owner and group where this process
    ///   may give them (see ``keepOwnership(of:on:created:)``): a user who shares a suite with a group
    ///   (0640) or keeps it 0644 must not lose that to a write. A new file is 0600, as
    ///   Foundation makes it: settings may hold tokens and passwords. A read-only file is
    ///   refused rather than replaced.
    ///
    /// Returns the identity of the new file. A suite's write is recorded with its `writer` (see
    /// ``InProcessWrites``); a file that is no suite (an export) has no stores to tell.
    /// `privateFile`: mode 0600 even where the replaced file had another (an export with secrets).
    func replaceContents(with bytes: some ContiguousBytes, isSuite: Bool, writer: StoreWriter? = nil,
                         removingLeftovers: Bool = true, privateFile: Bool = false) throws -> Identity {
        let target = try writableTarget()
        var existing = stat()
        let existed = stat(target, &existing) == 0
        if existed && (existing.st_mode & S_IFMT) == S_IFDIR {
            throw PreferenceError.writeFailed(path: path, reason: "it is a folder, not a file")
        }
        // A device or FIFO at the path (through a link) must never be renamed over: as root
        // that would replace /dev/null with a regular file.
        if existed && (existing.st_mode & S_IFMT) != S_IFREG {
            throw PreferenceError.writeFailed(path: path, reason: "it is not a regular file")
        }
        if existed && (existing.st_mode & S_IWUSR) == 0 {
            throw PreferenceError.writeFailed(path: path, reason: "the file is read-only")
        }
        let targetDirectory = (target as NSString).deletingLastPathComponent
        let targetName = (target as NSString).lastPathComponent
        // Only under the suite's lock, which the clean-up needs; another file (an export's
        // output) may sit beside temporary files that are not ours.
        if isSuite && removingLeftovers { TemporaryFileName.removeLeftovers(of: targetName, in: targetDirectory) }

        let (temporary, descriptor) = try createTemporaryFile(for: targetName, in: targetDirectory)
        let identity: Identity
        do {
            try FileDescriptorWriting.writeAll(bytes, to: descriptor)
            if let seconds = hooks.pinnedModificationTime {
                let time = timespec(tv_sec: seconds, tv_nsec: 0)
                guard futimens(descriptor, [time, time]) == 0 else { throw POSIXFailure.current() }
            }
            // The mode given to open is only an upper bound (the umask can lower it); fchmod
            // makes it exact, when it is not already.
            var created = stat()
            guard fstat(descriptor, &created) == 0 else { throw POSIXFailure.current() }
            var mode: mode_t = 0o600
            if existed { mode = Self.keepOwnership(of: existing, on: descriptor, created: created) }
            if privateFile { mode = 0o600 }
            if created.st_mode & 0o7777 != mode {
                guard fchmod(descriptor, mode) == 0 else { throw POSIXFailure.current() }
            }
            guard fsync(descriptor) == 0 else { throw POSIXFailure.current() }
            var written = stat()
            guard fstat(descriptor, &written) == 0 else { throw POSIXFailure.current() }
            identity = Identity(written)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw PreferenceError.writeFailed(path: path, reason: "\(error)")
        }
        // Open until after the rename: its change time is then the file's as it stands at the
        // path (a rename moves it), which is what the watcher compares (SuiteStore.fileChanged).
        defer { close(descriptor) }
        hooks.beforeRename?(temporary)
        // Recorded before the rename, so another store in this process that is woken by the
        // rename already finds the write was ours.
        if isSuite { InProcessWrites.shared.record(identity, at: path, by: writer) }
        let replaced = existed && freesReplacedFileLater ? ReplacedVersion(at: target, replacing: existing) : nil
        guard rename(temporary, target) == 0 else {
            let failure = POSIXFailure.current()
            unlink(temporary)
            replaced?.releaseNow()
            throw PreferenceError.writeFailed(path: path, reason: "\(failure)")
        }
        hooks.afterRename?(target)
        replaced?.release()
        if !existed { syncDirectory(targetDirectory) }
        var placed = stat()
        return fstat(descriptor, &placed) == 0 ? Identity(placed) : identity
    }

    /// Gives the temporary file the replaced file's owner and group where they differ from
    /// ours (root writing another user's suite; a file whose group is one of ours but not our
    /// primary group), and returns the permission bits it is to have. Without this the new
    /// file would belong to whoever wrote last: the owner could be locked out of their own
    /// settings by a `sudo prefs-tui set`. When the group cannot be kept, the group and others
    /// lose their access: our own group is not the one the owner chose to share the file with.
    private static func keepOwnership(of existing: stat, on descriptor: Int32, created: stat) -> mode_t {
        var mode = existing.st_mode & 0o777
        if created.st_uid != existing.st_uid || created.st_gid != existing.st_gid {
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0
                && fchown(descriptor, uid_t.max, existing.st_gid) != 0 {
                // uid_t.max is -1: "leave the owner". Neither worked: the group is ours.
                mode &= 0o700
            }
        }
        return mode
    }

    /// Creates a new, empty temporary file beside the target under an unpredictable name and
    /// returns its path and open descriptor. `O_EXCL` fails on any existing name, a planted
    /// symbolic link included (with `O_CREAT | O_EXCL` the kernel never follows a link), and
    /// the next random name is tried.
    private func createTemporaryFile(for targetName: String, in directory: String) throws -> (path: String, descriptor: Int32) {
        for attempt in 0..<8 {
            let name = attempt == 0 ? hooks.firstTemporaryName ?? TemporaryFileName.make(for: targetName)
                : TemporaryFileName.make(for: targetName)
            let candidate = (directory as NSString).appendingPathComponent(name)
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (candidate, descriptor) }
            guard errno == EEXIST else { break }
        }
        let code = errno
        let reason = switch code {
        case ENOENT: "the folder \(directory) does not exist"
        case ENOTDIR: "\(directory) is not a folder"
        default: "cannot create a file in \(directory) (\(String(cString: strerror(code))))"
        }
        throw PreferenceError.writeFailed(path: path, reason: reason)
    }

    /// The path a write replaces: the suite file itself, or the end of its chain of symbolic
    /// links (relative links resolve against their own folder, as the kernel does). A dangling
    /// link's target is created when its folder exists; a missing folder is named in the error.
    func writableTarget() throws -> String {
        let (current, isLink) = linkTarget()
        if isLink {
            throw PreferenceError.writeFailed(path: path, reason: "too many levels of symbolic links")
        }
        if current != path {
            let folder = (current as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw PreferenceError.writeFailed(
                    path: path, reason: "it is a symbolic link to \(current), whose folder \(folder) does not exist")
            }
        }
        return current
    }

    /// Whether anything is at the suite's path (a file, or a link, even one that leads nowhere).
    package var exists: Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Where the chain of symbolic links starting at the suite's path ends (the path itself
    /// when it is no link), and whether that end is still a link (after 40 links, as the
    /// kernel gives up, or an unreadable link).
    func linkTarget() -> (path: String, isLink: Bool) {
        let chain = linkChain()
        let end = chain[chain.count - 1]
        var info = stat()
        return (end, lstat(end, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    }

    /// The suite's path and every path its chain of symbolic links leads through, in order,
    /// ending where ``linkTarget()`` ends (at most 41 paths, as the kernel gives up after 40).
    func linkChain() -> [String] {
        var chain = [path]
        for _ in 0..<40 {
            let current = chain[chain.count - 1]
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
                  let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { break }
            chain.append(destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination))
        }
        return chain
    }

    /// Writes every byte, resuming after interrupted and short writes.
    /// Makes the folder (mode 0700, as Foundation does) when it is missing.
    func ensureDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw PreferenceError.writeFailed(path: directory, reason: "it is not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PreferenceError.writeFailed(path: directory, reason: "cannot create the folder")
        }
    }

    /// Makes a new file's folder entry durable. Only done when the rename created the file:
    /// when it replaced an existing one, the rename is left to the file system's next journal
    /// commit (ext4: within 5 s). The data was fsynced before the rename, so a crash in that
    /// window leaves the previous version, whole; never a torn or empty file. Measured here, the
    /// folder fsync doubled the cost of a small commit (write + fsync + rename 7–8 ms, with the
    /// folder fsync 10.5–12 ms; Foundation's in-place synchronize 5–8 ms): see the README.
    private func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
