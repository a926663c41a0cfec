import Foundation

/// Folders that cannot be written to for the length of a test, even by root.
///
/// Mode 0500 stops an ordinary user; root ignores modes, so as root the folder is also made
/// immutable (`chattr +i`, which ext4 and most disk file systems support, tmpfs not). A folder
/// that still takes new files afterwards is an error, so a test never passes on a precondition
/// it did not get.
public enum ReadOnlyFolder {
    /// Whether this machine lets a test make one (root on tmpfs cannot).
    public static let canBeMade: Bool = {
        guard geteuid() == 0 else { return true }
        let probe = TemporaryDirectory()
        guard (try? chattr("+i", probe.path)) != nil else { return false }
        try? chattr("-i", probe.path)
        return true
    }()

    /// Runs `body` while `path` takes no new files.
    @discardableResult
    public static func during<T>(_ path: String, _ body: () throws -> T) throws -> T {
        try lock(path)
        defer { unlock(path) }
        return try body()
    }

    private static func lock(_ path: String) throws {
        chmod(path, 0o500)
        if geteuid() == 0 {
            do { try chattr("+i", path) } catch { chmod(path, 0o700); throw error }
        }
        let probe = (path as NSString).appendingPathComponent(".probe")
        if FileManager.default.createFile(atPath: probe, contents: Data()) {
            unlink(probe)
            unlock(path)
            throw ReadOnlyFolderError(message: "\(path) still takes new files after chmod 0500 and chattr +i")
        }
    }

    private static func unlock(_ path: String) {
        if geteuid() == 0 { try? chattr("-i", path) }
        chmod(path, 0o700)
    }

    private static func chattr(_ flag: String, _ path: String) throws {
        let result = try ChildProcess.run(executablePath: "/usr/bin/chattr", arguments: [flag, path], configHome: path)
        guard result.status == 0 else { throw ReadOnlyFolderError(message: "chattr \(flag) \(path): \(result.error)") }
    }
}

/// A folder could not be made read-only.
public struct ReadOnlyFolderError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
