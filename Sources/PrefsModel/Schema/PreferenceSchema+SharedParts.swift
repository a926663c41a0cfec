extension PreferenceSchema {
    /// What one schema's settings have in common, found once: the type names used so far,
    /// each parsed and resolved once, and rules equal to an earlier setting's, kept once.
    ///
    /// Why: a schema names a handful of types over and over; parsing and resolving the name
    /// for each of ten thousand settings was a quarter of building their keys. And many
    /// settings share a rule (a range of 0 to 100): each setting's own copy of it was 37 bytes,
    /// 1.9 MB of a 50,000-setting schema.
    struct SharedParts {
        /// The first eight distinct rules, each kept for the settings with an equal one.
        private var rules: [RuleDescription] = []

        /// `rule`, or an equal one seen before.
        mutating func shared(_ rule: RuleDescription) -> RuleDescription {
            if case .any = rule { return rule }
            for seen in rules where seen == rule { return seen }
            if rules.count < 8 { rules.append(rule) }
            return rule
        }

        private var resolved: [String: (type: PreferenceType, valueType: any PreferenceValue.Type)?] = [:]
        /// The first eight names resolved, asked first: a schema uses a handful of types, and
        /// comparing a short name (its length first) costs less than hashing it.
        private var recent: [(name: String, found: (type: PreferenceType, valueType: any PreferenceValue.Type)?)] = []

        /// The type a name stands for and its Swift value type; nil when there is none.
        mutating func resolve(_ name: String) -> (type: PreferenceType, valueType: any PreferenceValue.Type)? {
            let length = name.utf8.count
            for entry in recent where entry.name.utf8.count == length && entry.name == name { return entry.found }
            let found = resolvedAnew(name)
            if recent.count < 8 { recent.append((name, found)) }
            return found
        }

        private mutating func resolvedAnew(_ name: String) -> (type: PreferenceType, valueType: any PreferenceValue.Type)? {
            if let known = resolved[name] { return known }
            var found: (type: PreferenceType, valueType: any PreferenceValue.Type)?
            if let type = PreferenceType(schemaName: name), let valueType = RuntimeValueType.resolve(type) {
                found = (type, valueType)
            }
            resolved[name] = found
            return found
        }
    }
}
