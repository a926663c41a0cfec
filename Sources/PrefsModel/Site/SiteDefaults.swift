import Foundation

/// The settings an administrator gives everyone: each folder of `$XDG_CONFIG_DIRS` (default
/// `/etc/xdg`) may hold the suite's file (`<suite>.plist`, the same format as the user's) and a
/// locks file (`<suite>.locks`, one key a line). Read-only: nothing here is ever written.
///
/// Values come below the user's own file, in the folders' order; a locked key reads the site's
/// value whatever the user's file holds, and cannot be written (``PreferenceError/locked(key:lockFile:)``).
/// The files are watched: an administrator's edit reaches the program's observers and its open
/// editor like any other change, also for a file, or a whole site folder, created after the
/// program started.
///
/// ```swift
/// let site = SiteDefaults(suiteName: "com.example.weather")   // folders from $XDG_CONFIG_DIRS
/// let prefs = Preferences(store: SuiteStore(suiteName: "com.example.weather"), schema: schema, site: site)
/// prefs.source(of: PreferenceKeys.city)  // .site(path: "/etc/xdg/com.example.weather.plist")
/// ```
public final class SiteDefaults: Sendable {
    /// The suite.
    public let suiteName: String
    /// The site folders, highest precedence first: each is read whenever it exists and, when
    /// watching, watched also while it does not, so that a folder created later (a package
    /// that installs its site defaults) takes effect at once.
    public let folders: [String]

    private let stores: [SuiteStore]
    private let locks: [SiteLocks]
    private let current: Locked<SiteLayers>
    private let handlers = HandlerRegistry<SiteChange>()
    private let tokens = Locked<[ObservationToken]>([])

    /// A change of the site's layers: the keys whose site values or locks changed, and the
    /// layers before and after.
    struct SiteChange: Sendable {
        let names: Set<String>
        let before: SiteLayers
        let after: SiteLayers
    }

    /// The site's settings for a suite. `folders` defaults to ``folders(fromEnvironment:)``;
    /// relative paths are left out, as the XDG specification says.
    ///
    /// ```swift
    /// SiteDefaults(suiteName: "com.example.weather", folders: ["/etc/xdg"], watchForChanges: false)
    /// ```
    public init(suiteName: String, folders: [String]? = nil, watchForChanges: Bool = true) {
        self.suiteName = suiteName
        // The same folder spelled twice (`/etc/xdg/`, `/etc//xdg`) is read once, where it first comes.
        var seen = Set<String>()
        let listed = (folders ?? Self.folders(fromEnvironment: ProcessInfo.processInfo.environment))
            .filter { $0.hasPrefix("/") }
            .map { ($0 as NSString).standardizingPath }
            .filter { seen.insert($0).inserted }
        self.folders = listed
        stores = listed.map { SuiteStore(suiteName: suiteName, directory: $0, watchForChanges: watchForChanges) }
        locks = listed.map { SiteLocks(path: ($0 as NSString).appendingPathComponent(suiteName + ".locks")) }
        current = Locked(.none)
        current.withLock { $0 = readLayers() }
        guard watchForChanges else { return }
        let watches = stores.map { store in
            store.addChangeHandler { [weak self] batch in self?.refresh(Set(batch.changes.map(\.key))) }
        }
        tokens.withLock { $0 = watches }
        for lock in locks {
            lock.startWatching { [weak self] names in self?.refresh(names) }
        }
    }

    /// The site as it was at one moment, never read or watched again: what a snapshot of the
    /// settings reads (PrefsConfiguration's), so that it does not change after it was taken.
    package init(frozen layers: SiteLayers, suiteName: String) {
        self.suiteName = suiteName
        folders = layers.folders.map { ($0.path as NSString).deletingLastPathComponent }
        stores = []
        locks = []
        current = Locked(layers)
    }

    /// The site folders `$XDG_CONFIG_DIRS` names, as the XDG base directory specification reads
    /// it: colon-separated, absolute paths only, `/etc/xdg` when unset or empty.
    ///
    /// ```swift
    /// SiteDefaults.folders(fromEnvironment: ["XDG_CONFIG_DIRS": "/etc/acme:/etc/xdg"])  // ["/etc/acme", "/etc/xdg"]
    /// ```
    public static func folders(fromEnvironment environment: [String: String]) -> [String] {
        let listed = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        var seen = Set<String>()
        let folders = listed.filter { seen.insert($0).inserted }
        return folders.isEmpty ? ["/etc/xdg"] : folders
    }

    /// The site's values and locks now.
    ///
    /// ```swift
    /// site.layers.folders.first?.values["city"]  // .string("Bergen")
    /// ```
    public var layers: SiteLayers { current.withLock { $0 } }

    /// The layers with every locks file read again now: what a write checks, so that a lock
    /// on disk is enforced even where a change went unseen (a watch that missed it, or none).
    func layersWithLocksReadNow() -> SiteLayers {
        let stale = locks.contains { lock in lock.readAgain() }
        if stale { refresh(Set(layers.keyNames)) }
        return layers
    }

    /// Calls `handler` after each change of the site's files, with the keys it touched.
    func addChangeHandler(_ handler: @escaping @Sendable (SiteChange) -> Void) -> ObservationToken {
        handlers.add(handler)
    }

    /// The layers of the folders that exist now: a folder created since the last look joins
    /// them, one removed leaves them.
    private func readLayers() -> SiteLayers {
        SiteLayers(folders: zip(zip(folders, stores), locks).compactMap { listed, lock in
            let (folder, store) = listed
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { return nil }
            return SiteLayers.Folder(path: store.path, locksPath: lock.path, values: store.storedValues(),
                                     locked: lock.locked, loadProblem: store.loadProblem, locksProblem: lock.problem)
        })
    }

    private func refresh(_ names: Set<String>) {
        let (before, after) = current.withLock { layers in
            let before = layers
            layers = readLayers()
            return (before, layers)
        }
        if !names.isEmpty || before != after { handlers.notify(SiteChange(names: names, before: before, after: after)) }
    }
}
