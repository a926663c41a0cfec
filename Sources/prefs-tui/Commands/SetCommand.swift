import ArgumentParser
import Foundation
import PrefsEditor
import PrefsModel

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", _superCommandName: PrefsTUI.name,
        abstract: "Check a value against the setting's rule and save it.",
        discussion: """
            Lists take several values (`set favoriteCities Oslo Bergen`) or one JSON array. \
            Optional settings accept --unset. Nothing is written when the value is invalid. \
            After the key, only --unset, --suite and --schema are options, and only before the \
            first value or after the last; every other word is a value, also one starting with - \
            (`set city -h` stores "-h"), and so is an option between values (`set favoriteCities \
            Oslo --suite x Bergen` stores four items). `--` ends the options: every word after it \
            is a value (`set note -- --unset` stores "--unset"). \
            For a secret, keep the value off the command line (shell history and the process \
            list show it): `set KEY -` reads the value from standard input (`printf '%s\\n' \
            "$TOKEN" | prefs-tui set apiToken -`; one final line break is dropped, and no input at \
            all is refused), and `set KEY` with no value, on a terminal, asks for it with echo off.
            """)

    @Argument(help: "The setting's key.", completion: Completions.keys) var key: String
    @Argument(help: ArgumentHelp(
        "The value (several for a list). Words starting with - are values too.", valueName: "values"),
        completion: Completions.values)
    var values: [String] = []
    @Flag(help: "Remove the value of an optional setting.") var unset = false
    @Flag(help: "Write the project's file (the schema's projectFile, found from the working folder upward; made here when none is found) instead of yours.")
    var project = false
    /// Set by ``SetArguments`` for `set KEY -`: the value is read from standard input.
    @Flag(name: .customLong(String(standardInputFlag.dropFirst(2))), help: .hidden) var valueFromStandardInput = false
    static let standardInputFlag = "--value-from-standard-input"
    @Option(help: ArgumentHelp(
        "Store the value as this type, for a key no schema declares (a new one, or another program's): bool, int, real, string, date, data (base64), array (the words, or one JSON array) or dict (one JSON object).",
        valueName: "type"))
    var type: String?
    @OptionGroup var options: SuiteOptions

    /// The kinds `--type` names, as `defaults write -bool/-int/-float/-string/-date/-data/-array/-dict` does.
    enum StoredType: String, CaseIterable {
        case bool, int, real, string, date, data, path, array, dict

        /// A key of this kind for `name`, typed as a suite's file would type such a value, with
        /// no declared default (``AnyPreferenceKey/hasDefault``). An array of words is a list of
        /// text; one JSON array is a list of any values.
        func key(named name: String, values: [String]) -> AnyPreferenceKey {
            let sample: PlistValue
            switch self {
            case .bool: sample = .bool(false)
            case .int: sample = .int(0)
            case .real: sample = .double(0)
            case .string: sample = .string("")
            case .date: sample = .date(Date(timeIntervalSince1970: 0))
            case .data: sample = .data(Data())
            case .path:
                // Made as a schema file's path key is; it cannot fail, and were it ever to, the
                // value would still be written as the text it is.
                if let key = AnyPreferenceKey.undescribed(name, type: .path) { return key }
                sample = .string("")
            case .array:
                let isJSON = values.count == 1 && values[0].trimmingCharacters(in: .whitespaces).hasPrefix("[")
                sample = isJSON ? .array([]) : .array([.string("")])
            case .dict: sample = .dictionary([:])
            }
            return PreferenceSchema(inferredFrom: [name: sample], suiteName: "set").keys[0]
        }
    }

    func validate() throws {
        if unset && !values.isEmpty { throw ValidationError("give a value or --unset, not both") }
        if !unset && values.isEmpty && !valueFromStandardInput && isatty(STDIN_FILENO) == 0 {
            throw ValidationError("missing value for \(key); give a value, - to read it from standard input, or --unset for an optional setting")
        }
        if unset && valueFromStandardInput { throw ValidationError("give a value or --unset, not both") }
        // Checked here rather than by the argument parser, whose list of allowed values did not
        // survive being made one line.
        if let type, StoredType(rawValue: type) == nil {
            throw ValidationError("--type \(type.quotedForMessage) is not a type; allowed: \(StoredType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        try reportingFailures {
            let values = try valuesGiven()
            // With --project, the project's file may name any setting: the whole schema.
            let opened = try options.selection.open(focus: project ? nil : .init(key: key, writes: true))
            let projectWrites = project ? try ProjectWrites(for: opened) : nil
            let prefs = projectWrites?.prefs ?? opened
            let wasNowhere = SuiteSelection.isNowhere(prefs)
            defer { SuiteSelection.sayCreated(prefs, wasNowhere: wasNowhere) }
            if project, type != nil {
                throw CommandFailure("--project writes settings the schema declares; leave out --type", status: ExitStatus.usage)
            }
            if let type = type.flatMap(StoredType.init(rawValue:)), try storeTyped(type, values: values, in: prefs) { return }
            let key: AnyPreferenceKey
            do { key = try prefs.schema.requireKey(named: self.key) } catch PreferenceError.unknownKey(let name, let suggestions) where suggestions.isEmpty {
                throw CommandFailure(Self.howToAdd(name, values: values, in: prefs.schema), status: ExitStatus.usage)
            }
            if unset {
                guard key.type.isOptional else {
                    throw CommandFailure("\(key.name) is not optional and cannot be unset; use `prefs-tui reset \(key.name)` for its default", status: ExitStatus.usage)
                }
                try prefs.write([key.name: nil])
            } else {
                if !key.type.isList && values.count > 1 {
                    throw CommandFailure("\(key.name) takes one value, got \(values.count): \(values.map(\.quotedForMessage).joined(separator: ", "))",
                                         status: ExitStatus.usage)
                }
                if let refusal = projectWrites.flatMap({ _ in ProjectValues.refusal(of: key) }) {
                    throw CommandFailure("\(key.name): \(refusal); set it in your own file, without --project", status: ExitStatus.usage)
                }
                // As the editor commits: the default itself is not stored, so `list` shows the
                // setting unmodified and `set KEY "$(get KEY)"` changes nothing. A project's
                // file keeps even the default: it pins the value for everyone in the project.
                if project {
                    try prefs.write([key.name: key.storedValue(parsing: values)])
                } else {
                    try prefs.writeEdits([key.name: key.storedValue(parsing: values)])
                }
            }
            try projectWrites?.trustWhatWasWritten()
            // Written to the user's file while a project's file decides it here: said, or the
            // person would wonder why `get` still answers the project's value.
            if !project, case .project(let path) = opened.source(of: key) {
                Diagnostics.print("note: \(key.name) is set by \(SettingWords.projectFile(path)) here, which overrides your file; "
                    + "use --project to change it there")
            }
            // Stored all the same (it is kept for when it is in use again), but the person
            // should know that the program does not use it now.
            if let reason = prefs.notInUseReason(of: key) {
                Diagnostics.print("note: " + SettingFacts.notInUseMessage(key, reason: reason))
            }
            prefs.reportStoreWarnings()
        }
    }

    /// The values as given: on the command line, from standard input (`set KEY -`), or typed
    /// unseen at a prompt (`set KEY` on a terminal).
    private func valuesGiven() throws -> [String] {
        // Typed at a terminal, `-` asks as a bare `set KEY` does: with echo off, one line.
        if valueFromStandardInput, isatty(STDIN_FILENO) == 0 {
            var data = try InputFile.standardInput(kind: "a value", prefix: "cannot read the value from standard input")
            // No byte at all is no value (`pass show x | prefs-tui set token -` where `pass`
            // failed), not an empty one: an empty line is how an empty text is sent.
            guard !data.isEmpty else {
                throw CommandFailure("nothing on standard input for \(key.quotedForMessage) (not even a line break); nothing was changed. "
                    + "To store an empty text, send an empty line: echo | prefs-tui set \(key.shellQuotedIfNeeded) -",
                    status: ExitStatus.noInput)
            }
            // One final line break, LF or CRLF, as `echo` and Windows editors end a line:
            // dropped as bytes (in Swift "\r\n" is one Character, and removing two would take
            // the value's last character with it).
            if data.last == 0x0A { data.removeLast() }
            if data.last == 0x0D { data.removeLast() }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw CommandFailure("the value on standard input is not valid UTF-8 text; nothing was changed", status: ExitStatus.dataError)
            }
            return [text]
        }
        guard values.isEmpty || valueFromStandardInput, !unset else { return values }
        guard let typed = HiddenAnswer.readLine(prompt: "\(key.controlCharactersEscaped) (typed unseen, Enter ends): ") else {
            throw CommandFailure("no value typed for \(key.quotedForMessage); nothing was changed", status: ExitStatus.usage)
        }
        return [typed]
    }

    /// `set --type`: a key no schema declares is written as that type, whatever the file held
    /// (true: done). A key the schema declares keeps its type: the same `--type` is taken (and
    /// the usual path writes it), another is refused.
    private func storeTyped(_ type: StoredType, values: [String], in prefs: Preferences) throws -> Bool {
        if let past = Self.pastName(key, in: prefs.schema) {
            throw CommandFailure("\(key.quotedForMessage) is \(past); it cannot be set", status: ExitStatus.usage)
        }
        let typed = type.key(named: key, values: values)
        if let declared = prefs.schema.key(named: key), prefs.schema.declaresType(of: declared) {
            guard declared.type.unwrapped == typed.type else {
                throw CommandFailure("\(key.quotedForMessage) is declared as \(declared.type.name) by the schema; --type \(type.rawValue) does not apply",
                                     status: ExitStatus.usage)
            }
            return false
        }
        if unset { throw CommandFailure("--type sets a value; to remove \(key.quotedForMessage), use `prefs-tui reset \(key)`", status: ExitStatus.usage) }
        // Checked as that type, then written through the suite's own preferences, so that the
        // write carries out a pending migration as any other write does.
        let value = try typed.storedValue(parsing: values)
        // The one way to repair a damaged record of the schema version: a whole number, checked
        // as every write of it is.
        if key == PreferenceSchema.versionKey, let refusal = prefs.schema.versionRefusal(value) { throw refusal }
        if prefs.schema.key(named: key) == nil {
            try prefs.write([key: value])
        } else {
            // A key the file holds with another type (retyped on purpose): through a schema of
            // this one key, so the new type is what is checked, and a site's lock still applies.
            let scoped = Preferences(store: prefs.store, schema: PreferenceSchema(title: "", suiteName: prefs.schema.suiteName, keys: [typed]),
                                     site: prefs.site)
            try scoped.write([key: value])
        }
        prefs.reportStoreWarnings()
        return true
    }

    /// No dead end for a key nothing describes (no near name either): how to add it, with its
    /// type, or by describing the suite with a schema file.
    static func howToAdd(_ name: String, values: [String], in schema: PreferenceSchema) -> String {
        let types = StoredType.allCases.map(\.rawValue).joined(separator: ", ")
        let example = "prefs-tui set --type TYPE \(name.shellQuotedIfNeeded) \(values.first?.shellQuotedIfNeeded ?? "VALUE") --suite \(schema.suiteName.shellQuotedIfNeeded)"
        let whose = schema.isInferred ? "\(schema.suiteName) has no schema, and no such key yet"
            : "the schema of \(schema.suiteName) does not declare it"
        let orSchema = schema.isInferred ? ", or describe the suite with --schema FILE (as `prefs-tui schema` prints one)" : ""
        return "unknown key \(name.quotedForMessage): \(whose); to add it, give its type: \(example) (TYPE: \(types))\(orSchema)"
    }

    /// What a name no longer is in this schema: a retired setting, or a renamed one's old name.
    static func pastName(_ name: String, in schema: PreferenceSchema) -> String? {
        if schema.key(named: name) != nil { return nil }
        if schema.retiredKeys.contains(name) { return "a setting this program retired" }
        if let key = schema.keys.first(where: { $0.renamedFrom.contains(name) }) { return "the old name of \(key.name)" }
        return nil
    }
}

