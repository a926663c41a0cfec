import ArgumentParser
import Foundation
import PrefsModel

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", _superCommandName: PrefsTUI.name,
        abstract: "Set the values in a file written by `export` (JSON or plist).",
        discussion: """
            Every value is checked first; if any value is invalid, each problem is reported and \
            nothing is written. Otherwise all values are written at once. Settings not in the \
            file keep their values. In JSON, null unsets an optional. Keys the schema does not \
            describe are written with the type the file gives them (JSON: see export), except a \
            name that looks like a typo of a schema key ("did you mean"), which --other-keys \
            writes too (a backup of a suite that holds such a key).
            """)

    @Argument(help: "The file to import.", completion: .file()) var file: String
    @Flag(help: "Also write keys whose names are close to a schema key's, as keys the schema does not describe.")
    var otherKeys = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            // No copy of the file's bytes is kept after the write: nothing looks again.
            let prefs = try options.open(readsOnce: true)
            let wasNowhere = SuiteSelection.isNowhere(prefs)
            let data = try InputFile.contents(of: file, kind: "an import file", prefix: "cannot read")
            let shownFile = file.controlCharactersEscaped
            var changes: [String: PlistValue?] = [:]
            var problems: [String] = []
            var typoLike = 0
            var lockedKeys = 0
            /// Checks one entry: a key with a declared type takes a value of that type that
            /// follows its rule (`typed`); any other key is written with the type the file gives
            /// it (`untyped`), unless it looks like a typo of a declared key.
            // An old export names settings as they were called then: each goes to its new name.
            var newNames: [String: String] = [:]
            for key in prefs.schema.keys { for old in key.renamedFrom { newNames[old] = key.name } }
            func check(_ exported: String, typed: (AnyPreferenceKey) throws -> PlistValue?, untyped: () throws -> PlistValue?) {
                let name = prefs.schema.key(named: exported) == nil ? newNames[exported] ?? exported : exported
                // A setting the program retired is no longer imported.
                if prefs.schema.key(named: name) == nil, prefs.schema.retiredKeys.contains(name) { return }
                do {
                    // A backup of a versioned program says which version its values are at: the
                    // write migrates them from there (see `Preferences.write`).
                    if name == PreferenceSchema.versionKey, prefs.schema.version > 0 {
                        let version = try untyped()
                        if let refusal = prefs.schema.versionRefusal(version ?? .string("null")) { throw refusal }
                        changes[name] = .some(version)
                        return
                    }
                    // A locked setting is no problem when the file gives the value the lock
                    // gives (a backup made before the lock restores); any other value is one.
                    if let key = prefs.schema.key(named: name), let lockFile = prefs.lockFile(of: key) {
                        let value = try prefs.schema.declaresType(of: key) ? typed(key) : untyped()
                        if key.text(of: value) == prefs.text(of: key) { return }
                        lockedKeys += 1
                        throw PreferenceError.locked(key: name, lockFile: lockFile)
                    }
                    if let key = prefs.schema.key(named: name), prefs.schema.declaresType(of: key) {
                        do {
                            changes[name] = .some(try typed(key))
                        } catch let error as PreferenceError where name != exported && error.isRefusedValue {
                            // Under an old name, a value the renamed setting does not take stays
                            // under that name, as a migration keeps it: reported, never lost.
                            changes[exported] = .some(try untyped())
                        }
                        return
                    }
                    let declared = prefs.schema.suggestions(for: name).filter { suggestion in
                        prefs.schema.key(named: suggestion).map(prefs.schema.declaresType(of:)) ?? false
                    }
                    if prefs.schema.key(named: name) == nil, !declared.isEmpty, !otherKeys {
                        typoLike += 1
                        throw PreferenceError.unknownKey(name, suggestions: declared)
                    }
                    changes[name] = .some(try untyped())
                } catch let error as PreferenceError {
                    problems.append(error.naming(name).description(maxValueLength: 200))
                } catch {
                    problems.append("\(name): \(error)")
                }
            }
            if let plist = try Self.plistValues(data, shownFile: shownFile) {
                for (name, value) in plist.sorted(by: { $0.key < $1.key }) {
                    check(name, typed: { key in
                        try key.checkStored(value)
                        return value
                    }, untyped: { value })
                }
            } else {
                for (name, value) in try Self.jsonSettings(data, shownFile: shownFile, schema: prefs.schema).sorted(by: { $0.name < $1.name }) {
                    // The JSON Schema an export names (`export --json-schema`): a reference for
                    // editors and validators, not a setting.
                    if name == "$schema", prefs.schema.key(named: name) == nil, case .string = value { continue }
                    // null removes a key the schema does not describe, as it unsets an optional.
                    check(name, typed: { try $0.storedValue(json: value) }, untyped: { value == .null ? nil : try PlistValue(jsonValue: value) })
                }
            }
            guard problems.isEmpty else {
                for problem in problems { Diagnostics.print(problem) }
                // An export of a suite holding keys the schema does not describe, with names near
                // a schema key's, is refused like a typo; say how to restore it as it was.
                let hint = typoLike == 0 ? "" : "; if \(typoLike == 1 ? "the unknown key is" : "the \(typoLike) unknown keys are") meant, --other-keys writes \(typoLike == 1 ? "it" : "them") as keys the schema does not describe"
                // Only locked settings in the way: a permission problem (77), as `set` of one is.
                let status = lockedKeys == problems.count ? ExitStatus.noPermission : ExitStatus.dataError
                throw CommandFailure("\(shownFile): nothing imported (\(problems.count) problem\(problems.count == 1 ? "" : "s"))\(hint)", status: status)
            }
            // Written as edits, like `set`: a value equal to its declared default removes the
            // stored one, so importing an export (which holds only stored values) reproduces it.
            try prefs.writeEdits(changes)
            prefs.reportStoreWarnings()
            SuiteSelection.sayCreated(prefs, wasNowhere: wasNowhere)
        }
    }

    /// The settings of a JSON file, read member by member (never the whole document as a tree of
    /// dictionaries). A list for a list key is taken item by item: at the first item that is not
    /// of the item type, the list ends there (its conversion then refuses it with the message the
    /// whole list would get) and the rest is only read for its syntax, so a long list of the wrong
    /// kind is refused without being held (a 15 MB list of numbers for a list of text held 350 MB).
    /// A file that is not a JSON object is read whole, to report the fault as the tree reader does.
    ///
    /// Every value of a key no schema describes counts against the suite's size limit as it is
    /// read (see ``SuiteBudget``): a file whose values could not fit in any suite is refused
    /// there, before it is held whole.
    private static func jsonSettings(_ data: Data, shownFile: String, schema: PreferenceSchema) throws -> [(name: String, value: JSONValue)] {
        do {
            return try data.withUnsafeBytes { raw in
                var scanner = JSONScanner(raw.bindMemory(to: UInt8.self), checkingUTF8: true)
                var settings: [(name: String, value: JSONValue)] = []
                var budget = SuiteBudget()
                scanner.begin()
                try scanner.members { scanner, name in
                    if let key = schema.key(named: name), schema.declaresType(of: key), key.listItemFits(json: .null) != nil {
                        settings.append((name, try listValue(of: key, from: &scanner)))
                    } else if schema.setting(storedUnder: name) == nil, !schema.retiredKeys.contains(name) {
                        // Only a key no schema describes is counted: it is written exactly as the
                        // file gives it. A declared setting's value may be converted to a shorter
                        // form ("yes" to <true/>), or not stored at all (its default, a locked
                        // setting's value, a retired one), so no count of it is a lower bound.
                        try budget.spend(12 + name.utf8.count)  // its <key>
                        settings.append((name, try budget.value(from: &scanner)))
                    } else {
                        settings.append((name, try scanner.value()))
                    }
                }
                try scanner.end()
                return settings
            }
        } catch is SuiteBudget.Spent {
            throw CommandFailure("\(shownFile): nothing imported: its values take more than "
                + FileSizeLimit.limitText(FileSizeLimit.suiteFile, kind: "a suite file"), status: ExitStatus.dataError)
        } catch is JSONSyntaxError {
            let json: JSONValue
            do { json = try JSONValue(parsing: data) } catch let error as JSONSyntaxError {
                // A duplicate key or a number out of range is JSON, just not JSON to take.
                let message = error.problem == .syntax ? "neither a property list nor JSON (\(error))" : "\(error)"
                throw CommandFailure("\(shownFile): \(message)", status: ExitStatus.dataError)
            }
            guard case .object(let object) = json else {
                throw CommandFailure("\(shownFile): not a JSON object of settings, but \(json.kindName == "array" ? "an" : "a") \(json.kindName)", status: ExitStatus.dataError)
            }
            return object.map { ($0.key, $0.value) }
        }
    }

    /// A list key's value: items up to and including the first that is not of the item type.
    /// Any other value (null, an object) is read as it is, for the key's conversion to judge.
    private static func listValue(of key: AnyPreferenceKey, from scanner: inout JSONScanner) throws -> JSONValue {
        guard scanner.isAtArray else { return try scanner.value() }
        var items: [JSONValue] = []
        var refused = false
        try scanner.items { scanner in
            let item = try scanner.value()  // read for its syntax even after a refusal
            guard !refused else { return }
            items.append(item)
            if key.listItemFits(json: item) == false { refused = true }
        }
        return .array(items)
    }

    /// What an import's values may still take of a suite file, counted as they are read: each
    /// part by the least it takes there (``PlistXMLWriter/leastSize(ofImported:)``), so the
    /// count never refuses what would fit.
    private struct SuiteBudget {
        struct Spent: Error {}
        private var left = FileSizeLimit.suiteFile

        mutating func spend(_ bytes: Int) throws(Spent) {
            left -= bytes
            if left < 0 { throw Spent() }
        }

        /// A value, read as `JSONScanner.value()` reads it, part by part within the budget.
        mutating func value(from scanner: inout JSONScanner) throws -> JSONValue {
            if scanner.isAtArray {
                var items: [JSONValue] = []
                try scanner.items { scanner in items.append(try value(from: &scanner)) }
                let array = JSONValue.array(items)
                try spend(PlistXMLWriter.leastSize(ofImported: array))
                return array
            }
            if scanner.isAtObject {
                let before = left
                var members: [(name: String, value: JSONValue)] = []
                try scanner.members { scanner, name in members.append((name, try value(from: &scanner))) }
                // The scanner refuses a name given twice, so the names are unique here.
                let object = JSONValue.object(Dictionary(uniqueKeysWithValues: members))
                if members.count == 1, let tagged = PlistXMLWriter.leastSize(ofTag: members[0].name) {
                    // A tag stands for one element, whatever its text counted for.
                    left = before
                    try spend(tagged)
                } else {
                    try spend(PlistXMLWriter.leastSize(ofImported: object, members: members.map(\.name)))
                }
                return object
            }
            let scalar = try scanner.value()
            try spend(PlistXMLWriter.leastSize(ofImported: scalar))
            return scalar
        }
    }

    /// The settings of a property-list file, or nil when the file is not a plist (then it is
    /// read as JSON). A plist that cannot be read is refused with the reason, by the same reader
    /// as suite files (no input reaches Foundation's parser unchecked).
    private static func plistValues(_ data: Data, shownFile: String) throws -> [String: PlistValue]? {
        let head = String(decoding: data.prefix(16), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("bplist") else { return nil }
        let document: PlistDocument.Reading
        do { document = try PlistDocument.read(data) } catch {
            throw CommandFailure("\(shownFile): nothing imported: the file \(error.reason)", status: ExitStatus.dataError)
        }
        guard case .dictionary(let values) = document.root else {
            throw CommandFailure("\(shownFile): nothing imported: the file does not hold a dictionary of settings", status: ExitStatus.dataError)
        }
        return values
    }
}
