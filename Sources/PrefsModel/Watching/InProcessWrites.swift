
/// The last version of each suite file that this process wrote, and by whom.
///
/// Why: two `SuiteStore`s on one suite in one process (two `Preferences(suiteName:)`) see each
/// other's writes only through the file watcher, exactly like another program's. Comparing the
/// file's identity with the last one written here tells the two apart, so observers learn that
/// such a change came from this process (``ChangeOrigin/otherPreferencesInProcess``).
final class InProcessWrites: Sendable {
    static let shared = InProcessWrites()

    private struct Write {
        var identity: SuiteFile.Identity
        var writer: StoreWriter?
    }

    private let lastWrite = Locked<[String: Write]>([:])

    /// Notes that this process wrote `identity` to the suite at `path`.
    func record(_ identity: SuiteFile.Identity, at path: String, by writer: StoreWriter?) {
        lastWrite.withLock { $0[path] = Write(identity: identity, writer: writer) }
    }

    /// Where the file version `identity` at `path` came from: this process's last write to it,
    /// or another process.
    func source(of identity: SuiteFile.Identity?, at path: String) -> StoreChangeSource {
        guard let identity, let write = lastWrite.withLock({ $0[path] }), identity.isVersion(writtenAs: write.identity) else {
            return .otherProcess
        }
        return .commit(by: write.writer)
    }
}
