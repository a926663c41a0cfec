import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls back when a file in a folder is written, replaced or removed, using inotify.
///
/// Why this shape: `DispatchSource.makeFileSystemObjectSource` is compiled out of libdispatch on
/// Linux, and Foundation posts no change notifications, so other processes' writes are invisible
/// without this. The watch is on the folder, not the file, because writers replace the file by
/// rename (we do) and a watch on the old inode would go quiet. `IN_CLOSE_WRITE` catches
/// Foundation's in-place rewrite, `IN_MOVED_TO` our rename, `IN_DELETE` a removal. The event's
/// name is read at offset 16, since Swift does not import the flexible `name` member.
final class DirectoryWatcher: @unchecked Sendable {
    // @unchecked: `source` is set once in init and only cancelled afterwards; the file
    // descriptor is owned by the source's cancel handler.
    private let source: any DispatchSourceRead

    init?(directory: String, fileName: String, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            if Self.drainEvents(descriptor).contains(fileName) { onChange() }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
    }

    deinit { source.cancel() }

    /// Reads every queued event and returns the names they concern (several events for one
    /// write, such as rename then close, coalesce into one callback).
    private static func drainEvents(_ descriptor: Int32) -> Set<String> {
        var names = Set<String>()
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let nameLength = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                if nameLength > 0 {
                    let namePointer = (buffer + offset + 16).assumingMemoryBound(to: CChar.self)
                    names.insert(String(cString: namePointer))
                }
                offset += 16 + nameLength
            }
        }
        return names
    }
}
