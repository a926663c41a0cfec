import ArgumentParser
import Foundation
import PrefsModel

struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, plist
    }

    static let configuration = CommandConfiguration(
        commandName: "export", _superCommandName: PrefsTUI.name,
        abstract: "Write the user's non-default values, for backup or another machine.",
        discussion: """
            JSON is an object of key to value (values as in `get --json`); plist is an XML \
            property list like the suite file. Every stored value is exported, also of keys the \
            schema does not describe, except values the schema's rules reject (a warning names \
            them). Keys without a schema keep their plist type in JSON: dates as \
            {"$date": "2026-11-21T09:30:00Z"}, data as {"$data": "base64"}, reals always with a fraction \
            (nan and infinities as {"$real": "nan"}). `prefs-tui import` reads both; a backup \
            holding such keys is restored with `import --other-keys`.
            """)

    @Option(help: "Write to this file instead of standard output.", completion: .file()) var output: String?
    @Option(help: "json or plist.") var format: Format = .json
    @Option(help: ArgumentHelp("Name a JSON Schema in a JSON export (its \"$schema\" member), for editors and validators; import skips it.",
                               discussion: "Write the schema with `prefs-tui schema --format json-schema > FILE`.", valueName: "url-or-path"))
    var jsonSchema: String?
    @Flag(help: "Include secret settings' values (left out otherwise); an output file is written with mode 0600.")
    var includeSecrets = false
    @Flag(help: "Write the value every setting has in effect, from whichever layer (your file, the site's files, a lock, the default), each with its source: for support and audits. JSON only; import takes the user's own export.")
    var effective = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            if jsonSchema != nil && (format == .plist || effective) {
                throw CommandFailure("--json-schema names a schema in a JSON export of your own values; leave out \(effective ? "--effective" : "--format plist")",
                                     status: ExitStatus.usage)
            }
            if effective && format == .plist {
                throw CommandFailure("--effective writes JSON only (each value with its source); leave out --format plist", status: ExitStatus.usage)
            }
            let prefs = try options.open(readsOnce: true, mustExist: true)
            if effective {
                let data = Data((Self.effectiveValues(prefs, includeSecrets: includeSecrets).prettyText + "\n").utf8)
                guard let output else { return Output.write(data) }
                return try write(data, to: output, suitePath: prefs.store.location, privateFile: includeSecrets)
            }
            var stored: [String: PlistValue] = [:]
            var json: [String: JSONValue] = [:]
            // A value the file spells in a way only a lenient reading takes (a date such as
            // 2024-02-30, base64 with a stray space) is what the file says, not what a reader
            // makes of it: a backup of the reading would, once imported, replace the file's
            // bytes with it for good. It is left out, said, and kept in the file as it is.
            let lenient = (prefs.store as? SuiteStore)?.leniently ?? [:]
            var secretsLeftOut: [String] = []
            for key in prefs.schema.keys {
                // As the key reads it: a value under an old name, or of an old type, is exported
                // under the key's name as it is now, converted.
                guard let value = prefs.userStored(key) else { continue }
                // A secret's value only where it is asked for (``SecretValues``).
                if key.isSecret && !includeSecrets {
                    secretsLeftOut.append(key.name)
                    continue
                }
                if let bytes = lenient[key.name] {
                    let spelled = String(decoding: bytes.prefix(120), as: UTF8.self).controlCharactersEscaped
                    Diagnostics.print("warning: not exported: \(key.name.controlCharactersEscaped): the file holds \(spelled), "
                        + "read leniently as \(value.summary.controlCharactersEscaped); set it again to export it")
                    continue
                }
                if let diagnostic = prefs.diagnostic(for: key) {
                    Diagnostics.print("warning: not exported: \(diagnostic)")
                    continue
                }
                stored[key.name] = value
                // A key without a declared type is written with its plist type, so that import
                // into a suite that lacks it (a new machine) recreates the same value.
                json[key.name] = prefs.schema.declaresType(of: key) ? key.json(of: value) : value.jsonValue
            }
            // Values left under an old name (the renamed setting does not take them) go along
            // as they are stored: a backup loses nothing.
            for step in prefs.migrationPlan() {
                guard case .keep = step.action, stored[step.from] == nil else { continue }
                // A secret's old value is as secret as its new one.
                if !includeSecrets, prefs.schema.setting(storedUnder: step.from)?.isSecret == true {
                    if !secretsLeftOut.contains(step.from) { secretsLeftOut.append(step.from) }
                    continue
                }
                stored[step.from] = step.value
                json[step.from] = step.value?.jsonValue
            }
            // A versioned program's backup says which version its values are at (0: before
            // any), so that importing it runs the migration steps after that version.
            if prefs.schema.version > 0 {
                let version = prefs.store.storedValue(forKey: PreferenceSchema.versionKey) ?? .int(0)
                stored[PreferenceSchema.versionKey] = version
                json[PreferenceSchema.versionKey] = version.jsonValue
            }
            if !secretsLeftOut.isEmpty {
                Diagnostics.print("note: secret settings left out: \(secretsLeftOut.joined(separator: ", ").controlCharactersEscaped) "
                    + "(export --include-secrets writes them; import keeps the stored ones)")
            }
            let data: Data
            switch format {
            case .json:
                // `$` sorts before letters, so the reference comes first, where editors look.
                if let jsonSchema {
                    // Another program's value stored as "$schema" (no schema may declare the
                    // name) would be replaced by the reference, and import skips it: refused
                    // rather than lost from the backup.
                    if json["$schema"] != nil {
                        throw CommandFailure("--json-schema: the suite stores a value named \"$schema\", which the reference "
                            + "would replace in the export; export without --json-schema", status: ExitStatus.dataError)
                    }
                    json["$schema"] = .string(jsonSchema)
                }
                data = Data((JSONValue.object(json).prettyText + "\n").utf8)
            case .plist:
                // The store's own writer, so an export is the suite file's format byte for byte:
                // a decimal point in any locale, and text XML cannot carry refused by key path
                // instead of written as a file no reader can parse.
                data = try PlistValue.xmlPropertyList(stored)
            }
            guard let output else {
                Output.write(data)
                return
            }
            try write(data, to: output, suitePath: prefs.store.location, privateFile: includeSecrets)
        }
    }

    /// `export --effective`: each setting's value in effect with the layer it comes from, and
    /// the file for a value read from one (`{"city": {"value": "Bergen", "source": "site",
    /// "file": "/etc/xdg/com.example.weather.plist"}}`).
    static func effectiveValues(_ prefs: Preferences, includeSecrets: Bool) -> JSONValue {
        var entries: [String: JSONValue] = [:]
        for key in prefs.schema.keys {
            let source = prefs.source(of: key)
            var entry: [String: JSONValue] = ["value": prefs.json(of: key), "source": .string(source.kind)]
            if key.isSecret && !includeSecrets {
                entry["value"] = nil
                entry["secret"] = .bool(true)
            }
            if let file = source.path { entry["file"] = .string(file) }
            if case .locked(let lockFile, _) = source { entry["lockedBy"] = .string(lockFile) }
            entries[key.name] = .object(entry)
        }
        return .object(entries)
    }

    /// Writes the export to `output`, never over the suite it was read from (nor its lock file):
    /// replacing the suite with its own export in JSON would leave a file no reader can parse.
    private func write(_ data: Data, to output: String, suitePath: String, privateFile: Bool = false) throws {
        for (file, what) in [(suitePath, "the suite file"), (suitePath + ".lock", "the suite's lock file")]
        where OutputFile.isSameFile(output, as: file) {
            throw CommandFailure(
                "cannot export to \(output.quotedForMessage): it is \(what) \(file.quotedForMessage); choose another file",
                status: ExitStatus.usage)
        }
        do {
            try OutputFile.write(data, to: output, privateFile: privateFile)
        } catch PreferenceError.writeFailed(_, let reason) {
            throw CommandFailure("cannot write \(output.quotedForMessage): \(reason.controlCharactersEscaped)", status: ExitStatus.ioError)
        }
    }
}
