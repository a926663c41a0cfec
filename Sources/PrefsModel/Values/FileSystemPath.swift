import Foundation

/// A file-system path setting's value: stored as the plain path string other programs read
/// (`/home/ada/Pictures/export`, where a URL would store `file:///…`), shown as stored. Typed
/// text may start with `~` or `~/`, which stands for the home folder (`$HOME`). Rules say
/// what the path must be: ``PreferenceRule/absolutePath``, ``PreferenceRule/folder``,
/// ``PreferenceRule/existingFolder``.
///
/// ```swift
/// static let outputFolder = PreferenceKey<FileSystemPath>("outputFolder", default: "~/Pictures/export", rule: .folder)
/// prefs[.outputFolder].string  // "/home/ada/Pictures/export"
/// ```
public struct FileSystemPath: PreferenceValue, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path, as stored.
    public let string: String
    /// The path as it was written, `~` unexpanded: what a schema file says of a default, so
    /// that each user who reads the file gets their own home folder, not the packager's.
    package let written: String

    /// A path as it is written (`~`, `~/…` and `~user/…` are expanded, as when typed; a `~user`
    /// of no user of this system is kept as written).
    ///
    /// ```swift
    /// FileSystemPath("/var/tmp").string  // "/var/tmp"
    /// ```
    public init(_ string: String) {
        self.string = Self.expandingHome(string) ?? string
        written = string
    }

    public init(stringLiteral value: String) { self.init(value) }

    public static var preferenceType: PreferenceType { .path }

    /// What a path setting may hold, for messages.
    static let allowedText = "a path such as /srv/data, ~/Pictures or ~ada/Pictures (not empty, no control characters)"

    /// Reads a stored path: text that is not empty and holds no NUL (which no path can).
    public init?(storedValue: PlistValue) {
        guard case .string(let text) = storedValue, Self.isPath(text) else { return nil }
        string = text
        written = text
    }

    public var storedValue: PlistValue? { .string(string) }

    /// Takes a path as typed, `~` and `~/…` expanded to the home folder and `~user/…` to that
    /// user's, as a shell does; spaces around it are part of no path and are dropped. A `~user`
    /// of no user of this system is refused: kept as written it was a relative path.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingSpaces
        guard Self.isPath(trimmed), !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PreferenceError.invalidValue(key: nil, value: text, allowed: Self.preferenceType.textForm)
        }
        guard let expanded = Self.expandingHome(trimmed) else {
            let user = trimmed.dropFirst().prefix { $0 != "/" }
            throw PreferenceError.invalidValue(
                key: nil, value: text, allowed: Self.allowedText + "; there is no user \(String(user).quotedForMessage) on this system")
        }
        string = expanded
        written = trimmed
    }

    /// Two paths are equal when they name the same place, however they were written.
    ///
    /// ```swift
    /// FileSystemPath("~/a") == FileSystemPath(NSHomeDirectory() + "/a")  // true
    /// ```
    public static func == (lhs: FileSystemPath, rhs: FileSystemPath) -> Bool { lhs.string == rhs.string }

    /// Hashes the path it names, as `==` compares it.
    ///
    /// ```swift
    /// Set([FileSystemPath("~/a"), FileSystemPath(NSHomeDirectory() + "/a")]).count  // 1
    /// ```
    public func hash(into hasher: inout Hasher) { hasher.combine(string) }

    public var formatted: String { string }
    public var description: String { string }

    /// Whether it starts at the root (`/`).
    public var isAbsolute: Bool { string.hasPrefix("/") }

    /// The path as a file URL.
    ///
    /// ```swift
    /// FileManager.default.createFile(atPath: prefs[.outputFolder].url.appendingPathComponent("a.jpg").path, contents: nil)
    /// ```
    public var url: URL { URL(fileURLWithPath: string) }

    private static func isPath(_ text: String) -> Bool { !text.isEmpty && !text.utf8.contains(0) }

    /// `~` and `~/…` with the home folder (`$HOME`, else the user database's), `~user` and
    /// `~user/…` with that user's home folder from the user database; other text as it is. Nil
    /// for a `~user` the user database does not know.
    private static func expandingHome(_ text: String) -> String? {
        guard text.hasPrefix("~") else { return text }
        let user = text.dropFirst().prefix { $0 != "/" }
        let rest = text.dropFirst(1 + user.count)
        let home: String
        if user.isEmpty {
            home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        } else {
            guard let found = UserDatabase.homeFolder(of: String(user)) else { return nil }
            home = found
        }
        let base = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
        return base + rest
    }
}

/// What a path must be, as a rule says it.
public enum PathRequirement: String, Sendable, Hashable, CaseIterable {
    /// Any absolute path.
    case absolute
    /// An absolute path that is a folder, or nothing yet (a program may create it).
    case folder
    /// The absolute path of a folder that exists.
    case existingFolder = "existing folder"

    /// What the rule allows, in words.
    var allowedText: String {
        switch self {
        case .absolute: "an absolute path (starting with / or ~)"
        case .folder: "an absolute path (starting with / or ~) that is a folder or does not exist yet"
        case .existingFolder: "the absolute path (starting with / or ~) of an existing folder"
        }
    }

    /// Whether `path` meets the requirement, looking at the file system where it must.
    func allows(_ path: String) -> Bool { refusal(of: path) == nil }

    /// What is allowed instead of `path`, with why it is not, or nil when it meets the requirement.
    func refusal(of path: String) -> String? {
        guard path.hasPrefix("/") else { return allowedText }
        if self == .absolute { return nil }
        switch FolderPossibility(of: path) {
        case .folder: return nil
        case .absent where self == .folder: return nil
        case .absent: return allowedText + " (\(path.quotedForMessage) does not exist)"
        case .cannotBe(let why): return allowedText + " (\(why))"
        case .unknown: return self == .folder ? nil : allowedText
        }
    }
}

extension PreferenceRule where Value == FileSystemPath {
    /// An absolute path.
    ///
    /// ```swift
    /// PreferenceKey<FileSystemPath>("socket", default: "/run/app.sock", rule: .absolutePath)
    /// ```
    public static var absolutePath: PreferenceRule { path(.absolute) }

    /// An absolute path that is a folder, or nothing yet.
    ///
    /// ```swift
    /// PreferenceKey<FileSystemPath>("outputFolder", default: "~/Pictures/export", rule: .folder)
    /// ```
    public static var folder: PreferenceRule { path(.folder) }

    /// The absolute path of a folder that exists.
    ///
    /// ```swift
    /// PreferenceKey<FileSystemPath>("library", default: "~/Music", rule: .existingFolder)
    /// ```
    public static var existingFolder: PreferenceRule { path(.existingFolder) }

    private static func path(_ requirement: PathRequirement) -> PreferenceRule {
        PreferenceRule(description: .path(requirement)) { (path: FileSystemPath) -> String? in requirement.refusal(of: path.string) }
    }
}
