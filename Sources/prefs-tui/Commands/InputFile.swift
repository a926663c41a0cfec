import Foundation
import PrefsModel

/// Reads an import or schema file whole, refusing one over ``limit`` before reading it.
///
/// Settings files are kilobytes; a 100 MB import was read and parsed for 40 s before anything
/// was said. The size is looked at first (fstat on the opened file, so it is the same file that
/// is read), and a file without a size (a pipe such as /dev/stdin, a FIFO) is read only up to
/// the limit.
enum InputFile {
    /// 16 MB: far above any real settings file (the demo's schema is 4 KB for 11 settings, so
    /// this holds over 40,000 like them), low enough to be refused at once.
    static let limit = 16 << 20

    /// The file's bytes. `kind` names it in messages ("an import file"); `prefix` starts them
    /// ("cannot read schema").
    ///
    /// `regularOnly`: for a file found rather than given, such as an installed schema. Anything
    /// but a regular file (a FIFO, a device, a folder, a dangling or looping link) is refused,
    /// exit 65, as the suite, site and locks files are: the file is there but is no schema.
    /// It is opened without blocking, so a FIFO nobody writes to cannot hang the command (and
    /// every command that lists the suites). A file given on the command line may be a pipe
    /// (`--schema <(…)`, `import /dev/stdin`), which is read as it comes.
    static func contents(of path: String, kind: String, prefix: String, regularOnly: Bool = false) throws -> Data {
        let shown = "\(prefix) \(path.quotedForMessage)"
        let missing = regularOnly ? ExitStatus.dataError : ExitStatus.noInput
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard descriptor >= 0 else {
            let reason = switch errno {
            case ENOENT: regularOnly ? "no such file (a link to nothing?)" : "no such file"
            case ELOOP: "a link that leads back to itself"
            default: String(cString: strerror(errno))
            }
            throw CommandFailure("\(shown): \(reason)", status: missing)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw CommandFailure("\(shown): \(String(cString: strerror(errno)))", status: missing)
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure("\(shown): it is a folder, not a file", status: missing)
        }
        if regularOnly, status.st_mode & S_IFMT != S_IFREG {
            throw CommandFailure("\(shown): it is not a regular file", status: ExitStatus.dataError)
        }
        return try contents(of: descriptor, status: status, kind: kind, shown: shown)
    }

    /// Standard input's bytes, read where they stand (`set KEY -`). Not by opening
    /// `/dev/stdin`: for a FIFO that is a second open, which waits for a writer that may
    /// already have written and gone.
    static func standardInput(kind: String, prefix: String) throws -> Data {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else {
            throw CommandFailure("\(prefix): \(String(cString: strerror(errno)))", status: ExitStatus.noInput)
        }
        return try contents(of: STDIN_FILENO, status: status, kind: kind, shown: prefix)
    }

    /// The rest of an open file's bytes, up to the limit.
    private static func contents(of descriptor: Int32, status: stat, kind: String, shown: String) throws -> Data {
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > limit {
            throw CommandFailure("\(shown): it is \(FileSizeLimit.refusal(size: Int(status.st_size), limit: limit, kind: kind))",
                                 status: ExitStatus.dataError)
        }
        // Up to one byte over the limit, so a stream (or a file that grew) past it is noticed.
        var data = Data()
        // The whole file in one allocation, rather than doubling past its size (a 3 MB schema
        // held 4 MB while it was read).
        if status.st_mode & S_IFMT == S_IFREG { data.reserveCapacity(Int(status.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= limit {
            let count = read(descriptor, &chunk, min(chunk.count, limit + 1 - data.count))
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw CommandFailure("\(shown): \(String(cString: strerror(errno)))", status: ExitStatus.noInput)
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
        }
        throw CommandFailure("\(shown): it is over \(FileSizeLimit.limitText(limit, kind: kind))", status: ExitStatus.dataError)
    }
}
