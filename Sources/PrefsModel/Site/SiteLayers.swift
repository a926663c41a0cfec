/// The site's settings at one moment: each site folder's suite file and locked keys, highest
/// precedence first (the order of `$XDG_CONFIG_DIRS`). A value, so a UI can hold it and resolve
/// every setting from it without reading any file (see ``SiteDefaults/layers``).
///
/// ```swift
/// let layers = prefs.site?.layers ?? .none
/// layers.folders.map(\.path)  // ["/etc/xdg/com.example.weather.plist"]
/// ```
public struct SiteLayers: Sendable, Equatable {
    /// One site folder's part.
    ///
    /// ```swift
    /// folder.values["city"]  // .string("Bergen")
    /// ```
    public struct Folder: Sendable, Equatable {
        /// The folder's suite file (`/etc/xdg/<suite>.plist`), whether or not it exists.
        public let path: String
        /// The folder's locks file (`/etc/xdg/<suite>.locks`): one key a line, `#` starts a comment.
        public let locksPath: String
        /// The values of its suite file.
        public var values: [String: PlistValue]
        /// The keys its locks file lists.
        public var locked: Set<String>
        /// Why its suite file cannot be read, or nil.
        public var loadProblem: String?
        /// Why its locks file cannot be read (whole), or nil.
        public var locksProblem: String?

        /// Makes a folder's layer.
        ///
        /// ```swift
        /// SiteLayers.Folder(path: "/etc/xdg/s.plist", locksPath: "/etc/xdg/s.locks", values: [:], locked: [])
        /// ```
        package init(path: String, locksPath: String, values: [String: PlistValue], locked: Set<String>,
                    loadProblem: String? = nil, locksProblem: String? = nil) {
            self.path = path
            self.locksPath = locksPath
            self.values = values
            self.locked = locked
            self.loadProblem = loadProblem
            self.locksProblem = locksProblem
        }
    }

    /// The folders, highest precedence first.
    public var folders: [Folder]
    /// The project's file, when one is found and trusted: above the user's file, below this
    /// run's overrides and the locks.
    public var project: ProjectValues?
    /// Why a project file found is not applied (not trusted, changed since, refused), in one
    /// line with the command that trusts it; nil when none is found or it applies. One of
    /// ``problems``, so every view that says the site's problems says it too, as it happens.
    package var projectProblem: String?

    /// Makes layers from folders, highest precedence first.
    ///
    /// ```swift
    /// SiteLayers(folders: [])
    /// ```
    package init(folders: [Folder]) {
        self.folders = folders
    }

    /// No site layers: every setting comes from the user's file or its default.
    public static let none = SiteLayers(folders: [])

    /// These layers with the project's file as given (nil: none), and why a file found is not
    /// applied (nil: it is, or none was found).
    package func withProject(_ project: ProjectValues?, problem: String? = nil) -> SiteLayers {
        var layers = self
        layers.project = project
        layers.projectProblem = problem
        return layers
    }

    /// These layers with the project file's layer as it stands now.
    package func withProject(_ file: ProjectFile) -> SiteLayers {
        withProject(file.values, problem: file.layerProblem)
    }

    /// The site files' problems, one line each: a suite file or a locks file that cannot be read.
    ///
    /// ```swift
    /// layers.problems  // ["site file: cannot read /etc/xdg/s.plist: …"]
    /// ```
    package var problems: [String] {
        folders.flatMap { folder in
            [folder.loadProblem.map { "site file: \($0)" }, folder.locksProblem].compactMap { $0 }
        } + (projectProblem.map { [$0] } ?? []) + (project.map { project in
            project.unknown.map { "\(SettingWords.projectFile(project.path)): \($0)" }
        } ?? [])
    }

    /// The names of every key some folder sets or locks.
    ///
    /// ```swift
    /// layers.keyNames  // ["city", "refreshInterval"]
    /// ```
    package var keyNames: Set<String> {
        folders.reduce(into: Set(project?.values.keys ?? [:].keys)) { names, folder in
            names.formUnion(folder.values.keys)
            names.formUnion(folder.locked)
        }
    }

    /// The folder whose locks file locks the setting, the highest one if several do: under its
    /// name or under any of its old names, so that a locks file written for the program's
    /// earlier version keeps locking (as site values under old names keep applying). The one
    /// answer to "is it locked" behind every read, write, reset, rename, migration and import,
    /// the editor and the plain mode.
    package func lockingFolder(of key: AnyPreferenceKey) -> Int? {
        if key.renamedFrom.isEmpty { return folders.firstIndex { $0.locked.contains(key.name) } }
        return folders.firstIndex { folder in folder.locked.contains(key.name) || key.renamedFrom.contains { folder.locked.contains($0) } }
    }

    /// The folder that locks what is stored under `name`: the setting it belongs to (by its
    /// name or an old one, see ``lockingFolder(of:)``), or for a name that is no setting of
    /// `schema` (or without one), that name itself.
    package func lockingFolder(ofStored name: String, in schema: PreferenceSchema?) -> Int? {
        if let key = schema?.setting(storedUnder: name) { return lockingFolder(of: key) }
        return folders.firstIndex { $0.locked.contains(name) }
    }

    /// The refusal of a write of these stored names when the site locks one (the first, in name
    /// order), naming the setting by its current name, or nil: the one check behind every
    /// write, reset and rename.
    package func lockRefusal(of names: some Sequence<String>, in schema: PreferenceSchema) -> PreferenceError? {
        for name in names.sorted() {
            if let folder = lockingFolder(ofStored: name, in: schema) {
                return .locked(key: schema.setting(storedUnder: name)?.name ?? name, lockFile: folders[folder].locksPath)
            }
        }
        return nil
    }

    /// The first usable site value for the key from folder `start` down, with its file.
    private func siteValue(of key: AnyPreferenceKey, from start: Int) -> (value: PlistValue, path: String)? {
        for folder in folders[start...] {
            if let value = Self.value(of: key, in: folder), key.problem(with: value) == nil { return (value, folder.path) }
        }
        return nil
    }

    /// A site file's value for the key as the user's file is read: under its own name (converted
    /// when it is of the key's old type), or else under one of its old names, so an
    /// administrator's file written for the program's earlier version keeps applying.
    private static func value(of key: AnyPreferenceKey, in folder: Folder) -> PlistValue? {
        if key.renamedFrom.isEmpty && !key.hasConversion { return folder.values[key.name] }
        return PreferenceSchema.userValue(of: key) { folder.values[$0] }
    }

    /// The value in effect for the key and its source, given the user's stored value and an
    /// override: a lock first, then the override, the user's value, the site folders in order,
    /// the registered default. A value of any layer that the key's type or rule refuses is
    /// skipped (`Preferences.diagnostics(of:)` says why).
    ///
    /// ```swift
    /// layers.resolve(city, user: nil, userPath: path).source  // .site(path: "/etc/xdg/….plist")
    /// ```
    package func resolve(_ key: AnyPreferenceKey, user: PlistValue?, userPath: String, override: PlistValue? = nil) -> PreferenceResolution {
        if let lockIndex = lockingFolder(of: key) {
            let site = siteValue(of: key, from: lockIndex)
            return PreferenceResolution(stored: site?.value, source: .locked(lockFile: folders[lockIndex].locksPath, valueFile: site?.path))
        }
        if let override, key.problem(with: override) == nil { return PreferenceResolution(stored: override, source: .override) }
        if let project, let value = project.value(of: key), project.refusal(of: key) == nil, key.problem(with: value) == nil {
            return PreferenceResolution(stored: value, source: .project(path: project.path))
        }
        if let user, key.problem(with: user) == nil { return PreferenceResolution(stored: user, source: .user(path: userPath)) }
        if let site = siteValue(of: key, from: 0) { return PreferenceResolution(stored: site.value, source: .site(path: site.path)) }
        return PreferenceResolution(stored: nil, source: .registeredDefault)
    }

    /// The stored value in effect, as ``resolve(_:user:userPath:override:)`` gives it, without
    /// its source: for a key no site folder sets or locks, and no override, the user's value as
    /// it is (the key's decoding reads an unusable one as the default), with no check here.
    /// Reads of large suites pay nothing for site folders that do not mention their keys.
    package func effectiveStored(_ key: AnyPreferenceKey, user: PlistValue?, override: PlistValue?) -> PlistValue? {
        if override == nil, project?.value(of: key) == nil, !folders.contains(where: { Self.value(of: key, in: $0) != nil }), lockingFolder(of: key) == nil { return user }
        return resolve(key, user: user, userPath: "", override: override).stored
    }

    /// What the key reads without the user's file and without overrides: what a reset gives.
    ///
    /// ```swift
    /// layers.fallback(for: city).stored  // .string("Bergen"), the site's
    /// ```
    package func fallback(for key: AnyPreferenceKey) -> PreferenceResolution {
        var below = self
        below.project = nil
        return below.resolve(key, user: nil, userPath: "")
    }

    /// Every layer's part in the key's value, highest first, the one in effect marked: for a
    /// person asking why a setting has its value (`prefs-tui get --explain`).
    ///
    /// ```swift
    /// for layer in layers.explanation(of: city, user: stored, userPath: path) { print(layer) }
    /// ```
    package func explanation(of key: AnyPreferenceKey, user: PlistValue?, userPath: String,
                             override: PlistValue? = nil) -> [PreferenceLayerValue] {
        let winner = resolve(key, user: user, userPath: userPath, override: override)
        var layers: [PreferenceLayerValue] = []
        func add(_ source: PreferenceSource, _ value: PlistValue?, unreadable: String? = nil) {
            let problem = value.flatMap { key.problem(with: $0) } ?? unreadable.map { "the file cannot be read: \($0)" }
            let wins: Bool
            switch winner.source {
            case .locked(_, let valueFile): wins = source == (valueFile.map { .site(path: $0) } ?? .registeredDefault)
            default: wins = source == winner.source
            }
            layers.append(PreferenceLayerValue(source: source, value: value, problem: problem, wins: wins && problem == nil, locks: nil,
                                               isSecret: key.isSecret))
        }
        if let lockIndex = lockingFolder(of: key) {
            layers.append(PreferenceLayerValue(source: .locked(lockFile: folders[lockIndex].locksPath, valueFile: nil),
                                               value: nil, problem: nil, wins: false, locks: folders[lockIndex].locksPath,
                                               isSecret: key.isSecret))
        }
        if let override { add(.override, override) }
        if let project {
            let source = PreferenceSource.project(path: project.path)
            if let refusal = project.refusal(of: key), let value = project.value(of: key) {
                layers.append(PreferenceLayerValue(source: source, value: value, problem: refusal, wins: false, locks: nil, isSecret: key.isSecret))
            } else {
                add(source, project.value(of: key), unreadable: project.unreadable[key.name])
            }
        }
        add(.user(path: userPath), user)
        for folder in folders { add(.site(path: folder.path), Self.value(of: key, in: folder), unreadable: folder.loadProblem) }
        add(.registeredDefault, nil)
        return layers
    }

    /// The site files' and the project file's values the key refuses, each skipped for the key.
    package func diagnostics(of key: AnyPreferenceKey) -> [PreferenceDiagnostic] {
        var found: [PreferenceDiagnostic] = []
        if let project {
            let shown = project.value(of: key).map { key.shownSummary(of: $0) } ?? project.unreadable[key.name].map { _ in "a value" }
            let reason = project.refusal(of: key) ?? project.value(of: key).flatMap { key.problem(with: $0) } ?? project.unreadable[key.name]
            if let shown, let reason {
                var diagnostic = PreferenceDiagnostic(key: key.name, storedValue: shown, reason: reason, file: project.path)
                diagnostic.isProjectFile = true
                found.append(diagnostic)
            }
        }
        return found + folders.compactMap { folder in
            guard let value = folder.values[key.name], let reason = key.problem(with: value) else { return nil }
            return PreferenceDiagnostic(key: key.name, storedValue: key.shownSummary(of: value), reason: reason, file: folder.path)
        }
    }
}

/// A setting's value in effect and where it comes from (``Preferences/resolution(of:)``).
///
/// ```swift
/// let resolution = prefs.resolution(of: PreferenceKeys.city)
/// resolution.stored  // .string("Bergen"); nil means the registered default
/// ```
public struct PreferenceResolution: Sendable, Equatable {
    /// The stored value in effect, from whichever layer; nil for the registered default.
    public let stored: PlistValue?
    /// Where it comes from.
    public let source: PreferenceSource
}

/// One layer's part in a setting's value (``Preferences/explanation(of:)``).
///
/// ```swift
/// layer.wins  // true for the layer whose value is in effect
/// ```
public struct PreferenceLayerValue: Sendable, Equatable {
    /// The layer.
    public let source: PreferenceSource
    /// What the layer holds for the key; nil when it holds nothing (for the registered default: always nil).
    public let value: PlistValue?
    /// Why the layer's value is skipped (wrong type, against the rule), or nil.
    public let problem: String?
    /// Whether this layer gives the value in effect.
    public let wins: Bool
    /// For the lock's line: the locks file that locks the key.
    public let locks: String?
    /// Whether the key is a secret: printed or dumped, the value is then only said to be set.
    let isSecret: Bool
}

extension PreferenceLayerValue: CustomStringConvertible, CustomReflectable {
    /// The layer in words, a secret's value only said to be set.
    ///
    /// ```swift
    /// print(prefs.explanation(of: PreferenceKeys.city)[0])  // user (…/com.example.weather.plist): "Bergen", in effect
    /// ```
    public var description: String {
        var text = "\(source): \(shownValue)"
        if let problem { text += " (skipped: \(problem))" }
        if wins { text += ", in effect" }
        return text
    }

    /// What `dump()` shows: the same fields, the value of a secret redacted.
    ///
    /// ```swift
    /// dump(prefs.explanation(of: PreferenceKeys.city))
    /// ```
    public var customMirror: Mirror {
        Mirror(self, children: ["source": source, "value": shownValue, "problem": problem as Any, "wins": wins, "locks": locks as Any],
               displayStyle: .struct)
    }

    private var shownValue: String {
        guard let value else { return "nothing" }
        return isSecret ? SecretValues.state(isSet: true) : value.summary.controlCharactersEscaped
    }
}
