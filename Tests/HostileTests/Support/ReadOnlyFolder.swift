import Foundation
import PrefsTestSupport

/// Makes a folder read-only for the duration of `body`. Mode 0500 stops an ordinary user; root
/// ignores modes, so as root the folder is also made immutable (`chattr +i`), which root's
/// writes respect too. Throws when the folder still takes new files, so a test never passes
/// on a precondition it did not get.
func withReadOnlyFolder<T>(_ path: String, _ body: () async throws -> T) async throws -> T {
    chmod(path, 0o500)
    let immutable = geteuid() == 0
    if immutable { try runChattr("+i", path) }
    defer {
        if immutable { try? runChattr("-i", path) }
        chmod(path, 0o700)
    }
    let probe = (path as NSString).appendingPathComponent(".probe")
    if FileManager.default.createFile(atPath: probe, contents: Data()) {
        unlink(probe)
        throw ReadOnlyFolderError(message: "\(path) still takes new files after chmod 0500 and chattr +i")
    }
    return try await body()
}

struct ReadOnlyFolderError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

private func runChattr(_ flag: String, _ path: String) throws {
    let chattr = ChildProcess(program: "chattr", arguments: [flag, path], configHome: path)
    try chattr.start()
    let result = chattr.finish()
    guard result.status == 0 else { throw ReadOnlyFolderError(message: "chattr \(flag) \(path): \(result.error)") }
}
