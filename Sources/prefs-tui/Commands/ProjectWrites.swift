import Foundation
import PrefsModel

/// `set --project`, `reset --project` and `edit --project`: the same settings, written to the
/// project's file instead of the user's. The file found from the working folder is written, or
/// with none found, a new one in the working folder. A file the person trusted as it was (or one
/// this command made) is trusted again as written, so their own change applies at once; a file
/// they never trusted stays untrusted, and the command says how to trust it.
struct ProjectWrites {
    let prefs: Preferences
    let path: String
    private let trustedBefore: Bool
    private let existed: Bool

    /// The project file's own preferences, for `suite`'s preferences as opened.
    init(for opened: Preferences) throws {
        guard let fileName = opened.schema.projectFile else {
            throw CommandFailure("--project: the schema of \(opened.schema.suiteName.controlCharactersEscaped) names no project file "
                + "(\"projectFile\" in a schema file, projectFile: in Swift)", status: ExitStatus.usage)
        }
        path = opened.projectLayer?.path
            ?? (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(fileName)
        existed = FileManager.default.fileExists(atPath: path)
        trustedBefore = opened.projectLayer?.isTrusted ?? false
        prefs = Preferences(store: ProjectFileStore(path: path, schema: opened.schema), schema: opened.schema, site: opened.site,
                            onWriteError: { Diagnostics.print("warning: \($0.description(maxValueLength: 200))") })
    }

    /// After a write: the file trusted as written, when it was trusted before or is new; else a
    /// note of how to trust it.
    func trustWhatWasWritten() throws {
        guard let written = (prefs.store as? ProjectFileStore)?.lastWrittenDigest else { return }
        let layer = ProjectFile(path: path, schema: prefs.schema, watchForChanges: false)
        guard existed == false || trustedBefore else {
            if let command = layer.status.trustCommand {
                Diagnostics.print("note: \(SettingWords.projectFile(path)) is not trusted, so its values do not apply yet; run: \(command)")
            }
            return
        }
        // Only what this command wrote: a change another program made since is not trusted with it.
        guard layer.digest == written else { return }
        try ProjectTrust().trust(path: path, digest: written)
    }
}
