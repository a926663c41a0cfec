/// One ordered step of a schema's migration, for what a rename or a conversion cannot say (a
/// value split in two, a unit changed, a setting that now depends on another). Each step brings
/// a suite to its `version`; a suite runs the steps after the version it records, in order, in
/// one commit under the suite's lock, and records a version only once its step has succeeded.
///
/// A step runs only inside the commit that records it (``Preferences/migrate()`` or the first
/// write), once per such commit, never for a read (``Preferences/migrationPlan()`` and
/// diagnostics list a step that is due without running it). It may read and change the suite's
/// values through the transaction, and throw; it should do nothing else: a commit that then
/// fails (a full disk) writes nothing, and the next write runs the step again. It cannot change a
/// setting the site locks: that change is left out and the value stays as it was.
///
/// ```swift
/// MigrationStep(to: 2) { suite in   // refreshSeconds became refreshInterval, in minutes
///     if case .int(let seconds)? = suite["refreshSeconds"] {
///         suite["refreshInterval"] = .int(seconds / 60)
///         suite["refreshSeconds"] = nil
///     }
/// }
/// ```
public struct MigrationStep: Sendable {
    /// The schema version the suite is at once this step has run.
    public let version: Int
    let body: @Sendable (inout MigrationTransaction) throws -> Void

    /// A step to `version` (1 or more). The closure reads and changes the suite's stored values
    /// through the transaction; throwing stops the migration before this step, with nothing of it
    /// written and the suite left at the version before it.
    ///
    /// ```swift
    /// MigrationStep(to: 3) { suite in suite["legacyCache"] = nil }
    /// ```
    public init(to version: Int, _ body: @escaping @Sendable (inout MigrationTransaction) throws -> Void) {
        self.version = version
        self.body = body
    }
}
