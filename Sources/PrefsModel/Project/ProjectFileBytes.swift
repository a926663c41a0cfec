import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A project file's bytes, read only where reading is safe: never through a symbolic link, never
/// a FIFO or a device (opened without blocking, so a FIFO cannot hang the program), never a file
/// owned by another user or in a folder others can write (as git refuses a repository owned by
/// someone else since CVE-2022-24765), never past ``ProjectFile/sizeLimit``.
enum ProjectFileBytes {
    enum Result {
        case missing
        case refused(String)
        case read([UInt8])
    }

    static func read(_ path: String) -> Result {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            return errno == ENOENT ? .missing : .refused("cannot be read (\(POSIXFailure.current()))")
        }
        if link.st_mode & S_IFMT == S_IFLNK {
            return .refused("is a symbolic link, so ignored; a project file must be the file itself")
        }
        let folder = (path as NSString).deletingLastPathComponent
        var folderInfo = stat()
        if stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IWOTH != 0 {
            return .refused("is in \(folder.controlCharactersEscaped), a folder others can write, so ignored")
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ELOOP ? .refused("is a symbolic link, so ignored; a project file must be the file itself")
                : .refused("cannot be read (\(POSIXFailure.current()))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .refused("cannot be read (\(POSIXFailure.current()))") }
        guard info.st_mode & S_IFMT == S_IFREG else { return .refused("is not a regular file, so ignored") }
        guard info.st_uid == geteuid() else {
            return .refused("is owned by another user (uid \(info.st_uid)), so ignored even if trusted")
        }
        let limit = ProjectFile.sizeLimit
        let tooLarge = Result.refused("is larger than \(limit >> 20) MB, so ignored")
        guard Int(info.st_size) <= limit else { return tooLarge }
        // Read to the end, whatever the size said: a file that grows while it is read is
        // read as far as the limit and then refused, never held past it.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .refused("cannot be read (\(POSIXFailure.current()))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { return tooLarge }
        }
        return .read(bytes)
    }
}

/// A project file's settings: a JSON object of setting name to value, as `prefs-tui export`
/// writes it. A value that is not of its setting's type is kept out and said (``ProjectValues/unreadable``);
/// a name that is no setting of the program is left out.
enum ProjectFileContent {
    static func values(of bytes: [UInt8], path: String, schema: PreferenceSchema) -> Swift.Result<ProjectValues, ProjectProblem> {
        let json: JSONValue
        do { json = try JSONValue(parsing: Data(bytes)) } catch {
            return .failure(ProjectProblem("is not JSON (\(error)), so ignored"))
        }
        guard case .object(let members) = json else {
            return .failure(ProjectProblem("is not a JSON object of settings, so ignored"))
        }
        var values: [String: PlistValue] = [:]
        var unreadable: [String: String] = [:]
        var unknown: [String] = []
        for (name, value) in members {
            guard let key = schema.key(named: name) else {
                // A typo in a file a person edits by hand must not pass unseen. A reference for
                // editors ("$schema") and the version a backup records are no settings, and no typo.
                if !name.hasPrefix("$"), name != PreferenceSchema.versionKey { unknown.append(unknownNote(name, in: schema)) }
                continue
            }
            do {
                if let stored = try key.storedValue(json: value) { values[name] = stored }
            } catch {
                unreadable[name] = "\(error)"
            }
        }
        return .success(ProjectValues(path: path, values: values, unreadable: unreadable, unknown: unknown.sorted()))
    }

    /// What is said of a name in the file that is no setting: the old name of one, or the
    /// nearest names.
    private static func unknownNote(_ name: String, in schema: PreferenceSchema) -> String {
        let shown = name.quotedForMessage
        if let key = schema.setting(storedUnder: name) { return "\(shown) is the old name of \(key.name), so ignored; write \(key.name)" }
        let near = schema.suggestions(for: name)
        return "\(shown) is no setting of \(schema.suiteName), so ignored" + (near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?")
    }
}

/// Why a project file's values do not apply.
struct ProjectProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
