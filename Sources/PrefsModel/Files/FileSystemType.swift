import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The type of the file system on a device (`ext4`, `nfs4`, `tmpfs`, `fuse.sshfs`…), as the
/// kernel lists its mounts in /proc/self/mountinfo; looked up once per device and process.
///
/// Why not `fstatfs`: Swift's Glibc module does not bring in `<sys/statfs.h>`, and a C target
/// for one call would be one more module for every build of the library (and its fuzz build).
enum FileSystemType {
    private static let known = Locked<[UInt64: String?]>([:])

    /// The type of the file system that holds files with this `st_dev`, or nil when no mount
    /// lists it (btrfs subvolumes have device numbers of their own) or the list cannot be read.
    static func of(device: dev_t) -> String? {
        if let type = known.withLock({ $0[UInt64(device)] }) { return type }
        let type = readType(of: UInt64(device))
        known.withLock { $0[UInt64(device)] = .some(type) }
        return type
    }

    /// A line is `ID PARENT MAJOR:MINOR ROOT MOUNTPOINT OPTIONS [OPTIONAL…] - TYPE SOURCE SUPER`.
    private static func readType(of device: UInt64) -> String? {
        // The split of a device number glibc's major() and minor() make.
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~UInt64(0xFFF))
        let minor = (device & 0xFF) | ((device >> 12) & ~UInt64(0xFF))
        let wanted = "\(major):\(minor)"
        for line in mountList().split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2, fields[2] == wanted, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else { continue }
            return String(fields[dash + 1])
        }
        return nil
    }

    /// The text of /proc/self/mountinfo (its size reads as 0, so it is read to the end).
    private static func mountList() -> String {
        let descriptor = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < 4 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
