import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads and writes one suite's plist the safe way. Foundation on Linux rewrites the file in
/// place and replaces an unreadable file with an almost empty one; this never does either.
struct SuiteFile {
    /// What was on disk at one look.
    enum Contents {
        case absent
        /// The settings, and their keys in the order the file lists them (when known) sorted
        /// for writing.
        case values([String: PlistValue], order: PlistKeyOrder?)
        case unreadable(reason: String)
    }

    /// Identifies one version of the file cheaply, so an unchanged file is not parsed again.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modifiedSeconds = info.st_mtim.tv_sec
            modifiedNanoseconds = info.st_mtim.tv_nsec
        }
    }

    let path: String

    var directory: String { (path as NSString).deletingLastPathComponent }

    /// The identity of the file the path names now (through symbolic links), or nil if none.
    func identity() -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(info)
    }

    /// Reads and parses the file. A file that fails to parse is read again a few times first:
    /// a program using Foundation directly truncates and rewrites in place without a lock, so a
    /// reader can catch it half-written for a moment.
    func read() -> Contents {
        var attempt = 0
        while true {
            let contents = readOnce()
            guard case .unreadable = contents, attempt < 3 else { return contents }
            attempt += 1
            usleep(20_000)
        }
    }

    private func readOnce() -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path)
                ? .unreadable(reason: "cannot be read") : .absent
        }
        // An empty file holds nothing to lose; Foundation reads it as an empty suite too.
        if data.isEmpty { return .values([:], order: PlistKeyOrder([])) }
        // Our own reader takes the plain XML every writer we know produces; whatever it does not
        // understand exactly (binary plists, odd XML, a malformed file) is Foundation's to judge.
        let root: PlistValue?
        var order: PlistKeyOrder?
        if let (value, keys) = PlistXMLReader.document(from: data) {
            root = value
            order = PlistKeyOrder(listed: keys)
        } else {
            do {
                root = PlistValue(foundationObject: try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
            } catch {
                return .unreadable(reason: "is not a valid property list")
            }
        }
        guard case .dictionary(let values)? = root else {
            return .unreadable(reason: "does not hold a dictionary of settings")
        }
        return .values(values, order: order)
    }

    /// Copies an unreadable file byte for byte to `<suite>.plist.corrupt-<UTC timestamp>` beside
    /// the suite and returns the copy's path. The original stays until the write that follows
    /// replaces it. Through a symbolic link the copy holds the target's bytes, not the link.
    func preserveUnreadableCopy(now: Date = Date()) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = "\(path).corrupt-\(formatter.string(from: now))"
        guard let original = FileManager.default.contents(atPath: path) else {
            throw PreferenceError.writeFailed(path: path, reason: "cannot read the unreadable suite file to preserve it")
        }
        var candidate = base
        var counter = 1
        while true {
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                do {
                    try Self.writeAll(original, to: descriptor)
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
    /// temporary file, fsync and rename, so a reader sees the old file or the new one and never
    /// a half-written one. Call it only with the suite's exclusive lock held.
    ///
    /// - The values are encoded before the disk is touched: a value no plist can hold fails the
    ///   write with nothing changed.
    /// - Through a symbolic link (dotfile managers keep `~/.config/<suite>.plist` as one) the
    ///   link's final target is replaced and the link stays: the temporary file is made beside
    ///   the target, since a rename cannot cross file systems and a rename over the link would
    ///   replace the link itself.
    /// - The temporary file is `<target file name>.tmp-<pid>`. Under the exclusive lock no other
    ///   writer can be busy, so every `<target file name>.tmp-*` found is left over from a writer
    ///   that died (SIGKILL, power loss) and is removed first.
    /// - A write that fails part-way (full disk, file-size limit) removes its temporary file and
    ///   leaves the suite as it was.
    /// - The file keeps mode 0600; a read-only file is refused rather than replaced.
    ///
    /// Returns the identity of the file now on disk; `writer` is recorded with it (see
    /// ``InProcessWrites``).
    func write(_ values: [String: PlistValue], order: PlistKeyOrder? = nil, writer: StoreWriter? = nil) throws -> Identity {
        let document = try PlistXMLWriter.document(values, order: order)
        let target = try writableTarget()
        var existing = stat()
        let existed = stat(target, &existing) == 0
        if existed && (existing.st_mode & S_IWUSR) == 0 {
            throw PreferenceError.writeFailed(path: path, reason: "the file is read-only")
        }
        let targetDirectory = (target as NSString).deletingLastPathComponent
        let targetName = (target as NSString).lastPathComponent
        Self.removeLeftoverTemporaries(of: targetName, in: targetDirectory)

        let temporary = "\(target).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PreferenceError.writeFailed(
                path: path, reason: "cannot create a file in \(targetDirectory) (\(String(cString: strerror(errno))))")
        }
        let identity: Identity
        do {
            try Self.writeAll(document, to: descriptor)
            guard fsync(descriptor) == 0 else { throw POSIXFailure.current() }
            fchmod(descriptor, 0o600)
            var written = stat()
            guard fstat(descriptor, &written) == 0 else { throw POSIXFailure.current() }
            identity = Identity(written)
            close(descriptor)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw PreferenceError.writeFailed(path: path, reason: "\(error)")
        }
        // Recorded before the rename, so another store in this process that is woken by the
        // rename already finds the write was ours.
        InProcessWrites.shared.record(identity, at: path, by: writer)
        guard rename(temporary, target) == 0 else {
            let failure = POSIXFailure.current()
            unlink(temporary)
            throw PreferenceError.writeFailed(path: path, reason: "\(failure)")
        }
        if !existed { syncDirectory(targetDirectory) }
        return identity
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

    /// Where the chain of symbolic links starting at the suite's path ends (the path itself
    /// when it is no link), and whether that end is still a link (after 40 links, as the
    /// kernel gives up, or an unreadable link).
    func linkTarget() -> (path: String, isLink: Bool) {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return (current, false) }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return (current, true)
            }
            current = destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        var info = stat()
        return (current, lstat(current, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    }

    /// Removes `<name>.tmp-*` files: the leftovers of writers that died mid-write.
    private static func removeLeftoverTemporaries(of name: String, in directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let prefix = Array((name + ".tmp-").utf8)
        while let entry = readdir(stream) {
            let isLeftover = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.count > prefix.count && raw.prefix(prefix.count).elementsEqual(prefix)
            }
            guard isLeftover else { continue }
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            unlink((directory as NSString).appendingPathComponent(entryName))
        }
    }

    /// Writes every byte, resuming after interrupted and short writes.
    private static func writeAll<Bytes: ContiguousBytes>(_ content: Bytes, to descriptor: Int32) throws {
        try content.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw POSIXFailure.current()
                }
                written += count
            }
        }
    }

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

/// A failed system call's `errno`, described by `strerror`.
struct POSIXFailure: Error, CustomStringConvertible {
    let code: Int32

    static func current() -> POSIXFailure { POSIXFailure(code: errno) }

    var description: String { String(cString: strerror(code)) }
}
