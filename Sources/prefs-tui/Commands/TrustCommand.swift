import ArgumentParser
import Foundation
import PrefsModel

/// `trust`: records a project file, as its content is now, as one whose settings may apply.
struct TrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust", _superCommandName: PrefsTUI.name,
        abstract: "Trust a project's settings file, as it is now, so that its values apply.",
        discussion: """
            A schema that names a project file ("projectFile") reads it from the working folder \
            upward, but only once trusted, as direnv's `allow`: the path and the SHA-256 of its \
            content are recorded in $XDG_STATE_HOME/prefs-tui/trusted-projects.json (default \
            ~/.local/state). A changed file (a `git pull`) is ignored until trusted again. A file \
            owned by another user, in a folder others can write, or a symbolic link is refused \
            even when trusted. Without FILE: the project file the suite's schema finds from here.
            """)

    @Argument(help: "The project file (default: the one found from the working folder).", completion: .file())
    var file: String?
    @Flag(help: "List the trusted project files, each with whether it is unchanged since.") var list = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            if list {
                guard file == nil else { throw CommandFailure("--list takes no file", status: ExitStatus.usage) }
                return try Self.listTrusted()
            }
            let path = try ProjectFiles.path(given: file, options: options)
            let layer = ProjectFile(path: path, schema: PreferenceSchema(title: "", suiteName: "trust", keys: []), watchForChanges: false)
            guard let digest = layer.digest else {
                throw CommandFailure("\(SettingWords.projectFile(path)) \(layer.status.problem ?? "cannot be read"); nothing trusted",
                                     status: ExitStatus.dataError)
            }
            try ProjectTrust().trust(path: path, digest: digest)
            Output.print("trusted \(SettingWords.projectFile(path)) as it is now (sha256 \(digest.prefix(12))…)")
        }
    }

    private static func listTrusted() throws {
        let trust = ProjectTrust()
        guard let entries = trust.entries() else {
            throw CommandFailure("\(trust.path.controlCharactersEscaped) holds no JSON object of trusted paths; remove it to start again",
                                 status: ExitStatus.dataError)
        }
        var table = TextTable(header: ["STATE", "FILE"])
        for (path, digest) in entries.sorted(by: { $0.key < $1.key }) {
            let now = ProjectFile(path: path, schema: PreferenceSchema(title: "", suiteName: "trust", keys: []), watchForChanges: false).digest
            let state = now == digest ? "trusted" : now == nil ? "missing" : "changed"
            table.addRow([state, path])
        }
        table.print()
    }
}

/// `untrust`: forgets a project file, whose values then no longer apply.
struct UntrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "untrust", _superCommandName: PrefsTUI.name,
        abstract: "Stop trusting a project's settings file: its values no longer apply.")

    @Argument(help: "The project file (default: the one found from the working folder).", completion: .file())
    var file: String?
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let path = try ProjectFiles.path(given: file, options: options)
            if try ProjectTrust().untrust(path: path) {
                Output.print("no longer trusted: \(SettingWords.projectFile(path))")
            } else {
                Diagnostics.print("note: \(SettingWords.projectFile(path)) was not trusted")
            }
        }
    }
}

/// The project file a `trust` or `untrust` names: the one given (made absolute, as the layer
/// names it), or the one the suite's schema finds from the working folder.
enum ProjectFiles {
    static func path(given file: String?, options: SuiteOptions) throws -> String {
        if let file {
            let absolute = file.hasPrefix("/") ? file : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file)
            // By its names alone: `standardizingPath` resolves links on Linux, and a link must
            // be trusted (and refused) as the link it is, not as its target.
            return ProjectLocation.normalized(absolute)
        }
        guard let schema = try options.declaredSchema(), let name = schema.projectFile else {
            throw CommandFailure("name the project file: prefs-tui trust FILE (or give --suite or --schema of a schema with a \"projectFile\")",
                                 status: ExitStatus.usage)
        }
        guard let found = ProjectLocation.workingFolder.path(for: name) else {
            throw CommandFailure("no \(name.controlCharactersEscaped) in this folder or the folders above it (up to your home folder)",
                                 status: ExitStatus.noInput)
        }
        return found
    }
}
