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
/// closure that read only `city`. Swift offers no way to ask whether tracking is on, so every
/// read hands the registrar its setting's key path: each is made once and kept (made on every
/// read, with its subscript argument captured and hashed, a typed read took 1.6 µs instead of
/// 0.1 µs, eight times over the benchmarks' goal); the editor's frames read the snapshot, not
/// `Preferences`, so they do not pay even the look-up.
extension Preferences: Observable {
    /// The place Observation tracks for the setting `name`. Its value means nothing: the
    /// registrar uses only its key path.
    subscript(observed name: String) -> Int { 0 }

    /// Registers a read of the setting `name` with an enclosing Observation tracking.
    func observedRead(_ name: String) {
        if let kept = cache.withLock({ $0.entries[name]?.observedKeyPath }) {
            registrar.access(self, keyPath: kept)
            return
        }
        let made = \Preferences.[observed: name]
        cache.withLock { cache in
            cache.entries[name] = .init(value: cache.entries[name]?.value, observedKeyPath: made)
        }
        registrar.access(self, keyPath: made)
    }

    /// The key path a change of `name` is told by: the one its reads registered (equal to a new
    /// one, which is made only for a setting never read here).
    private func observedKeyPath(_ name: String) -> KeyPath<Preferences, Int> {
        cache.withLock { $0.entries[name]?.observedKeyPath } ?? \Preferences.[observed: name]
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
            let keyPath = observedKeyPath(name)
            registrar.willSet(self, keyPath: keyPath)
            registrar.didSet(self, keyPath: keyPath)
        }
    }
}
