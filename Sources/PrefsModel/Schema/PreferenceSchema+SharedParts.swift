import Glibc

extension PreferenceSchema {
    /// What one schema's settings have in common, found once: the type names used so far,
    /// each parsed and resolved once, and the rules read so far, each read and checked once.
    ///
    /// Why: a schema names a handful of types over and over; parsing and resolving the name
    /// for each of ten thousand settings was a quarter of building their keys. And many
    /// settings share a rule (a range of 0 to 100): reading, checking and keeping each one's
    /// own copy cost 1,600 instructions and 37 bytes a setting.
    struct SharedParts {
        /// The first eight rules read from a schema file's text and checked against a type.
        private var rules: [(members: [(name: String, value: JSONValue)], type: PreferenceType, rule: RuleDescription)] = []

        /// The rule a setting of `type` with these rule members has, when an earlier setting's
        /// members were exactly these (text byte for byte, numbers bit for bit: a canonically
        /// equal pattern or choice is another rule) and its rule was read and checked for the
        /// same type.
        func checkedRule(members: [(name: String, value: JSONValue)], type: PreferenceType) -> RuleDescription? {
            for entry in rules where entry.type == type && Self.same(entry.members, members) { return entry.rule }
            return nil
        }

        /// Keeps `rule`, read from `members` and checked for `type`, for the settings after.
        mutating func remember(_ rule: RuleDescription, members: [(name: String, value: JSONValue)], type: PreferenceType) {
            guard rules.count < 8, members.allSatisfy({ Self.isPlain($0.value) }) else { return }
            rules.append((members, type, rule))
        }

        /// Values compared here: text, numbers, true, false and null.
        private static func isPlain(_ value: JSONValue) -> Bool {
            switch value {
            case .array, .object: return false
            default: return true
            }
        }

        private static func same(_ first: [(name: String, value: JSONValue)], _ second: [(name: String, value: JSONValue)]) -> Bool {
            guard first.count == second.count else { return false }
            for index in first.indices {
                let (one, other) = (first[index], second[index])
                // Names by `==`: a rule's field names are ASCII, and both readers take them from
                // one list (`SchemaEntry.ruleNames`), so the same name is the same storage,
                // which `==` tells at once (through `sameBytes`, 1,000 instructions a rule).
                guard one.name == other.name else { return false }
                switch (one.value, other.value) {
                case (.null, .null): continue
                case (.bool(let a), .bool(let b)) where a == b: continue
                case (.int(let a), .int(let b)) where a == b: continue
                case (.double(let a), .double(let b)) where a.bitPattern == b.bitPattern: continue
                case (.string(let a), .string(let b)) where sameBytes(a, b): continue
                default: return false
                }
            }
            return true
        }

        /// Byte for byte, through `memcmp` (the UTF-8 views compared element by element cost
        /// 300 instructions a name).
        private static func sameBytes(_ first: String, _ second: String) -> Bool {
            var first = first, second = second
            return first.withUTF8 { one in
                second.withUTF8 { other in
                    one.count == other.count && (one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0)
                }
            }
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
