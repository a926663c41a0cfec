import Foundation

/// A project's file as a store, for writing it: `prefs-tui set --project`, `reset --project`
/// and `edit --project`. Written as `prefs-tui export` writes JSON (sorted keys, one value per
/// key, a line break at the end), so a change reads well in a code review; a member that is no
/// setting of the program (`"$schema"`, another version's setting) is kept as it is. Each commit
/// reads, decides and replaces the file under a lock (beside the trust record, so a project
/// folder gets no lock file), through a temporary file and a rename, so a reader never sees it
/// half-written. A file the project layer would refuse (a link, another user's, in a folder
/// others can write, over the size limit) is never written either.
package final class ProjectFileStore: PreferenceStore {
    package let location: String
    private let schema: PreferenceSchema
    private let lockPath: String
    private let broadcaster = ChangeBroadcaster()
    private let problem = Locked<String?>(nil)
    private let written = Locked<String?>(nil)

    /// The SHA-256 of what this store last wrote, or nil: what a command that wrote the file
    /// may trust, and nothing another program wrote after it.
    package var lastWrittenDigest: String? { written.withLock { $0 } }

    /// The store of the project file at `path`, for `schema`'s settings.
    package init(path: String, schema: PreferenceSchema, trust: ProjectTrust = ProjectTrust()) {
        location = path
        self.schema = schema
        lockPath = ((trust.path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("project-writes.lock")
    }

    package var loadProblem: String? { problem.withLock { $0 } }
    package func takeWarnings() -> [String] { [] }

    package func storedValue(forKey key: String) -> PlistValue? { storedValues()[key] }

    package func storedValues() -> [String: PlistValue] {
        (try? members()).map { values(of: $0) } ?? [:]
    }

    @discardableResult
    package func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] {
        try commit(by: writer) { _ in changes }
    }

    @discardableResult
    package func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange] {
        let folder = (lockPath as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PreferenceError.writeFailed(path: folder, reason: "the folder cannot be made (\(error.localizedDescription))")
        }
        let applied = try FileLock(path: lockPath).withExclusiveLock { () throws -> [StoredChange] in
            var members = try members()
            var values = values(of: members)
            let changes = try transaction(values)
            let applied = StoredChange.applying(changes, to: &values)
            guard !applied.isEmpty else { return [] }
            // What the project layer would never read is never written there either.
            for change in applied where change.new != nil {
                if let key = schema.key(named: change.key), let refusal = ProjectValues.refusal(of: key) {
                    throw PreferenceError.writeFailed(path: location, reason: "\(key.name): \(refusal)")
                }
            }
            for change in applied {
                guard let key = schema.key(named: change.key) else {
                    members[change.key] = change.new?.jsonValue
                    continue
                }
                members[change.key] = change.new.map { key.json(of: $0) }
            }
            let text = JSONValue.object(members).prettyText + "\n"
            _ = try SuiteFile(path: location).replaceContents(with: Data(text.utf8), isSuite: false)
            written.withLock { $0 = SHA256.hex(of: Array(text.utf8)) }
            broadcaster.enqueue(applied, source: .commit(by: writer))
            return applied
        }
        broadcaster.drain()
        return applied
    }

    package func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken {
        broadcaster.addHandler(handler)
    }

    /// The file's members as JSON (none when there is no file yet). A file that cannot be read
    /// safely, or that is not a JSON object, is an error naming it: a write never replaces what
    /// it could not read.
    private func members() throws -> [String: JSONValue] {
        switch ProjectFileBytes.read(location) {
        case .missing: return [:]
        case .refused(let reason):
            problem.withLock { $0 = "\(SettingWords.projectFile(location)) \(reason)" }
            throw PreferenceError.writeFailed(path: location, reason: "the project file \(reason)")
        case .read(let bytes):
            guard case .object(let members)? = try? JSONValue(parsing: Data(bytes)) else {
                throw PreferenceError.writeFailed(path: location, reason: "it is not a JSON object of settings; fix or remove it first")
            }
            return members
        }
    }

    /// The members that are settings of the schema, in their stored form.
    private func values(of members: [String: JSONValue]) -> [String: PlistValue] {
        var values: [String: PlistValue] = [:]
        for (name, json) in members {
            guard let key = schema.key(named: name), let value = try? key.storedValue(json: json) else { continue }
            values[name] = value
        }
        return values
    }
}
