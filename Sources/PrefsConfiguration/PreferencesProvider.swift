import Configuration
import Foundation
import PrefsModel
import Synchronization

/// A suite's settings as a swift-configuration provider: a program reads them through the same
/// `ConfigReader` as its environment variables and command-line arguments, with its schema's
/// types and rules, the site's defaults and locks, and the same values `prefs-tui get` prints.
///
/// ```swift
/// let config = ConfigReader(providers: [EnvironmentVariablesProvider(), PreferencesProvider(prefs)])
/// let interval = config.int(forKey: "refreshInterval", default: 15)
/// ```
///
/// - Keys: a `ConfigKey`'s components joined with dots name the setting (`"refreshInterval"`,
///   or `"http.timeout"` for a setting of that name). A name the schema does not hold is not
///   found here, and the reader asks the next provider.
/// - Types: bool, int, double and data as themselves; text, a choice (its raw value), a date
///   (ISO 8601), a URL and a path as a string; lists as arrays. One conversion is made: an int
///   (or a list of ints) asked for as a double (or doubles) is given as one where the double
///   holds it exactly, below 2^53, as a framework reads a timeout. Asking for another type, or
///   for a dictionary or custom type, throws ``PreferencesProviderError`` naming the setting.
/// - Defaults: with `defaults: .included` (the default) a setting nobody set is found with its
///   declared default; with `.omitted` it is not found, so the reader's own default or a later
///   provider answers, and "was it given?" can be asked (a framework that listens on a socket
///   unless a port is given).
/// - Secrets: a setting declared with `isSecret: true` is passed on as secret, so the reader's
///   access log redacts it.
/// - Values: read from the store's memory, never from the disk on each call
///   (``fetchValue(forKey:type:)`` reads the suite again). A stored value the setting cannot
///   use reads as its default and is reported once to `onDiagnostic`.
/// - Watching: ``watchValue(forKey:type:updatesHandler:)`` and
///   ``watchSnapshot(updatesHandler:)`` follow the store's own change news (inotify for a
///   suite file: this program's writes and other programs'), without polling: the current value
///   first, then the value as it is after each change, in order. Changes that land together
///   (a write here while another program's is reported) give one update, with the last value.
public final class PreferencesProvider: ConfigProvider, Sendable {
    /// The settings read.
    public let preferences: Preferences
    /// The name swift-configuration's access log gives this provider: `PreferencesProvider[SUITE]`.
    ///
    /// ```swift
    /// PreferencesProvider(prefs).providerName  // "PreferencesProvider[com.example.exporter]"
    /// ```
    public let providerName: String
    private let diagnostics: DiagnosticReporter
    private let defaults: Defaults

    /// Whether settings nobody set are found with their declared defaults.
    ///
    /// ```swift
    /// let config = ConfigReader(providers: [PreferencesProvider(prefs, defaults: .omitted), EnvironmentVariablesProvider()])
    /// ```
    public enum Defaults: Sendable, Hashable {
        /// A setting nobody set is found with its declared default: this provider answers every
        /// setting of the schema. Use it where it is the last word (the usual case).
        case included
        /// Only stored values are found (the user's, the site's, the program's overrides); a
        /// setting nobody set is not found, and the reader's default or a later provider
        /// answers. Use it before other providers, or where "not given" means something.
        case omitted
    }

    /// A provider over `preferences`. `onDiagnostic` hears of each stored value that is
    /// ignored (once per setting and value), and `onProblem` of each file that cannot be read
    /// (the suite's, a site file; once per problem), whose values then read as defaults; by
    /// default both are printed to standard error.
    ///
    /// ```swift
    /// let provider = PreferencesProvider(Preferences(MySettings.schema))
    /// ```
    public init(_ preferences: Preferences, defaults: Defaults = .included,
                onDiagnostic: @escaping @Sendable (PreferenceDiagnostic) -> Void = PreferencesProvider.printDiagnostic,
                onProblem: @escaping @Sendable (String) -> Void = PreferencesProvider.printProblem) {
        self.preferences = preferences
        self.defaults = defaults
        providerName = "PreferencesProvider[\(preferences.schema.suiteName)]"
        diagnostics = DiagnosticReporter(onDiagnostic, problems: onProblem)
    }

    /// The default diagnostic handler: one line on standard error.
    ///
    /// ```swift
    /// PreferencesProvider(prefs, onDiagnostic: PreferencesProvider.printDiagnostic)
    /// ```
    @Sendable public static func printDiagnostic(_ diagnostic: PreferenceDiagnostic) {
        FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
    }

    /// The default handler of a file that cannot be read: one line on standard error.
    ///
    /// ```swift
    /// PreferencesProvider(prefs, onProblem: PreferencesProvider.printProblem)
    /// ```
    @Sendable public static func printProblem(_ problem: String) {
        FileHandle.standardError.write(Data("warning: \(problem)\n".utf8))
    }

    /// The setting's value now, from memory; not found (a nil value) for a name the schema does
    /// not hold or an optional without a value.
    ///
    /// ```swift
    /// try provider.value(forKey: ["quality"], type: .int).value?.content  // .int(85)
    /// ```
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try SettingLookup.lookup(key, type: type, in: preferences.snapshot(), diagnostics: diagnostics, defaults: defaults)
    }

    /// Reads the suite's file again first, for a value newer than the watcher has reported.
    ///
    /// ```swift
    /// let latest = try await provider.fetchValue(forKey: ["quality"], type: .int)
    /// ```
    // `nonisolated(nonsending)`, as the protocol's requirements and their handlers are: they
    // run on the caller's executor, and a plain `async` function type here would not match.
    nonisolated(nonsending) public func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
        (preferences.store as? SuiteStore)?.reload()
        return try value(forKey: key, type: type)
    }

    /// The setting's value now, then the value as it is after each change that moves it, in
    /// order (of changes that land together, the last), until `updatesHandler` returns (its
    /// observer is then released).
    ///
    /// ```swift
    /// try await provider.watchValue(forKey: ["quality"], type: .int) { updates in for await update in updates { print(update) } }
    /// ```
    nonisolated(nonsending) public func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey, type: ConfigType,
        updatesHandler: nonisolated(nonsending) (ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>) async throws -> Return
    ) async throws -> Return {
        let (stream, continuation) = AsyncStream<Result<LookupResult, any Error>>.makeStream()
        let feed = ChangeFeed(continuation) { [self] in Result { try value(forKey: key, type: type) } }
        // Observing before the first value, so no change falls between the two; the feed
        // yields only a value that differs from the last it gave.
        let token = preferences.observeAll { _ in feed.yieldIfChanged() }
        feed.yieldIfChanged()
        defer {
            token.cancel()
            continuation.finish()
        }
        return try await updatesHandler(ConfigUpdatesAsyncSequence(stream))
    }

    /// The settings as they are now, unchanged by later writes.
    ///
    /// ```swift
    /// let frozen = provider.snapshot()
    /// ```
    public func snapshot() -> any ConfigSnapshot {
        ProviderSnapshot(of: preferences, providerName: providerName, diagnostics: diagnostics, defaults: defaults)
    }

    /// A snapshot now, then a new one after each change, in order, until `updatesHandler` returns.
    ///
    /// ```swift
    /// try await provider.watchSnapshot { snapshots in for await snapshot in snapshots { reload(from: snapshot) } }
    /// ```
    nonisolated(nonsending) public func watchSnapshot<Return: ~Copyable>(
        updatesHandler: nonisolated(nonsending) (ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws -> Return
    ) async throws -> Return {
        let (stream, continuation) = AsyncStream<any ConfigSnapshot>.makeStream()
        let gate = Mutex(())
        let next: @Sendable () -> Void = { [self] in gate.withLock { _ in _ = continuation.yield(snapshot()) } }
        let token = preferences.observeAll { _ in next() }
        next()
        defer {
            token.cancel()
            continuation.finish()
        }
        return try await updatesHandler(ConfigUpdatesAsyncSequence(stream))
    }
}

/// Gives a watcher one value per change: the value now, when it differs from the last given.
/// The lock keeps a change reported on another thread from overtaking the first value.
private final class ChangeFeed: Sendable {
    private let continuation: AsyncStream<Result<LookupResult, any Error>>.Continuation
    private let read: @Sendable () -> Result<LookupResult, any Error>
    private let last = Mutex<String?>(nil)

    init(_ continuation: AsyncStream<Result<LookupResult, any Error>>.Continuation,
         read: @escaping @Sendable () -> Result<LookupResult, any Error>) {
        self.continuation = continuation
        self.read = read
    }

    func yieldIfChanged() {
        last.withLock { last in
            let now = read()
            let shown = switch now {
            case .success(let result): "value \(String(describing: result.value?.content))"
            case .failure(let error): "error \(error)"
            }
            guard shown != last else { return }
            last = shown
            continuation.yield(now)
        }
    }
}
