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
        case values([String: PlistValue])
        case unreadable(reason: String)
    }

    /// Identifies one version of the file cheaply, so an unchanged file is not parsed again.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
    }

    let path: String

    var directory: String { (path as NSString).deletingLastPathComponent }

    func identity() -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                        modifiedSeconds: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec)
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
        if data.isEmpty { return .values([:]) }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            return .unreadable(reason: "is not a valid property list")
        }
        guard case .dictionary(let values)? = PlistValue(foundationObject: root) else {
            return .unreadable(reason: "does not hold a dictionary of settings")
        }
        return .values(values)
    }

    /// Copies an unreadable file byte for byte to `<suite>.plist.corrupt-<UTC timestamp>` and
    /// returns the copy's path. The original stays until the write that follows replaces it.
    func preserveUnreadableCopy(now: Date = Date()) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let base = "\(path).corrupt-\(formatter.string(from: now))"
        var candidate = base
        var counter = 1
        while FileManager.default.fileExists(atPath: candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        do {
            try FileManager.default.copyItem(atPath: path, toPath: candidate)
        } catch {
            throw PreferenceError.writeFailed(path: candidate, reason: "cannot preserve the unreadable suite file (\(error.localizedDescription))")
        }
        return candidate
    }

    /// Writes all values as an XML plist (Foundation's format) through a temporary file, fsync
    /// and rename, so a reader sees the old file or the new one and never a half-written one.
    /// The file keeps mode 0600; a read-only file is refused rather than replaced.
    func write(_ values: [String: PlistValue]) throws -> Identity? {
        try ensureDirectory()
        var existing = stat()
        if stat(path, &existing) == 0 && (existing.st_mode & S_IWUSR) == 0 {
            throw PreferenceError.writeFailed(path: path, reason: "the file is read-only")
        }
        let data: Data
        do {
            data = try PropertyListSerialization.data(
                fromPropertyList: PlistValue.dictionary(values).foundationObject, format: .xml, options: 0)
        } catch {
            throw PreferenceError.writeFailed(path: path, reason: "cannot encode the values (\(error.localizedDescription))")
        }
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(temporary) }
        var written = 0
        let result: Int32 = data.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                written += count
            }
            return fsync(descriptor)
        }
        let writeErrno = errno
        fchmod(descriptor, 0o600)
        close(descriptor)
        guard result == 0 else {
            unlink(temporary)
            errno = writeErrno
            throw failure(temporary)
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
        syncDirectory()
        return identity()
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

    /// The rename is durable only once the folder's entry is on disk too.
    private func syncDirectory() {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private func failure(_ path: String) -> PreferenceError {
        .writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
}
