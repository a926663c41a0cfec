/// Where a change came from, seen from the ``Preferences`` whose observer receives it. It does
/// not depend on the thread that delivers the change.
///
/// ```swift
/// prefs.observeAll { changes in
///     if changes.contains(where: { $0.origin != .thisPreferences }) { redraw() }
/// }
/// ```
public enum ChangeOrigin: Sendable, Hashable {
    /// A write made through the same `Preferences` that observes it.
    ///
    /// ```swift
    /// prefs.observe(.city) { if $0.origin == .thisPreferences { return } }  // our own edit
    /// ```
    case thisPreferences
    /// A write made in this process through another `Preferences` (or straight to the store),
    /// including another store instance on the same suite file.
    ///
    /// ```swift
    /// other[.city] = "Bergen"  // prefs's observers see .otherPreferencesInProcess
    /// ```
    case otherPreferencesInProcess
    /// A change another process made to the suite file.
    ///
    /// ```swift
    /// // `prefs-tui set city Bergen` in a shell: observers see .otherProcess
    /// ```
    case otherProcess

    /// The origin of a store's batch, relative to the `Preferences` that wrote as `writer`.
    ///
    /// ```swift
    /// ChangeOrigin(of: batch, relativeTo: prefsWriter)  // .thisPreferences for its own commits
    /// ```
    init(of batch: StoreChangeBatch, relativeTo writer: StoreWriter) {
        switch batch.source {
        case .otherProcess: self = .otherProcess
        case .commit(let author) where author == writer: self = .thisPreferences
        case .commit: self = .otherPreferencesInProcess
        }
    }
}
