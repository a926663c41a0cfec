import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a path is a folder, could become one, or never can: what the folder rules ask of
/// the file system. "Nothing there yet" is only a path whose nearest existing ancestor is a
/// folder, reached with no link that leads nowhere, no loop of links and no name too long;
/// taking every failed look for "nothing there yet" let a loop of links, a path below a regular
/// file or a 300-byte name pass a rule that promises a folder a program can make.
enum FolderPossibility: Equatable {
    /// A folder (or a link to one) is there.
    case folder
    /// Nothing is there, and a folder can be made.
    case absent
    /// No folder can ever be there; the reason names the path at fault.
    case cannotBe(String)
    /// The file system would not say (a folder on the way this user may not search): a
    /// program running as someone else may still make it.
    case unknown

    init(of given: String) {
        // Without trailing slashes: with one, stat of a file fails with ENOTDIR and lstat of a
        // link follows it, so `/etc/passwd/` and a dangling link's `link/` passed as absent.
        var path = given
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        var current = path
        // Each step goes up one name; a path has fewer names than bytes.
        for _ in 0...path.utf8.count {
            var info = stat()
            if stat(current, &info) == 0 {
                let isFolder = info.st_mode & S_IFMT == S_IFDIR
                if current == path { self = isFolder ? .folder : .cannotBe("\(path.quotedForMessage) is not a folder") }
                else { self = isFolder ? .absent : .cannotBe("\(current.quotedForMessage) is not a folder") }
                return
            }
            switch errno {
            case ENOENT:
                // Missing, or a link that leads nowhere: a folder cannot be made through it.
                var link = stat()
                if lstat(current, &link) == 0 {
                    self = .cannotBe("\(current.quotedForMessage) is a symbolic link to nothing")
                    return
                }
            case ELOOP:
                self = .cannotBe("\(current.quotedForMessage) leads through a loop of symbolic links")
                return
            case ENOTDIR:
                // A name on the way is a file; the step up finds which.
                break
            case ENAMETOOLONG:
                self = .cannotBe("the path or one of its names is too long for the file system")
                return
            default:
                self = .unknown
                return
            }
            guard let parent = Self.parent(of: current) else { break }
            current = parent
        }
        self = .unknown
    }
}

extension FolderPossibility {
    /// The folder a path is in (`/a/b` → `/a`, `/a` → `/`), or nil for the root. Not
    /// `NSString.deletingLastPathComponent`: corelibs Foundation traps on some paths (`//` and a
    /// byte that is not UTF-8, found by the json fuzz target), and a path typed by a person
    /// must not end the program.
    static func parent(of path: String) -> String? {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let parent = end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
        return parent == path ? nil : parent
    }
}

/// The user database (`/etc/passwd`, or NSS where configured), for `~user` in paths.
enum UserDatabase {
    /// The home folder of the user `name`, or nil when there is no such user.
    static func homeFolder(of name: String) -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var size = max(1024, sysconf(Int32(_SC_GETPW_R_SIZE_MAX)))
        // The buffer grows while the entry does not fit (ERANGE), up to 1 MiB.
        while size <= 1 << 20 {
            // The entry's strings point into the buffer: read while it is held.
            var buffer = [CChar](repeating: 0, count: size)
            let result = buffer.withUnsafeMutableBufferPointer { bytes -> (status: Int32, home: String?) in
                let status = getpwnam_r(name, &entry, bytes.baseAddress!, bytes.count, &found)
                guard status == 0, found != nil, let directory = entry.pw_dir else { return (status, nil) }
                return (status, String(cString: directory))
            }
            if result.status == ERANGE {
                size *= 2
                continue
            }
            guard let home = result.home, !home.isEmpty else { return nil }
            return home
        }
        return nil
    }
}
