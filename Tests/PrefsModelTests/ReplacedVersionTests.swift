import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A write holds the file it replaces open across the rename and lets it go afterwards, off the
/// writer's thread, on ext4 only (see ``ReplacedVersion``): the old file must never stay open
/// for good, and must not be held where holding it does harm.
@Suite("The file a write replaces")
struct ReplacedVersionTests {
    private let directory = TemporaryDirectory()
    /// The folder as the kernel names it in /proc/self/fd (the temporary folder may be a link).
    private var folder: String { URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path }

    /// This process's descriptors on a file once at `path` and now removed.
    private static func descriptorsOnRemovedFile(_ path: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")) == "\(path) (deleted)"
        }.count
    }

    /// What the kernel says of the file system holding `path` (util-linux's findmnt).
    private static func fileSystemType(of path: String) throws -> String {
        try ChildProcess.run(executablePath: "/usr/bin/findmnt", arguments: ["-n", "-o", "FSTYPE", "--target", path], configHome: path)
            .output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func store(afterRename: (@Sendable (String) -> Void)? = nil, freesLater: Bool = true) -> SuiteStore {
        var options = SuiteStore.Options()
        options.hooks.afterRename = afterRename
        options.freesReplacedFilesLater = freesLater
        return SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false, options: options)
    }

    @Test func theFileSystemTypeIsTheOneTheKernelLists() throws {
        var status = stat()
        #expect(stat(directory.path, &status) == 0)

        #expect(FileSystemType.of(device: status.st_dev) == (try Self.fileSystemType(of: directory.path)))
    }

    @Test func theReplacedFileIsHeldAcrossTheRenameOnExt4AndOnlyThere() throws {
        let path = "\(folder)/victim.plist"
        try store().commit(["count": .int(0)])
        let heldDuringRename = Locked<Int?>(nil)

        try store(afterRename: { _ in heldDuringRename.withLock { $0 = Self.descriptorsOnRemovedFile(path) } })
            .commit(["count": .int(1)])

        let isExt4 = try ["ext2", "ext3", "ext4"].contains(Self.fileSystemType(of: directory.path))
        #expect(heldDuringRename.withLock { $0 } == (isExt4 ? 1 : 0))
    }

    @Test func everyReplacedVersionIsLetGoAfterItsWrite() async throws {
        let store = store()
        let path = "\(folder)/victim.plist"

        for number in 0..<40 { try store.commit(["count": .int(number)]) }

        #expect(await eventually { Self.descriptorsOnRemovedFile(path) == 0 }, "\(Self.descriptorsOnRemovedFile(path)) still open")
        #expect(store.storedValues()["count"] == .int(39))
    }

    @Test func aStoreThatWritesOnceAndEndsHoldsNothing() throws {
        let path = "\(folder)/victim.plist"
        try store().commit(["count": .int(0)])
        let heldDuringRename = Locked<Int?>(nil)

        try store(afterRename: { _ in heldDuringRename.withLock { $0 = Self.descriptorsOnRemovedFile(path) } }, freesLater: false)
            .commit(["count": .int(1)])

        #expect(heldDuringRename.withLock { $0 } == 0)
    }

    @Test func onlyTheRegularFileTheWriteCheckedIsHeld() throws {
        let path = directory.file("victim.plist")
        try store().commit(["count": .int(0)])
        var checked = stat()
        #expect(stat(path, &checked) == 0)
        let isExt4 = try ["ext2", "ext3", "ext4"].contains(Self.fileSystemType(of: directory.path))

        let same = ReplacedVersion(at: path, replacing: checked)
        let held = same != nil
        same?.releaseNow()
        let missing = ReplacedVersion(at: directory.file("nothing.plist"), replacing: checked)
        let missingIsNil = missing == nil
        missing?.releaseNow()
        try "other".write(toFile: directory.file("other.plist"), atomically: false, encoding: .utf8)
        let other = ReplacedVersion(at: directory.file("other.plist"), replacing: checked)
        let otherIsNil = other == nil
        other?.releaseNow()
        symlink(path, directory.file("link.plist"))
        let link = ReplacedVersion(at: directory.file("link.plist"), replacing: checked)
        let linkIsNil = link == nil
        link?.releaseNow()
        mkfifo(directory.file("fifo.plist"), 0o600)
        let fifo = ReplacedVersion(at: directory.file("fifo.plist"), replacing: checked)
        let fifoIsNil = fifo == nil
        fifo?.releaseNow()

        #expect(held == isExt4)
        #expect(missingIsNil && otherIsNil && linkIsNil && fifoIsNil)
    }

    @Test func aTargetGoneBeforeTheRenameIsStillWritten() throws {
        try store().commit(["count": .int(0)])
        let path = directory.file("victim.plist")
        var options = SuiteStore.Options()
        options.hooks.beforeRename = { _ in unlink(path) }

        try SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false, options: options)
            .commit(["count": .int(2)])

        #expect(store().storedValues()["count"] == .int(2))
    }
}
