import ArgumentParser
import PrefsEditor
import PrefsModel

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", _superCommandName: PrefsTUI.name,
        abstract: "List every setting with its type, value, default and state.",
        discussion: """
            Text output is a table for people, with the columns KEY SECTION TYPE VALUE SOURCE \
            DEFAULT MODIFIED DIAGNOSTIC; SOURCE is where the value comes from: default (the \
            program's), site (a site file of $XDG_CONFIG_DIRS), user (your file), override or \
            locked (by a site's NAME.locks). Control characters in values are shown escaped (\\n, \
            \\t, \\u{1B}), and warnings go to standard error. --json prints an array of objects \
            with the fields key, section, type, value, source, sourceFile (the file the value was \
            read from, or null), lockedBy (the locks file, or null), default, modified (your \
            file stores a value), diagnostic (null, or why the stored value is ignored), \
            brokenRule (null, or the rule across settings the value breaks) and inUse (false \
            when its inUseWhen condition does not hold), with inUseReason (why) only when inUse \
            is false; a secret has secret true and no value or default. Keys in the file that the \
            schema does not describe are listed last, with section null, default null and \
            modified true. When a setting listed is not in use, the table adds the column IN USE \
            (yes, or no and why) before DIAGNOSTIC; a setting not in use keeps its value.
            """)

    @Flag(help: "Only settings with a stored value.") var modified = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let prefs = try options.open(readsOnce: true, mustExist: true)
            // The schema's own list when every key is listed: a filtered copy of 200,000 keys,
            // grown by appending, was 3 MB of `list`'s peak.
            let keys = modified ? prefs.schema.keys.filter { !prefs.isDefault($0) } : prefs.schema.keys
            // Whether settings are in use, judged once for the whole list, and said only when
            // one listed is not: a program's first condition leaves its lists as they were
            // while every setting is in use.
            let now = prefs.snapshot()
            let judged = now.judgeSettings()
            let saysInUse = keys.contains { judged.notInUse[$0.name] != nil }
            let warnings: [PreferenceDiagnostic]
            if json {
                var entries: [JSONValue] = []
                var found: [PreferenceDiagnostic] = []
                for key in keys {
                    let facts = now.facts(of: key, judged: judged)
                    entries.append(entry(for: facts, in: now))
                    found += now.diagnostics(of: key, own: facts.diagnostic)
                }
                Output.print(JSONValue.array(entries).prettyText)
                warnings = found
            } else {
                warnings = printTable(keys, now, judged: judged, saysInUse: saysInUse)
            }
            for diagnostic in warnings { Diagnostics.print("warning: \(diagnostic)") }
            // Freeing the suite's thousands of keys and values on the way out is the process's
            // work, done whole as it ends.
            KeptUntilExit.keep(prefs)
        }
    }

    /// A row of `list --json`: the setting's facts, as every surface has them.
    private func entry(for facts: SettingFacts, in now: PreferencesSnapshot) -> JSONValue {
        let key = facts.key
        var entry: [String: JSONValue] = [
            "key": .string(key.name),
            "section": key.isDescribedBySchema ? .string(key.section) : .null,
            "type": .string(key.type.name),
            "value": now.json(of: key),
            "source": .string(facts.sourceKind),
            "sourceFile": facts.resolution.source.path.map(JSONValue.string) ?? .null,
            "lockedBy": facts.lockFile.map(JSONValue.string) ?? .null,
            "default": key.hasDefault ? key.defaultJSON : .null,
            "modified": .bool(!facts.isDefault),
            "diagnostic": facts.diagnostic.map { .string($0.reason) } ?? .null,
        ]
        // Every row has every field, null where there is nothing to say: a script reads
        // `row["brokenRule"]` and `row["inUse"]` on any row.
        entry["brokenRule"] = facts.brokenRule.map(JSONValue.string) ?? .null
        let reason = facts.notInUseReason
        entry["inUse"] = .bool(reason == nil)
        if let reason {
            entry["inUseReason"] = .string(reason)
            // The field's earlier name, kept for scripts written against it.
            entry["notInUse"] = .string(reason)
        }
        // A secret: whether it is set, never its value or default (`get KEY` prints it).
        if key.isSecret {
            entry["value"] = nil
            entry["default"] = nil
            entry["secret"] = .bool(true)
        }
        return .object(entry)
    }

    /// The table, a row a setting, each worded once (``TextTable``); `saysInUse`: whether the
    /// IN USE column is shown (only when a listed setting is out of use). Conditions and rules
    /// across settings are judged once for the whole list (`judged`). Returns the warnings to
    /// print after it, from the same facts.
    private func printTable(_ keys: [AnyPreferenceKey], _ now: PreferencesSnapshot, judged: SettingsJudgement, saysInUse: Bool) -> [PreferenceDiagnostic] {
        var table = TextTable(header: ["KEY", "SECTION", "TYPE", "VALUE", "SOURCE", "DEFAULT", "MODIFIED"] + (saysInUse ? ["IN USE"] : []) + ["DIAGNOSTIC"])
        var warnings: [PreferenceDiagnostic] = []
        for key in keys {
            let facts = now.facts(of: key, judged: judged)
            table.add(key.name)
            table.add(key.isDescribedBySchema ? key.section : "-")
            table.add(key.type.name)
            // Values as the editor shows them: `""` for empty text, `(unset)` for an optional
            // without a value (both were an empty cell). The value in effect is the one the
            // facts resolved.
            table.add(key.isSecret ? SecretValues.state(isStored: !facts.isDefault, hasDiagnostic: facts.diagnostic != nil)
                      : facts.valueDisplayText)
            table.add(facts.sourceKind)
            table.add(!key.hasDefault ? "-" : key.isSecret ? SecretValues.hidden : key.defaultDisplayText)
            table.add(facts.isDefault ? "" : "yes")
            if saysInUse { table.add(facts.notInUseReason.map { "no: \($0)" } ?? "yes") }
            table.add(facts.diagnostic?.reason ?? facts.brokenRule.map { "\(SettingWords.breaksARule): \($0)" } ?? "")
            let found = now.diagnostics(of: key, own: facts.diagnostic)
            if !found.isEmpty { warnings += found }
        }
        table.print()
        return warnings
    }
}
