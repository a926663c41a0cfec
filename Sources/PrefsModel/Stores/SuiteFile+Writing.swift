import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Writing a suite file: encoded first, written to a temporary file beside it, synced, renamed over it.
extension SuiteFile {
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
        } catch let refusal as PlistXMLWriter.Refusal {
            throw PreferenceError(refusal)
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
    static func keepOwnership(of existing: stat, on descriptor: Int32, created: stat) -> mode_t {
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
    func createTemporaryFile(for targetName: String, in directory: String) throws -> (path: String, descriptor: Int32) {
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
}
