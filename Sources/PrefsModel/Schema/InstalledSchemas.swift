import Foundation

/// Where programs install their schema files, so that any tool finds a suite's settings by its
/// name, as gsettings finds a schema under `glib-2.0/schemas`: `<suite>.json` in
/// `$XDG_DATA_HOME/prefs-tui/schemas` (one user's; default `~/.local/share/prefs-tui/schemas`),
/// then in `prefs-tui/schemas` under each `$XDG_DATA_DIRS` folder (everyone's; default
/// `/usr/local/share:/usr/share`). The first found wins.
///
/// ```swift
/// InstalledSchemas.path(ofSuite: "com.example.backup")  // "/home/ada/.local/share/prefs-tui/schemas/com.example.backup.json"
/// ```
package enum InstalledSchemas {
    /// One installed schema file.
    package struct Entry: Sendable, Hashable {
        /// The suite the file is named for.
        package let suiteName: String
        /// The file.
        package let path: String
        /// The folder it is in.
        package let folder: String
    }

    /// The user's own folder: `$XDG_DATA_HOME/prefs-tui/schemas` (an absolute path), else
    /// `$HOME/.local/share/prefs-tui/schemas`.
    ///
    /// ```swift
    /// InstalledSchemas.userFolder(environment: ["XDG_DATA_HOME": "/tmp/data"])  // "/tmp/data/prefs-tui/schemas"
    /// ```
    package static func userFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        (XDGBaseDirectory.data.path(environment: environment) as NSString).appendingPathComponent(subfolder)
    }

    /// Everyone's folders, highest precedence first: `prefs-tui/schemas` under each absolute
    /// `$XDG_DATA_DIRS` entry (`/usr/local/share:/usr/share` when unset or empty).
    ///
    /// ```swift
    /// InstalledSchemas.systemFolders(environment: [:])  // ["/usr/local/share/prefs-tui/schemas", "/usr/share/prefs-tui/schemas"]
    /// ```
    package static func systemFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var listed = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        if listed.isEmpty { listed = ["/usr/local/share", "/usr/share"] }
        var seen = Set<String>()
        return listed.filter { seen.insert($0).inserted }.map { ($0 as NSString).appendingPathComponent(subfolder) }
    }

    /// Every folder looked in, in order: the user's, then everyone's.
    package static func folders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        [userFolder(environment: environment)] + systemFolders(environment: environment)
    }

    /// The installed schema file of a suite: the first `<suite>.json` found, or nil.
    ///
    /// ```swift
    /// if let path = InstalledSchemas.path(ofSuite: "com.example.backup") { … }
    /// ```
    package static func path(ofSuite suiteName: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard SuiteLocation.isValidSuiteName(suiteName) else { return nil }
        for folder in folders(environment: environment) {
            let path = (folder as NSString).appendingPathComponent(suiteName + ".json")
            // Whatever the name is (a link to nothing, a loop, a FIFO) it is the suite's schema,
            // and reading it says what is wrong: the suite must not silently open with no
            // schema, and so with none of its rules.
            var status = stat()
            if lstat(path, &status) == 0 { return path }
        }
        return nil
    }

    /// Every installed schema file, one per suite (the one that wins), sorted by suite name.
    ///
    /// ```swift
    /// InstalledSchemas.all().map(\.suiteName)  // ["com.example.backup"]
    /// ```
    package static func all(environment: [String: String] = ProcessInfo.processInfo.environment) -> [Entry] {
        var found: [String: Entry] = [:]
        for folder in folders(environment: environment) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasSuffix(".json") {
                let suite = String(name.dropLast(".json".count))
                guard found[suite] == nil, SuiteLocation.isValidSuiteName(suite) else { continue }
                found[suite] = Entry(suiteName: suite, path: (folder as NSString).appendingPathComponent(name), folder: folder)
            }
        }
        return found.values.sorted { $0.suiteName < $1.suiteName }
    }

    static let subfolder = "prefs-tui/schemas"
}

extension PreferenceSchema {
    /// Parts of a schema that a schema file cannot hold, which ``jsonText(dropping:)`` and
    /// ``install(environment:dropping:)`` may leave out when told to (and otherwise refuse).
    ///
    /// ```swift
    /// try schema.install(dropping: .swiftConditions)
    /// ```
    public struct DroppedParts: OptionSet, Sendable {
        /// The set's bits.
        ///
        /// ```swift
        /// PreferenceSchema.DroppedParts.swiftConditions.rawValue  // 1
        /// ```
        public let rawValue: Int
        /// Creates the set from its bits.
        ///
        /// ```swift
        /// PreferenceSchema.DroppedParts(rawValue: 1)  // .swiftConditions
        /// ```
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `inUseWhen` conditions written as Swift closures: the file then shows those
        /// settings as always in use. Declare them with ``PreferenceCondition`` to keep them.
        public static let swiftConditions = DroppedParts(rawValue: 1)
    }

    /// The schema as a schema file holds it (what `prefs-tui schema` prints and `--schema`
    /// reads), with a final line break: the text a program installs. Throws
    /// ``PreferenceError/invalidSchema(location:reason:)`` naming the first setting whose
    /// `inUseWhen` is a Swift closure, which no file can hold (see ``jsonText(dropping:)``).
    ///
    /// ```swift
    /// try schema.jsonText.write(toFile: "backup.json", atomically: true, encoding: .utf8)
    /// ```
    public var jsonText: String {
        get throws { try jsonText(dropping: []) }
    }

    /// The schema file's text, leaving out the parts in `dropping` where the schema has them,
    /// rather than refusing.
    ///
    /// ```swift
    /// let text = try schema.jsonText(dropping: .swiftConditions)
    /// ```
    public func jsonText(dropping: DroppedParts) throws -> String {
        if !dropping.contains(.swiftConditions), let key = keys.first(where: { $0.inUseCondition.map { $0.requirements == nil } ?? false }) {
            throw PreferenceError.invalidSchema(
                location: key.name.quotedForMessage,
                reason: "its inUseWhen condition is a Swift closure, which a schema file cannot hold, so other tools would show "
                    + "the setting as always in use; declare it as data (inUseWhen: .when(…)), or pass dropping: .swiftConditions "
                    + "to leave it out")
        }
        return jsonValue.prettyText + "\n"
    }

    /// Installs this schema for the user (`$XDG_DATA_HOME/prefs-tui/schemas/<suite>.json`), so
    /// `prefs-tui` and any tool find the suite's settings, rules, conditions and titles by its
    /// name; the file is replaced whole or not at all. Returns the file's path. Throws, naming
    /// the setting, where an `inUseWhen` is a Swift closure, unless `dropping` says to leave
    /// such conditions out (``jsonText(dropping:)``). For everyone, a package's installer copies
    /// ``jsonText`` to `/usr/share/prefs-tui/schemas/<suite>.json` instead (or runs
    /// `prefs-tui schema install FILE --system`).
    ///
    /// ```swift
    /// try BackupSettings.schema.install()
    /// ```
    @discardableResult
    public func install(environment: [String: String] = ProcessInfo.processInfo.environment, dropping: DroppedParts = []) throws -> String {
        try install(into: InstalledSchemas.userFolder(environment: environment), dropping: dropping)
    }

    /// Installs this schema into `folder` as `<suite>.json`, making the folder (mode 0755) when
    /// it is missing.
    package func install(into folder: String, dropping: DroppedParts = []) throws -> String {
        let text = try jsonText(dropping: dropping)
        if let problem = SuiteLocation.problem(withSuiteName: suiteName) {
            throw PreferenceError.writeFailed(path: folder, reason: "invalid suite name \(suiteName.debugDescription): \(problem)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
        } catch {
            throw PreferenceError.writeFailed(path: folder, reason: "cannot create the folder")
        }
        let path = (folder as NSString).appendingPathComponent(suiteName + ".json")
        // The old compiled form goes first: were the new one not written, it would be stale.
        unlink(CompiledSchema.path(besideSchemaAt: path))
        // What stands there and is no schema file (a FIFO, a device, a link to nothing or to
        // itself) is replaced, not written into: a FIFO would take the text, or hang the write.
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFDIR {
            var target = stat()
            let isLinkToAFile = status.st_mode & S_IFMT == S_IFLNK && stat(path, &target) == 0 && target.st_mode & S_IFMT == S_IFREG
            if !isLinkToAFile { unlink(path) }
        }
        try OutputFile.write(Data(text.utf8), to: path)
        // Read by everyone, whoever's umask wrote it: other users' tools look it up too.
        chmod(path, 0o644)
        // The compiled form, made from the file as written (a Swift condition it dropped is not
        // in it either), after the mode is set: the change time it records is the file's last.
        // Without one, readers read the JSON: slower, never wrong.
        if let source = CompiledSchema.SourceFacts(ofFileAt: path), let written = try? PreferenceSchema(jsonText: text) {
            try? CompiledSchema.write(for: written, schemaAt: path, madeFrom: source)
        }
        return path
    }
}
