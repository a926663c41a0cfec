// Whether a setting is in use: its condition (``PreferenceKey`` `inUseWhen:`, a schema file's
// `"inUseWhen"`) on the values as they stand, and why not, in the condition's own terms.

extension Preferences {
    /// Whether the setting is in use: it has no condition, or its condition holds on the
    /// current values and every setting the condition reads is in use itself. A setting not in
    /// use keeps its value, and reads return it as always.
    ///
    /// ```swift
    /// prefs.isInUse(PreferenceKeys.proxyHost)  // false while "Use a proxy" is off
    /// ```
    public func isInUse(_ key: AnyPreferenceKey) -> Bool { notInUseReason(of: key) == nil }

    /// Why the setting is not in use, in its condition's terms ("used only when Use a proxy is
    /// on"), or nil when it is.
    package func notInUseReason(of key: AnyPreferenceKey) -> String? {
        guard key.inUseCondition != nil else { return nil }
        // Judged on the settings as they stand; Observation follows what the condition read.
        let (reason, read) = ReadTracking.reads { snapshot().notInUseReason(of: key) }
        observedReads(read)
        return reason
    }

    /// Why each setting not in use is not, by name; empty for a schema without conditions.
    package func notInUseReasons() -> [String: String] {
        guard schema.hasConditions else { return [:] }
        return snapshot().notInUseReasons()
    }
}

extension PreferencesSnapshot {
    /// Whether the setting is in use on these values (see ``Preferences/isInUse(_:)``).
    ///
    /// ```swift
    /// snapshot.isInUse(PreferenceKeys.proxyHost)  // false while "Use a proxy" is off
    /// ```
    public func isInUse(_ key: AnyPreferenceKey) -> Bool { notInUseReason(of: key) == nil }

    /// Why the setting is not in use on these values, or nil when it is.
    package func notInUseReason(of key: AnyPreferenceKey) -> String? {
        var evaluation = InUseEvaluation(self)
        return evaluation.reason(of: key)
    }

    /// Why each setting not in use is not, by name; empty for a schema without conditions.
    package func notInUseReasons() -> [String: String] {
        var evaluation = InUseEvaluation(self)
        var reasons: [String: String] = [:]
        for key in schema.conditionedKeys {
            if let reason = evaluation.reason(of: key) { reasons[key.name] = reason }
        }
        return reasons
    }
}

/// One pass of judging conditions on the same values: each setting judged once, whatever
/// leans on it, with the settings its condition read.
package struct InUseEvaluation {
    private let prefs: PreferencesSnapshot
    private var judged: [String: (reason: String?, inputs: Set<String>)] = [:]

    package init(_ prefs: PreferencesSnapshot) { self.prefs = prefs }

    /// Why the setting is not in use (nil: it is).
    package mutating func reason(of key: AnyPreferenceKey) -> String? { judge(key, depth: 0).reason }

    /// The settings its condition read, when it was judged (empty: none, or no condition).
    package mutating func inputs(of key: AnyPreferenceKey) -> Set<String> { judge(key, depth: 0).inputs }

    private mutating func judge(_ key: AnyPreferenceKey, depth: Int) -> (reason: String?, inputs: Set<String>) {
        if let known = judged[key.name] { return known }
        guard let condition = key.inUseCondition, depth < InUseConditions.deepest else { return (nil, []) }
        let (holds, names) = ReadTracking.reads { condition.holds(prefs) }
        let inputs = names.sorted().compactMap(prefs.schema.declaredKey(named:)).filter { $0.name != key.name }
        var reason: String?
        if !holds {
            reason = InUseConditions.wording(of: condition, inputs: inputs, in: prefs)
        } else {
            // In use only while what it depends on is: a proxy's port is not in use while the
            // proxy host it goes with is not.
            for input in inputs where judge(input, depth: depth + 1).reason != nil {
                reason = "used only when \(input.title) is in use"
                break
            }
        }
        let result = (reason, Set(names).subtracting([key.name]))
        judged[key.name] = result
        return result
    }
}

/// The checks a schema's conditions pass, and the words of a condition.
package enum InUseConditions {
    /// How deep conditions may lean on each other: far past any real chain, and a guard should
    /// a cycle slip past the schema's check.
    static let deepest = 32

    /// "used only when Use a proxy is on", "used only when Temperature is Fahrenheit or Kelvin".
    static func wording(of condition: InUseCondition, inputs: [AnyPreferenceKey], in prefs: PreferencesSnapshot) -> String {
        if let requirements = condition.requirements {
            let parts = requirements.compactMap { requirement -> String? in
                guard let key = prefs.schema.declaredKey(named: requirement.key), let values = requirement.storedValues(of: key) else { return nil }
                return "\(key.title) is " + values.map { words(for: $0, of: key) }.joined(separator: " or ")
            }
            return "used only when " + parts.joined(separator: " and ")
        }
        // A Swift condition says nothing of itself: each setting it read is tried at each value
        // it can take (on or off, each choice), the others as they are, to find which allow it.
        // Each try is the snapshot with one value changed (its stored values are shared, not copied).
        let parts = inputs.compactMap { input -> String? in
            guard let candidates = candidates(for: input) else { return nil }
            let allowing = candidates.filter { value in
                condition.holds(prefs.applying([input.name: .some(value)]))
            }
            guard !allowing.isEmpty, allowing.count < candidates.count else { return nil }
            return "\(input.title) is " + allowing.map { words(for: $0, of: input) }.joined(separator: " or ")
        }
        if parts.isEmpty {
            return "used only when " + inputs.map(\.title).joined(separator: " and ") + (inputs.count == 1 ? " allows it" : " allow it")
        }
        return "used only when " + parts.joined(separator: " and ")
    }

    /// The values a setting can be tried at: on and off, or each choice; nil for any other.
    private static func candidates(for key: AnyPreferenceKey) -> [PlistValue]? {
        if let choices = key.rule.choices { return choices.map { .string($0.value) } }
        if key.type.unwrapped == .bool { return [.bool(true), .bool(false)] }
        return nil
    }

    /// A value as a person reads it in a condition: on/off, a choice's title, else its text.
    static func words(for value: PlistValue?, of key: AnyPreferenceKey) -> String {
        if key.type.unwrapped == .bool, case .bool(let on)? = value { return on ? "on" : "off" }
        let text = key.text(of: value)
        if let choice = key.rule.choices?.first(where: { $0.value == text }) { return choice.title }
        return key.displayText(of: value)
    }

    /// What is wrong with a schema's conditions, naming the keys: a condition that reads a
    /// setting the schema does not hold, or conditions that wait on each other. Nil when none.
    package static func problem(in schema: PreferenceSchema) -> String? {
        let conditioned = schema.keys.filter { $0.inUseCondition != nil }
        guard !conditioned.isEmpty else { return nil }
        let prefs = PreferencesSnapshot(schema: schema, storedValues: [:])
        var reads: [String: [String]] = [:]
        for key in conditioned {
            guard let condition = key.inUseCondition else { continue }
            let names = condition.requirements.map { $0.map(\.key) }
                ?? Array(ReadTracking.reads { condition.holds(prefs) }.names)
            if let missing = names.sorted().first(where: { schema.key(named: $0) == nil }) {
                return "key \"\(key.name)\": its condition reads \"\(missing)\", which the schema does not hold"
            }
            // A condition that no value can meet (`.all(.when(mode, is: .a), .when(mode, is: .b))`,
            // `.when(k, in: [])`, `.all()`): no schema file could hold it, and the setting would
            // never be in use.
            if condition.requirements?.isEmpty == true {
                return "key \"\(key.name)\": its condition names no setting"
            }
            if let empty = condition.requirements?.first(where: { $0.values.isEmpty }) {
                return "key \"\(key.name)\": its condition allows no value of \"\(empty.key)\", so it could never be in use"
            }
            for requirement in condition.requirements ?? [] {
                guard let input = schema.key(named: requirement.key) else { continue }
                for value in requirement.values {
                    do { _ = try input.storedValue(json: value) } catch {
                        var allowed = ""
                        if case .invalidValue(_, _, let text)? = error as? PreferenceError { allowed = "; allowed: \(text)" }
                        return "key \"\(key.name)\": its condition's value \(value.text) for \"\(input.name)\" is not one it can have" + allowed
                    }
                }
            }
            reads[key.name] = names.filter { $0 != key.name }.sorted()
        }
        // A cycle: a walk from a key that comes back to a key on its own path.
        var finished = Set<String>()
        func cycle(from name: String, path: [String]) -> [String]? {
            if let start = path.firstIndex(of: name) { return Array(path[start...]) + [name] }
            guard !finished.contains(name) else { return nil }
            for next in reads[name] ?? [] {
                if let found = cycle(from: next, path: path + [name]) { return found }
            }
            finished.insert(name)
            return nil
        }
        for key in conditioned.map(\.name) {
            if let found = cycle(from: key, path: []) {
                return "the conditions of " + found.map { "\"\($0)\"" }.joined(separator: " → ") + " wait on each other"
            }
        }
        return nil
    }
}
