extension Dictionary where Key == String, Value == PlistValue {
    /// The same entries in storage of their own, copied now.
    ///
    /// A dictionary read from a store shares the store's storage until one of them changes, and
    /// the first change copies it whole: at 50,000 settings that is millions of instructions in
    /// whichever event comes first (an editor's reset, another program's change). A value that
    /// lives long and changes often, as the editor's snapshot does, takes its own copy when it is
    /// made, so that each later change is made in place, for both it and the store.
    ///
    /// ```swift
    /// let values = store.storedValues().ownStorage()
    /// ```
    package func ownStorage() -> Self {
        var copy = self
        // Any write to shared storage copies it first (copy-on-write); writing an entry back as
        // it is changes nothing else. (`reserveCapacity` would copy too, but through the
        // standard library's unspecialized code, at twice the instructions.)
        if let (name, value) = first { copy[name] = value }
        return copy
    }
}
