import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One project file as a layer of settings: read only while the person trusts its content
/// (``ProjectTrust``), refused outright when it is owned by another user or sits in a folder
/// others can write (a shared `/tmp` checkout), and watched, so that a `git checkout` that
/// changes it reaches the program's observers and its open editor like any other change.
package final class ProjectFile: Sendable {
    /// The file.
    package let path: String
    private let schema: PreferenceSchema
    private let trust: ProjectTrust
    private let current: Locked<State>
    private let handlers = HandlerRegistry<Change>()
    private let tokens = Locked<[ObservationToken]>([])

    /// The largest project file read: settings a person reviews, not data.
    package static let sizeLimit = 1 << 20

    struct State: Equatable {
        var status: ProjectLayerStatus
        var values: ProjectValues?
        /// The digest of the content as last read, for `trust`.
        var digest: String?

        /// The status as a layer's problem: nil when the values apply.
        var layerProblem: String? { status.problem == nil ? nil : status.description }
    }

    /// The layer before and after a change of the file or of its trust.
    struct Change: Sendable {
        let before: ProjectValues?
        let after: ProjectValues?
        /// Why the file does not apply now (nil: it does).
        let afterProblem: String?

        /// The settings whose project value may have changed.
        var names: Set<String> {
            Set(before?.values.keys ?? [:].keys).union(after?.values.keys ?? [:].keys)
                .union(before?.unreadable.keys ?? [:].keys).union(after?.unreadable.keys ?? [:].keys)
        }
    }

    /// The project file at `path` for `schema`'s settings.
    package init(path: String, schema: PreferenceSchema, trust: ProjectTrust = ProjectTrust(), watchForChanges: Bool = true) {
        self.path = path
        self.schema = schema
        self.trust = trust
        current = Locked(Self.read(path: path, schema: schema, trust: trust))
        guard watchForChanges else { return }
        let monitor = FileChangeMonitor.shared
        let file = monitor.watch(directory: (path as NSString).deletingLastPathComponent, fileName: (path as NSString).lastPathComponent) {
            [weak self] in self?.refresh()
        }
        // `prefs-tui trust` in another terminal applies the file to an editor already open.
        let record = monitor.watch(directory: (trust.path as NSString).deletingLastPathComponent,
                                   fileName: (trust.path as NSString).lastPathComponent) { [weak self] in self?.refresh() }
        tokens.withLock { $0 = [file, record] }
    }

    /// Whether the file is trusted, and if its values do not apply, why.
    package var status: ProjectLayerStatus { current.withLock { $0.status } }

    /// Why its values do not apply, in one line with the command that trusts it (a layer's
    /// problem), or nil when they do.
    package var layerProblem: String? { current.withLock { $0.layerProblem } }

    /// Its values, when they apply (trusted, readable); nil otherwise.
    package var values: ProjectValues? { current.withLock { $0.values } }

    /// The digest of its content as last read (nil: no file, or one refused before reading).
    package var digest: String? { current.withLock { $0.digest } }

    /// Calls `handler` after each change of the layer.
    func addChangeHandler(_ handler: @escaping @Sendable (Change) -> Void) -> ObservationToken {
        handlers.add(handler)
    }

    /// Reads the file and its trust again now (after `trust`, or a write of the file by this process).
    package func refresh() {
        let fresh = Self.read(path: path, schema: schema, trust: trust)
        let before = current.withLock { state in
            defer { state = fresh }
            return state
        }
        if before != fresh {
            handlers.notify(Change(before: before.values, after: fresh.values, afterProblem: fresh.layerProblem))
        }
    }

    /// The file's state now: its bytes checked and read, its trust looked up, its values converted.
    static func read(path: String, schema: PreferenceSchema, trust: ProjectTrust) -> State {
        func refused(_ problem: String, digest: String? = nil, trusted: Bool = false) -> State {
            State(status: ProjectLayerStatus(path: path, isTrusted: trusted, problem: problem, trustCommand: nil), values: nil, digest: digest)
        }
        let bytes: [UInt8]
        switch ProjectFileBytes.read(path) {
        case .missing: return refused("no such file")
        case .refused(let problem): return refused(problem)
        case .read(let read): bytes = read
        }
        let digest = SHA256.hex(of: bytes)
        guard let recorded = trust.digest(of: path) else {
            return State(status: ProjectLayerStatus(path: path, isTrusted: false, problem: "not trusted, so ignored",
                                                    trustCommand: SettingWords.trustCommand(path)), values: nil, digest: digest)
        }
        guard recorded == digest else {
            return State(status: ProjectLayerStatus(path: path, isTrusted: false, problem: "changed since you trusted it, so ignored",
                                                    trustCommand: SettingWords.trustCommand(path)), values: nil, digest: digest)
        }
        switch ProjectFileContent.values(of: bytes, path: path, schema: schema) {
        case .failure(let problem): return refused(problem.description, digest: digest, trusted: true)
        case .success(let values):
            return State(status: ProjectLayerStatus(path: path, isTrusted: true, problem: nil, trustCommand: nil), values: values, digest: digest)
        }
    }
}
