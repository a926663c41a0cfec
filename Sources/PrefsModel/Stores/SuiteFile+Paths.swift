import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Where a suite file is: the end of its links, every link on the way, and its folder.
extension SuiteFile {
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
    func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
