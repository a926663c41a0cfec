import ArgumentParser
import PrefsEditor
import PrefsModel

struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", _superCommandName: PrefsTUI.name,
        abstract: "Print one setting's value, in the form `set` accepts.",
        discussion: """
            Enums print their raw value, numbers as numbers, booleans as true/false, dates in \
            ISO 8601 (UTC), URLs whole, lists and dictionaries as JSON; an unset optional prints \
            an empty line. So `prefs-tui set KEY "$(prefs-tui get KEY)"` changes nothing.
            """)

    @Argument(help: "The setting's key.", completion: Completions.keys) var key: String
    @Flag(help: "Print the value as JSON.") var json = false
    @Flag(help: "Print every layer's value (lock, your file, each site file, the default) and which one is in effect.")
    var explain = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        guard explain else { return try Self.printValue(of: key, json: json, in: options.selection) }
        try reportingFailures {
            let prefs = try options.selection.open(readsOnce: true, mustExist: true, focus: .init(key: key, writes: false))
            let key = try prefs.schema.requireKey(named: key)
            if json {
                Output.print(Self.explanationJSON(of: key, in: prefs).prettyText)
            } else {
                for line in Self.explanation(of: key, in: prefs) { Output.print(line) }
            }
        }
    }

    /// `get --explain --json`: the value, its source, and every layer.
    static func explanationJSON(of key: AnyPreferenceKey, in prefs: Preferences) -> JSONValue {
        let now = prefs.snapshot()
        let facts = now.facts(of: key)
        let source = facts.resolution.source
        var object: [String: JSONValue] = ["key": .string(key.name), "value": now.json(of: key), "source": .string(source.kind)]
        if key.isSecret {
            object["value"] = nil
            object["secret"] = .bool(true)
        }
        if let file = source.path { object["file"] = .string(file) }
        if let lockFile = facts.lockFile { object["lockedBy"] = .string(lockFile) }
        // As `list --json` says them: on every answer, null or absent only as there.
        let reason = facts.notInUseReason
        object["inUse"] = .bool(reason == nil)
        if let reason {
            object["inUseReason"] = .string(reason)
            object["notInUse"] = .string(reason)
        }
        object["brokenRule"] = facts.brokenRule.map(JSONValue.string) ?? .null
        if let old = storedUnderOldName(key, in: prefs) { object["storedUnder"] = .string(old) }
        object["layers"] = .array(prefs.explanation(of: key).map { layer in
            var entry: [String: JSONValue] = ["layer": .string(layer.source.kind), "inEffect": .bool(layer.wins)]
            switch layer.source {
            case .user(let path), .site(let path), .project(let path): entry["file"] = .string(path)
            case .locked(let lockFile, _): entry["file"] = .string(lockFile)
            case .registeredDefault:
                entry["value"] = key.hasDefault ? key.defaultJSON : .null
            case .override: break
            }
            if let value = layer.value { entry["value"] = layer.problem == nil ? key.json(of: value) : value.jsonValue }
            if key.isSecret, let value = entry["value"], value != .null { entry["value"] = .string(SecretValues.hidden) }
            if let problem = layer.problem { entry["problem"] = .string(problem) }
            return .object(entry)
        })
        return .object(object)
    }

    /// `get --explain`: the value and its source, then one line per layer, highest first, the
    /// one in effect marked with `→`; a value a layer holds that the key refuses is shown with why.
    static func explanation(of key: AnyPreferenceKey, in prefs: Preferences) -> [String] {
        let facts = prefs.snapshot().facts(of: key)
        let shown = key.isSecret ? SecretValues.state(isStored: !facts.isDefault, hasDiagnostic: facts.diagnostic != nil) : prefs.text(of: key)
        let converted = facts.conversionNote.map { ", \($0)" } ?? ""
        var lines = ["\(key.name.controlCharactersEscaped) = \(shown.controlCharactersEscaped)\(converted.controlCharactersEscaped)  (\(facts.origin))"]
        if let notInUse = facts.notInUse { lines.append("  \(notInUse)") }
        for layer in prefs.explanation(of: key) {
            let mark = layer.wins ? "→ " : "  "
            let place: String
            let value: String
            switch layer.source {
            case .locked(let lockFile, _):
                let below = prefs.source(of: key).path == nil ? "the program's default" : "the site's value"
                lines.append("\(mark)locked    \(lockFile.controlCharactersEscaped): \(below) below is in effect")
                continue
            case .override: place = "override  this run"
            case .project(let path): place = "project   \(path)"
            case .user(let path):
                // A project file found but not applied is a layer too, and says why.
                if let project = prefs.projectLayer, let problem = project.problem {
                    let command = project.trustCommand.map { "; run: \($0)" } ?? ""
                    lines.append("  project   \(project.path.controlCharactersEscaped): (\(problem.controlCharactersEscaped)\(command))")
                }
                place = "user      \(path)"
            case .site(let path): place = "site      \(path)"
            case .registeredDefault: place = "default   the program's"
            }
            if case .registeredDefault = layer.source {
                value = !key.hasDefault ? "(none declared: the program that owns it decides)" : key.isSecret ? SecretValues.hidden : key.defaultText
            } else if let stored = layer.value {
                value = layer.problem.map { "\(key.shownSummary(of: stored)) (skipped: \($0))" }
                    ?? (key.isSecret ? SecretValues.hidden : key.text(of: stored))
            } else if let problem = layer.problem {
                value = "(\(problem))"
            } else {
                value = SettingWords.notSet
            }
            lines.append("\(mark)\(place.controlCharactersEscaped): \(value.controlCharactersEscaped)")
        }
        // A value under an old name: read already, moved by the next write, or kept there.
        if let old = storedUnderOldName(key, in: prefs) {
            lines.append("  the user's value is stored under its old name \(old.controlCharactersEscaped); the next write moves it")
        }
        for kept in prefs.diagnostics(of: key) where kept.key != key.name && kept.file == nil {
            lines.append("  \(kept.key.controlCharactersEscaped) holds \(kept.storedValue.controlCharactersEscaped), \(kept.reason.controlCharactersEscaped)")
        }
        return lines
    }

    /// The old name the key's value is read from, when its own name holds nothing.
    static func storedUnderOldName(_ key: AnyPreferenceKey, in prefs: Preferences) -> String? {
        guard prefs.store.storedValue(forKey: key.name) == nil, prefs.userStored(key) != nil else { return nil }
        return key.renamedFrom.first { prefs.store.storedValue(forKey: $0) != nil }
    }

    /// The work of `get`, apart from its parsing: `StartUp` calls it directly for the plain forms.
    static func printValue(of keyName: String, json: Bool, in selection: SuiteSelection) throws {
        try reportingFailures {
            let prefs = try selection.open(readsOnce: true, mustExist: true, focus: .init(key: keyName, writes: false))
            let key = try prefs.schema.requireKey(named: keyName)
            for diagnostic in prefs.diagnostics(of: key) { Diagnostics.print("warning: \(diagnostic)") }
            Output.print(json ? prefs.json(of: key).text : prefs.text(of: key))
        }
    }
}
