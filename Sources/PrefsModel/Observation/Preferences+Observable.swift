import Observation

/// `Preferences` is `Observable`: a read of a setting inside `withObservationTracking` or an
/// `Observations` closure registers that setting alone, and a change of it, from anywhere (this
/// instance, another on the same suite, another process, a site file or a lock, a reset or a
/// migration), fires once per change batch. Other settings' changes do not fire.
///
/// ```swift
/// for await city in Observations({ prefs[.city] }) { print(city) }
/// ```
///
/// Why a subscript key path per setting name: the registrar tracks key paths, and one per
/// setting (not one for the whole suite) is what keeps a change of `units` from waking a
/// closure that read only `city`. The key path is made on each read (Swift offers no way to ask
/// whether tracking is on), a small allocation; the editor's frames read the snapshot, not
/// `Preferences`, so they do not pay it.
extension Preferences: Observable {
    /// The place Observation tracks for the setting `name`. Its value means nothing: the
    /// registrar uses only its key path.
    subscript(observed name: String) -> Int { 0 }

    /// Registers a read of the setting `name` with an enclosing Observation tracking.
    func observedRead(_ name: String) {
        registrar.access(self, keyPath: \Preferences.[observed: name])
    }

    /// ``observedRead(_:)`` for each setting a judgement on a snapshot of this instance read
    /// (a derived value, a condition): Observation follows them here, on the live instance.
    func observedReads(_ names: Set<String>) {
        for name in names { observedRead(name) }
    }

    /// Tells Observation that these stored names changed (an old name counts for its setting).
    /// The store holds the new values already, so a tracked closure read again sees them.
    func observedChange(_ names: [String]) {
        var settings = Set<String>()
        for name in names {
            settings.insert(name)
            if let setting = schema.setting(storedUnder: name) { settings.insert(setting.name) }
        }
        for name in settings {
            registrar.willSet(self, keyPath: \Preferences.[observed: name])
            registrar.didSet(self, keyPath: \Preferences.[observed: name])
        }
    }
}
