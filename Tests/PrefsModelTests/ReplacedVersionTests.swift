import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A write holds the file it replaces open across the rename and lets it go afterwards, off the
/// writer's thread (see ``ReplacedVersion``): the old file must never stay open for good.
@Suite("The file a write replaces")
struct ReplacedVersionTests {
    private let directory = TemporaryDirectory()

    /// This process's descriptors on a file once at `path` and now removed.
    private static func descriptorsOnRemovedFile(_ path: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)") else { return nil }
            return target == "\(path) (deleted)" ? target : nil
        }
    }

    @Test func everyReplacedVersionIsLetGoAfterItsWrite() async throws {
        let store = SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false)
        let path = directory.file("victim.plist")

        for number in 0..<40 { try store.commit(["count": .int(number)]) }

        #expect(await eventually { Self.descriptorsOnRemovedFile(path).isEmpty }, "\(Self.descriptorsOnRemovedFile(path))")
        #expect(store.storedValues()["count"] == .int(39))
    }

    @Test func aFileThatCannotBeReadIsStillReplaced() throws {
        let store = SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false)
        try store.commit(["count": .int(1)])
        let path = directory.file("victim.plist")
        // Write-only: its owner cannot hold it open for reading, and the rename frees it itself
        // (root, who can, holds it as usual).
        chmod(path, 0o200)

        try store.commit(["count": .int(2)])

        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o200)
        chmod(path, 0o600)
        #expect(SuiteStore(suiteName: "victim", directory: directory.path, watchForChanges: false).storedValues()["count"] == .int(2))
    }
}
