import Foundation

/// The file a write's rename replaces, held open across the rename and let go afterwards,
/// off the writer's thread.
///
/// Why: on ext4, renaming over a file frees the replaced file's inode inside the rename. On
/// this project's machine that was 61 µs of a 10-key write's ~350 µs, more than everything the
/// store itself computes. While a descriptor is open on the old file, the rename only unlinks
/// it (6 µs); the inode is freed when the last descriptor closes, which a background queue does
/// after the write has returned. Nothing shows in the folder meanwhile, a process that ends
/// first has the kernel close it, and after a crash the file system's recovery frees it (the
/// old file is on its orphan list from the rename on).
///
/// Only on ext2/3/4, where it was measured to help. Elsewhere it would hurt or do nothing: an
/// NFS client renames a file that is still open to a visible `.nfs…` name (one more round trip,
/// and a file left behind by a crash), high-level FUSE file systems do the same with
/// `.fuse_hidden…`, and tmpfs frees an inode in 3 µs anyway.
struct ReplacedVersion: ~Copyable {
    private let descriptor: Int32

    /// Opens the file now at `path`, read-only, when it is still `existing` (the file the write
    /// checked) on a file system where holding it helps; nil otherwise (and the rename then
    /// frees it itself, as before).
    init?(at path: String, replacing existing: stat) {
        guard let type = FileSystemType.of(device: existing.st_dev), Self.fileSystems.contains(type) else { return nil }
        // O_NONBLOCK: a FIFO put there since the type check must not block the write;
        // O_NOCTTY: a terminal put there must not become the program's.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG,
              opened.st_dev == existing.st_dev, opened.st_ino == existing.st_ino else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    /// Lets the replaced file go: its descriptor is closed on a background queue.
    consuming func release() {
        let descriptor = self.descriptor
        discard self
        Self.closing.async { close(descriptor) }
    }

    /// Lets go now (the rename failed: nothing was replaced).
    consuming func releaseNow() {
        let descriptor = self.descriptor
        discard self
        close(descriptor)
    }

    deinit { close(descriptor) }

    /// The file systems where holding the old file was measured to help (the ext4 driver
    /// mounts all three).
    private static let fileSystems: Set<String> = ["ext2", "ext3", "ext4"]

    /// One serial queue for every store: closes are cheap to queue and never wait on each other.
    private static let closing = DispatchQueue(label: "PrefsModel.replaced-versions", qos: .utility)
}
