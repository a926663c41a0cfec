import Foundation

/// Where a program looks for its project settings: the file its schema names
/// (``PreferenceSchema/projectFile``), found from a folder upward, a file given outright, or none.
///
/// ```swift
/// let prefs = Preferences(schema, project: .search(from: "/home/ada/src/site"))
/// ```
///
/// The search looks in the folder and then each folder above it; the first that holds the file
/// wins, as EditorConfig's and npm's do. It stops below the user's home folder (the user's own
/// settings are the layer under a project's), at a mount point (another file system), and at `/`.
public enum ProjectLocation: Sendable, Hashable {
    /// The project file found from this folder upward.
    case search(from: String)
    /// This file, wherever it is (it need not exist yet).
    case file(String)
    /// No project layer.
    case none

    /// The search from the working folder: what ``Preferences/init(_:directory:siteFolders:project:)`` uses.
    ///
    /// ```swift
    /// Preferences(schema, project: .workingFolder)
    /// ```
    public static var workingFolder: ProjectLocation { .search(from: FileManager.default.currentDirectoryPath) }

    /// The project file this location names for a schema whose project file is `fileName`, or
    /// nil when there is none (no file found, or `.none`).
    ///
    /// ```swift
    /// ProjectLocation.search(from: "/home/ada/src/site/docs").path(for: ".backup-tool.json")  // "/home/ada/src/site/.backup-tool.json"
    /// ```
    package func path(for fileName: String, home: String = NSHomeDirectory()) -> String? {
        switch self {
        case .none: return nil
        case .file(let path):
            return Self.normalized(path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path))
        case .search(let start):
            return Self.search(fileName, from: start, home: home)
        }
    }

    /// An absolute path with `.`, `..` and doubled slashes worked out by its names alone, never
    /// through a link (`standardizingPath` resolves links on Linux): the path a project file is
    /// trusted, refused and named by.
    package static func normalized(_ path: String) -> String { FileChangeMonitor.lexicallyNormalized(path) }

    /// The first folder from `start` upward that holds `fileName` (by `lstat`: a link is found,
    /// and then refused when read), stopping below `home`, at another file system and after `/`.
    private static func search(_ fileName: String, from start: String, home: String) -> String? {
        var folder = (start.hasPrefix("/") ? start : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(start))
        folder = normalized(folder)
        let home = normalized(home)
        var info = stat()
        guard stat(folder, &info) == 0 else { return nil }
        let device = info.st_dev
        while true {
            if folder == home { return nil }
            let candidate = (folder as NSString).appendingPathComponent(fileName)
            if lstat(candidate, &info) == 0 { return candidate }
            if folder == "/" { return nil }
            let parent = (folder as NSString).deletingLastPathComponent
            // A mount point: the folder above is on another file system (a USB disk, a network
            // share mounted inside a project is not the project's).
            guard stat(parent, &info) == 0, info.st_dev == device else { return nil }
            folder = parent
        }
    }
}

/// The project layer as it stands: which file, whether its values apply, and if not, why
/// (``Preferences/projectLayer``).
///
/// ```swift
/// if let project = prefs.projectLayer, !project.isTrusted { print(project.problem ?? "") }
/// ```
public struct ProjectLayerStatus: Sendable, Hashable, CustomStringConvertible {
    /// The project file.
    public let path: String
    /// Whether the file is trusted as it is now, so that its values apply.
    public let isTrusted: Bool
    /// Why its values do not apply (not trusted, changed since trusted, owned by another user,
    /// in a folder others can write, unreadable), or nil when they do.
    public let problem: String?
    /// The command that trusts the file, where trusting it would make it apply; nil otherwise.
    public let trustCommand: String?

    /// The status in one line: `project file PATH: not trusted; run: prefs-tui trust PATH`.
    ///
    /// ```swift
    /// print(prefs.projectLayer?.description ?? "no project file")
    /// ```
    public var description: String {
        guard let problem else { return "\(SettingWords.projectFile(path)): trusted" }
        return "\(SettingWords.projectFile(path)): \(problem)" + (trustCommand.map { "; run: \($0)" } ?? "")
    }
}
