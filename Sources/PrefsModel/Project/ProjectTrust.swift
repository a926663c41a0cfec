import Foundation
import PrefsFormats

/// The project files the person has trusted, each with the SHA-256 of the content they trusted:
/// `$XDG_STATE_HOME/prefs-tui/trusted-projects.json` (default `~/.local/state`), a JSON object
/// of absolute path to digest, mode 0600. As direnv's `allow`: a project file is read only while
/// its content is the content trusted, so a `git pull` that changes it needs trusting again.
///
/// ```swift
/// let trust = ProjectTrust()
/// try trust.trust(path: "/home/ada/src/site/.backup-tool.json", digest: digest)
/// trust.digest(of: "/home/ada/src/site/.backup-tool.json")  // the digest
/// ```
package struct ProjectTrust: Sendable {
    /// The file the trusted paths are kept in.
    package let path: String

    /// The trust of this user: `$XDG_STATE_HOME/prefs-tui/trusted-projects.json`, `XDG_STATE_HOME`
    /// taken only when absolute (as the XDG specification says), else `$HOME/.local/state`.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        path = (XDGBaseDirectory.state.path(environment: environment) as NSString).appendingPathComponent("prefs-tui/trusted-projects.json")
    }

    /// The digest recorded for `file`, or nil when it was never trusted (or the record cannot be
    /// read: then nothing is trusted, never everything).
    package func digest(of file: String) -> String? {
        entries()?[file]
    }

    /// Every trusted path with its digest; nil when the record exists but is no JSON object of
    /// paths (nothing is then trusted).
    package func entries() -> [String: String]? {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        guard case .object(let members)? = try? JSONValue(parsing: data) else { return nil }
        return members.compactMapValues { value in
            guard case .string(let digest) = value else { return nil }
            return digest
        }
    }

    /// Records `file` as trusted with the content whose digest is `digest`.
    package func trust(path file: String, digest: String) throws {
        try update { $0[file] = digest }
    }

    /// Forgets `file`; returns whether it was trusted.
    @discardableResult
    package func untrust(path file: String) throws -> Bool {
        var was = false
        try update { entries in was = entries.removeValue(forKey: file) != nil }
        return was
    }

    /// Reads, changes and writes the record under its lock: two `trust` commands at once keep
    /// both paths.
    private func update(_ change: (inout [String: String]) -> Void) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw PreferenceError.writeFailed(path: folder, reason: "the folder cannot be made (\(error.localizedDescription))")
        }
        try FileLock(path: path + ".lock").withExclusiveLock {
            guard var current = entries() else {
                throw PreferenceError.writeFailed(path: path, reason: "it holds no JSON object of trusted paths; remove it to start again")
            }
            change(&current)
            let json = JSONValue.object(current.mapValues(JSONValue.string))
            _ = try SuiteFile(path: path).replaceContents(with: Data((json.prettyText + "\n").utf8), isSuite: false, privateFile: true)
        }
    }
}
