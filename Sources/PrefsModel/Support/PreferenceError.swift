/// Everything that can go wrong when reading, writing or describing settings, with messages
/// that name the key, the value and what is allowed.
///
/// ```swift
/// do { try prefs.set(500, for: .refreshInterval) }
/// catch { print(error) }  // refreshInterval: 500 is not allowed; allowed: 5…240 in steps of 5
/// ```
public enum PreferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value that does not parse or breaks the key's rule. `key` is nil until a caller that
    /// knows the key adds it.
    case invalidValue(key: String?, value: String, allowed: String)
    /// A value of a secret setting that does not parse or breaks its rule. The value is never
    /// part of the error: a refused password in a log is as bad as an
    /// accepted one.
    case invalidSecret(key: String, allowed: String)
    /// A key name the schema does not declare; `suggestions` are the nearest names.
    case unknownKey(String, suggestions: [String])
    /// A key read or written through `Preferences` that its schema does not list (declared in
    /// code, then forgotten in the schema's keys): it works, but no editor, `list` or `export`
    /// shows it. Reported once per key, to the write-error handler.
    case keyNotInSchema(String, suiteName: String)
    /// The suite's file or folder could not be written; nothing was saved.
    case writeFailed(path: String, reason: String)
    /// Another process (`holder`: "process 4242 (prefs-tui)", or "another process" when the
    /// kernel does not say) has held the suite's lock file (`path`) for `seconds` without
    /// writing: it is stopped or hung. Nothing was saved; trying again later may work.
    case lockHeld(path: String, holder: String, seconds: Double)
    /// A schema document that cannot be used; `location` points at the entry at fault.
    case invalidSchema(location: String, reason: String)
    /// Values already in the suite file that an XML property list cannot carry (another
    /// program wrote them, say as a binary plist with an escape character in a string):
    /// `blocking` has the keys this write leaves alone, with what each holds; `changing` the keys
    /// this write changes that hold such a value too. A write of any key is refused while they
    /// are there: the file is always written whole, and it must stay valid XML for every reader
    /// (Foundation, `plistlib`). Nothing was saved. Resetting or setting such a key first lets
    /// writes through; where there are several, they must be reset in one write, since one at a
    /// time each is refused because of the others.
    case unwritableStoredValues(blocking: [String: String], changing: [String])
    /// A key the site has locked (`lockFile` lists it): it reads the site's value whatever the
    /// user's file holds, and no write of it is taken. Nothing was saved.
    case locked(key: String, lockFile: String)
    /// A rename that cannot be made: nothing is stored under `from`, or `to` already holds a
    /// value (a rename never overwrites one). Nothing was saved.
    case renameRefused(from: String, to: String, reason: String)
    /// The schema's ``MigrationStep`` to `version` threw (`reason` is its error): nothing of that
    /// step was written, and the suite records the version before it. The steps before it, and
    /// the write that ran them, were saved.
    case migrationFailed(version: Int, reason: String)
    /// The write would break a rule across settings (``SettingsRule``): `reason` names the
    /// settings and their values. Nothing was saved.
    case ruleBroken(keys: [String], reason: String)

    /// The message for a person. Every part that came from input (a key, a value, a path, a
    /// schema entry) is shown with control characters escaped, so a hostile value cannot break
    /// the line or send escape sequences to the terminal.
    public var description: String {
        switch self {
        case .invalidValue(let key, let value, let allowed):
            let subject = key.map { "\($0.controlCharactersEscaped): " } ?? ""
            return "\(subject)\(Self.quoted(value)) is not allowed; allowed: \(allowed.controlCharactersEscaped)"
        case .invalidSecret(let key, let allowed):
            return "\(key.controlCharactersEscaped): the value is not allowed; allowed: \(allowed.controlCharactersEscaped)"
        case .keyNotInSchema(let name, let suiteName):
            return "the key \(Self.quoted(name)) is used, but the schema of \(suiteName.controlCharactersEscaped) does not list it: "
                + "add it to the schema's keys, or no editor, list or export will show it"
        case .unknownKey(let name, let suggestions):
            if suggestions.isEmpty { return "unknown key \(Self.quoted(name))" }
            return "unknown key \(Self.quoted(name)); did you mean \(suggestions.joined(separator: ", ").controlCharactersEscaped)?"
        case .writeFailed(let path, let reason):
            return "cannot write \(path.controlCharactersEscaped): \(reason.controlCharactersEscaped); nothing was saved"
        case .lockHeld(let path, let holder, let seconds):
            // The holder first: an editor's status line may cut the end of a long path.
            let waited = (seconds * 10).rounded() / 10
            return """
                \(holder.controlCharactersEscaped) has held the lock \(path.controlCharactersEscaped) for \(waited) s without \
                writing; nothing was saved, try again later
                """
        case .invalidSchema(let location, let reason):
            return "invalid schema at \(location.controlCharactersEscaped): \(reason.controlCharactersEscaped)"
        case .unwritableStoredValues(let blocking, let changing):
            // Keys holding the same kind of thing share one clause: "city", "extra" hold text ….
            let groups = Dictionary(grouping: blocking.keys.sorted(), by: { blocking[$0]! })
            let clauses = groups.keys.sorted().map { what in
                let keys = groups[what]!
                return "\(keys.map(Self.quoted).joined(separator: ", ")) \(keys.count == 1 ? "holds" : "hold") \(what)"
            }
            let message = "cannot save: \(clauses.joined(separator: "; ")); nothing was saved; "
            let all = Set(blocking.keys).union(changing).sorted().map(Self.quoted)
            guard all.count > 1 else { return message + "reset or set \(all.joined()) first" }
            return message + "reset \(all.joined(separator: ", ")) together first (one at a time, each is refused because of the others)"
        case .locked(let key, let lockFile):
            return "\(key.controlCharactersEscaped) is \(SettingWords.lockedBy(lockFile)); nothing was saved"
        case .renameRefused(let from, let to, let reason):
            return "cannot rename \(Self.quoted(from)) to \(Self.quoted(to)): \(reason.controlCharactersEscaped); nothing was saved"
        case .migrationFailed(let version, let reason):
            return "the migration step to version \(version) failed: \(reason.controlCharactersEscaped); the suite stays at the version before it"
        case .ruleBroken(_, let reason):
            return "\(reason.controlCharactersEscaped); nothing was saved"
        }
    }

    /// The message with a refused value longer than `maxValueLength` characters cut to its
    /// start and its length (`"xxxxxxxx…" (50000 characters)`), so that a line as wide as a
    /// status line still ends with what is allowed. Other errors read as ``description``.
    ///
    /// ```swift
    /// error.description(maxValueLength: 40)
    /// ```
    package func description(maxValueLength: Int) -> String {
        guard case .invalidValue(let key, let value, let allowed) = self, value.count > maxValueLength else { return description }
        let subject = key.map { "\($0.controlCharactersEscaped): " } ?? ""
        let start = String(value.prefix(max(1, maxValueLength))).controlCharactersEscaped
        return "\(subject)\"\(start)…\" (\(value.count) characters) is not allowed; allowed: \(allowed.controlCharactersEscaped)"
    }

    /// The same error with the key filled in, for errors raised below the key level.
    ///
    /// ```swift
    /// error.naming("city")
    /// ```
    package func naming(_ key: String) -> PreferenceError {
        if case .invalidValue(nil, let value, let allowed) = self {
            return .invalidValue(key: key, value: value, allowed: allowed)
        }
        return self
    }

    /// Whether the error refuses a value (of a secret or not).
    package var isRefusedValue: Bool {
        switch self {
        case .invalidValue, .invalidSecret: true
        default: false
        }
    }

    /// The error as a person may see it where `schema` describes the keys: a refused value of a
    /// secret setting loses its value. For errors raised below the key level (the file's writer
    /// refusing a character no property list can carry), which quote the value they refused.
    package func redactingSecrets(of schema: PreferenceSchema) -> PreferenceError {
        guard case .invalidValue(let name?, _, let allowed) = self, let key = schema.key(named: name), key.isSecret else { return self }
        return .invalidSecret(key: name, allowed: allowed)
    }

    /// The same error for the setting `key`: named, and, for a secret, without its value.
    package func naming(_ key: AnyPreferenceKey) -> PreferenceError {
        let named = naming(key.name)
        guard key.isSecret, case .invalidValue(_, _, let allowed) = named else { return named }
        return .invalidSecret(key: key.name, allowed: allowed)
    }

    /// A value or name in quotes, with control characters escaped: a message is shown to a
    /// person, and a raw line break or escape sequence would garble it.
    static func quoted(_ text: String) -> String {
        text.quotedForMessage
    }
}
