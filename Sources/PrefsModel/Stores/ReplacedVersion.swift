import Foundation

/// The file a write's rename replaces, held open across the rename and let go afterwards,
/// off the writer's thread.
///
/// Why: renaming over a file frees the replaced file's inode and blocks inside the rename.
/// On this project's machine (ext4) that was 61 µs of a 10-key write's ~350 µs, more than
/// everything the store itself computes. While a descriptor is open on the old file, the rename
/// only unlinks it (6 µs); the inode is freed when the last descriptor closes, which a
/// background queue does after the write has returned. Nothing shows in the folder meanwhile,
/// and a process that ends first has the kernel close it; after a crash, the file system's
/// own recovery frees it (the old file is on its orphan list from the rename on).
struct ReplacedVersion: ~Copyable {
    private let descriptor: Int32

    /// Opens the file now at `path`, read-only; nil when it cannot be opened (no read
    /// permission, or it went away), and the rename then frees it itself, as before.
    init?(at path: String) {
        // O_NONBLOCK: a FIFO put there since the type check must not block the write.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
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

    /// One serial queue for every store: closes are cheap to queue and never wait on each other.
    private static let closing = DispatchQueue(label: "PrefsModel.replaced-versions", qos: .utility)
}
