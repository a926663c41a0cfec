
extension Preferences {
    /// Calls `handler` once for each change of the key's value, from this process or another.
    /// Changes that leave the value the same (such as storing the default) are not reported.
    /// Handlers run on the thread that made the change, or the store's watcher queue; each
    /// change says where it came from in `origin`, whatever the thread.
    ///
    /// ```swift
    /// let token = prefs.observe(.temperatureNotation) { change in redraw(change.newValue) }
    /// ```
    public func observe<Value>(_ key: PreferenceKey<Value>,
                               _ handler: @escaping @Sendable (PreferenceChange<Value>) -> Void) -> ObservationToken {
        addObserver { (batch: ObservedBatch) in
            guard let change = batch.changes.first(where: { $0.key == key.name }) else { return }
            let old = key.effectiveValue(from: change.old)
            let new = key.effectiveValue(from: change.new)
            if old != new { handler(PreferenceChange(key: key, oldValue: old, newValue: new, origin: batch.origin)) }
        }
    }

    /// Calls `handler` with the changes that touch any of these keys, once per batch.
    ///
    /// ```swift
    /// prefs.observe([PreferenceKeys.city, PreferenceKeys.favoriteCities]) { changes in … }
    /// ```
    public func observe(_ keys: [AnyPreferenceKey],
                        _ handler: @escaping @Sendable ([AnyPreferenceChange]) -> Void) -> ObservationToken {
        let names = Set(keys.map(\.name))
        return observeAll { changes in
            let relevant = changes.filter { names.contains($0.name) }
            if !relevant.isEmpty { handler(relevant) }
        }
    }

    /// Calls `handler` with every batch of stored changes, of any key in the suite.
    ///
    /// ```swift
    /// prefs.observeAll { changes in for change in changes { print(change.name) } }
    /// ```
    public func observeAll(_ handler: @escaping @Sendable ([AnyPreferenceChange]) -> Void) -> ObservationToken {
        let schema = self.schema
        return addObserver { (batch: ObservedBatch) in
            handler(batch.changes.map { change in
                let key = schema.key(named: change.key)
                // A value under a secret setting's old name is that secret's value: said to be
                // set or not, as the setting's own, never shown.
                let reader = key ?? schema.setting(storedUnder: change.key).flatMap { $0.isSecret ? $0 : nil }
                return AnyPreferenceChange(
                    name: change.key, key: key, stored: change,
                    oldText: Self.text(of: change.old, key: reader),
                    newText: Self.text(of: change.new, key: reader),
                    origin: batch.origin)
            })
        }
    }

    /// A changed value as `get` prints it: by its key, or, for a key the schema does not have
    /// (another program added it since), as an inferred key of its value's type would; empty
    /// for no value.
    static func text(of value: PlistValue?, key: AnyPreferenceKey?) -> String {
        // A secret is said to be set or not, never shown (``SecretValues``): read it by its key.
        if let key, key.isSecret { return SecretValues.state(isSet: value != nil) }
        if let key { return key.text(of: value) }
        guard let value else { return "" }
        return PreferenceSchema(inferredFrom: ["value": value], suiteName: "inferred").keys.first?.text(of: value) ?? value.summary
    }

    /// The key's changes as an async sequence; it ends when the consuming task is cancelled.
    ///
    /// ```swift
    /// for await change in prefs.changes(of: .city) { print(change.newValue) }
    /// ```
    public func changes<Value>(of key: PreferenceKey<Value>) -> AsyncStream<PreferenceChange<Value>> {
        AsyncStream { continuation in
            let token = observe(key) { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    /// Every batch of changes as an async sequence.
    ///
    /// ```swift
    /// for await batch in prefs.allChanges() { … }
    /// ```
    public func allChanges() -> AsyncStream<[AnyPreferenceChange]> {
        AsyncStream { continuation in
            let token = observeAll { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }
}
