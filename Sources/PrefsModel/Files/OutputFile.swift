import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file a command writes that is not a suite (an export), written the way a suite is: one
/// code path for every file the package writes.
package enum OutputFile {
    /// Writes `data` to `path` through a temporary file beside it, fsync and rename (see
    /// ``SuiteFile/replaceContents(with:isSuite:writer:removingLeftovers:)``): never half-written, never through a
    /// link planted at a temporary name, through a symbolic link at `path` to its target. An
    /// existing file keeps its mode; a new one is 0600, since an export holds the same settings
    /// as the suite. Throws ``PreferenceError/writeFailed(path:reason:)`` naming `path`.
    ///
    /// ```swift
    /// try OutputFile.write(Data("{}\n".utf8), to: "/tmp/backup.json")
    /// ```
    ///
    /// A device or FIFO (`/dev/stdout`, `/dev/null`, a named pipe) is written in place, as a
    /// shell's redirection would: it has no contents to replace, and renaming over it would
    /// remove it.
    /// `privateFile`: the file is mode 0600 whatever the one it replaces had (secrets).
    ///
    /// A path that names the file standard output or standard error is open on (`/dev/stdout`,
    /// `/proc/self/fd/1`, or the very file `>` or `>>` opened) is written through that
    /// descriptor, where it stands: the caller's redirection decides, so `>> log` appends and
    /// `{ echo header; prefs-tui export --output /dev/stdout; } > f` keeps the header.
    /// Replacing it would drop what was there and give it a new mode.
    package static func write(_ data: Data, to path: String, privateFile: Bool = false) throws {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, let descriptor = standardStream(sameAs: info) {
            do { try FileDescriptorWriting.writeAll(data, to: descriptor) } catch {
                throw PreferenceError.writeFailed(path: path, reason: "\(error)")
            }
            return
        }
        if exists, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            try writeInPlace(data, to: path)
            return
        }
        _ = try SuiteFile(path: absolute(path)).replaceContents(with: data, isSuite: false, privateFile: privateFile)
    }

    /// Standard output or standard error, when it is open on the file `info` describes.
    private static func standardStream(sameAs info: stat) -> Int32? {
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
            var open = stat()
            if fstat(descriptor, &open) == 0, open.st_dev == info.st_dev, open.st_ino == info.st_ino { return descriptor }
        }
        return nil
    }

    private static func writeInPlace(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PreferenceError.writeFailed(path: path, reason: "cannot be opened (\(POSIXFailure.current()))")
        }
        defer { close(descriptor) }
        do { try FileDescriptorWriting.writeAll(data, to: descriptor) } catch {
            throw PreferenceError.writeFailed(path: path, reason: "\(error)")
        }
    }

    /// Whether `path` names the same file as `other`: the same path once symbolic links (of the
    /// file and of its folders) are resolved, or, when both exist, the same device and inode
    /// (a hard link). Used to refuse writing an export over the suite it reads.
    ///
    /// ```swift
    /// OutputFile.isSameFile("/home/a/.config/../.config/app.plist", as: "/home/a/.config/app.plist")  // true
    /// ```
    package static func isSameFile(_ path: String, as other: String) -> Bool {
        if resolved(path) == resolved(other) { return true }
        var first = stat()
        var second = stat()
        guard stat(absolute(path), &first) == 0, stat(absolute(other), &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The path relative to the working folder, as the kernel reads a relative path.
    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// The end of the path's chain of links, with its folder's links resolved too, so that a
    /// file that does not exist yet (a dangling link's target) still compares by where it would be.
    private static func resolved(_ path: String) -> String {
        let end = SuiteFile(path: absolute(path)).linkTarget().path
        let folder = (end as NSString).deletingLastPathComponent
        guard let real = realpath(folder, nil) else { return (end as NSString).standardizingPath }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent((end as NSString).lastPathComponent)
    }
}
