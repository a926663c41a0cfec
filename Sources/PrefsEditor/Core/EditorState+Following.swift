import PrefsModel

// What the state works out from the values it shows, again after each change: which settings
// are in use, which rules across settings the stored values break, and the live preview.
extension EditorState {
    /// Judges again which settings are in use, and which rules across settings the stored values
    /// break: after a change of `changed` (nil: all, at the start or after a site's change),
    /// only the conditions that read one of them, and those that lean on a setting whose state
    /// moved. Judged on the snapshot the editor shows.
    mutating func computeDependencies(changed: Set<String>?) {
        let schema = settings.schema
        guard schema.hasConditions || !schema.rules.isEmpty else { return }
        var due = schema.conditionedKeys.filter { key in
            guard let changed, let inputs = conditionInputs[key.name] else { return true }
            return !inputs.isDisjoint(with: changed)
        }
        let rulesDue = !schema.rules.isEmpty && changed.map { !$0.isEmpty } ?? true
        guard !due.isEmpty || rulesDue else { return }
        let now = settings.current
        var evaluation = InUseEvaluation(now)
        var reasons = judged.notInUse
        var seen = Set<String>()
        while !due.isEmpty {
            var moved = Set<String>()
            for key in due where seen.insert(key.name).inserted {
                let reason = evaluation.reason(of: key)
                conditionInputs[key.name] = evaluation.inputs(of: key)
                if reasons[key.name] != reason {
                    reasons[key.name] = reason
                    moved.insert(key.name)
                }
            }
            // What leans on a setting whose state moved is judged too.
            due = moved.isEmpty ? [] : schema.conditionedKeys.filter { key in
                !seen.contains(key.name) && !(conditionInputs[key.name] ?? []).isDisjoint(with: moved)
            }
        }
        if reasons != judged.notInUse { judged.notInUse = reasons }
        if rulesDue {
            let broken = SettingsRules.brokenByKey(in: now)
            if broken != judged.brokenRules { judged.brokenRules = broken }
        }
    }

    /// Recomputes the live preview from the values shown (and the clock, for values that read it).
    /// Computes the live values again: those whose inputs (the settings each read last time)
    /// include one of `changed`, or all of them (nil: at the start, and when the clock says one
    /// is due). A value noting a new read on another branch has it among its inputs from then on.
    mutating func computeDerived(changed: Set<String>? = nil) {
        let derivedValues = settings.schema.derivedValues
        // Which to compute: all of them without a change to go by (or readings to keep), else
        // those that read a changed setting.
        let keepsReadings = changed != nil && derived.count == derivedValues.count
        let due = derivedValues.indices.filter { index in
            guard keepsReadings, let changed else { return true }
            return !derived[index].inputs.isDisjoint(with: changed)
        }
        guard !due.isEmpty else { return }
        let now = settings.current
        if !keepsReadings { derived = [] }
        for index in due {
            let value = derivedValues[index]
            let (text, inputs) = value.textAndInputs(in: now)
            let reading = DerivedReading(title: value.title, text: text, nextChange: value.nextChange(in: now), inputs: inputs)
            if keepsReadings { derived[index] = reading } else { derived.append(reading) }
        }
    }
}
