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
            if json {
                Output.print(JSONValue.array(keys.map { key in entry(for: now.facts(of: key, judged: judged), in: now) }).prettyText)
            } else {
                printTable(keys, now, judged: judged, saysInUse: saysInUse)
            }
            for key in keys {
                for diagnostic in now.diagnostics(of: key) { Diagnostics.print("warning: \(diagnostic)") }
            }
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

    /// `saysInUse`: whether the IN USE column is shown (only when a listed setting is out of use).
    private func printTable(_ keys: [AnyPreferenceKey], _ now: PreferencesSnapshot, judged: SettingsJudgement, saysInUse: Bool) {
        let header = ["KEY", "SECTION", "TYPE", "VALUE", "SOURCE", "DEFAULT", "MODIFIED"] + (saysInUse ? ["IN USE"] : []) + ["DIAGNOSTIC"]
        // Conditions and rules across settings judged once for the list (`judged`), not again
        // in each of the table's two passes.
        func cells(_ key: AnyPreferenceKey) -> [String] {
            let facts = now.facts(of: key, judged: judged)
            let inUse = saysInUse ? [facts.notInUseReason.map { "no: \($0)" } ?? "yes"] : []
            let cells = [
                // Values as the editor shows them: `""` for empty text, `(unset)` for an
                // optional without a value (both were an empty cell).
                key.name, key.isDescribedBySchema ? key.section : "-", key.type.name,
                key.isSecret ? SecretValues.state(isStored: !facts.isDefault, hasDiagnostic: facts.diagnostic != nil) : now.displayText(of: key),
                facts.sourceKind, !key.hasDefault ? "-" : key.isSecret ? SecretValues.hidden : key.defaultDisplayText,
                facts.isDefault ? "" : "yes",
            ] + inUse + [facts.diagnostic?.reason ?? facts.brokenRule.map { "\(SettingWords.breaksARule): \($0)" } ?? ""]
            return cells.map(\.controlCharactersEscaped)
        }
        // Two passes, the cells made again for printing rather than kept: a table of 200,000
        // rows held whole was a fifth of the command's peak memory. Columns are measured in
        // display width, so values such as 東京 keep the table aligned.
        var widths = header.map(\.displayWidth)
        for key in keys {
            for (column, cell) in cells(key).enumerated() { widths[column] = max(widths[column], cell.displayWidth) }
        }
        // One line built in place: padding made and joined cell by cell, then trimmed, cost
        // more than the cells themselves. Nothing is padded after the last cell with text.
        let spaces = String(repeating: " ", count: widths.max() ?? 0)
        func printRow(_ row: [String]) {
            let last = row.lastIndex { !$0.isEmpty } ?? 0
            var line = ""
            for column in 0...last {
                if column > 0 { line += "  " }
                line += row[column]
                if column < last { line += spaces.prefix(widths[column] - row[column].displayWidth) }
            }
            Output.print(line.trimmingTrailingSpaces())
        }
        printRow(header)
        for key in keys { printRow(cells(key)) }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
