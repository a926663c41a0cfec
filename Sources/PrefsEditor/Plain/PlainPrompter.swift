import PrefsModel

/// The editor as plain prompts, for screen readers, braille displays, `TERM=dumb` terminals
/// (Emacs shell buffers, serial lines) and people who prefer questions to a full screen. Output
/// only appends: no cursor movement, no escape sequences. It takes one line at a time and
/// answers with the text to print, so it runs (and is tested) without a terminal.
///
/// The settings are listed as a numbered list by section; a number or a key name picks one; the
/// prompt says its title, help, value, default and rule in words; Enter keeps the value; every
/// change is said in a sentence or refused with the message `set` gives; live values that a
/// change moves are printed after it. `r` resets, `u` undoes, `l` lists again, `q` quits.
package final class PlainPrompter {
    private let prefs: Preferences
    private let suiteName: String
    private let keys: [AnyPreferenceKey]
    private var picked: AnyPreferenceKey?
    /// What `u` puts back: the value before a change, and what the change stored.
    private var undo: [(key: AnyPreferenceKey, previous: PlistValue?, written: PlistValue?)] = []
    /// Every change written, in order, for the session's summary.
    package private(set) var committed = SessionChanges()
    /// Whether the person quit.
    package private(set) var isFinished = false

    package init(prefs: Preferences, suiteName: String) {
        self.prefs = prefs
        self.suiteName = suiteName
        keys = prefs.schema.sections.flatMap(\.keys)
    }

    /// The first text: what this is, how to use it, the settings, and the first prompt.
    package func start() -> String {
        var text = "\(prefs.schema.title) settings, suite \(suiteName) (\(prefs.store.location)).\n"
        if let problem = prefs.store.loadProblem { text += "Warning: \(problem)\n" }
        text += "Type a setting's number or name to change it; l lists the settings again, r NUMBER resets one, "
        text += "u undoes the last change, q quits.\n"
        return text + listing() + menuPrompt
    }

    /// The answer to one line the person typed (without its line end).
    package func respond(to line: String) -> String {
        if let key = picked {
            picked = nil
            // A value is taken as typed (spaces are text); only an empty line keeps it.
            let answered = answer(line, for: key)
            return picked == nil ? answered + menuPrompt : answered
        }
        return menu(line.trimmingCharacters(in: .whitespaces))
    }

    /// A line that could not be taken (not UTF-8, too long): said, nothing changed, and the same
    /// question asked again.
    package func refuseLine(because reason: String) -> String {
        let text = "That line was not taken: \(reason). Nothing was changed.\n"
        guard let key = picked else { return text + menuPrompt }
        return text + question(for: key, again: true)
    }

    /// What to say to one line of input, whatever it turned out to be.
    func take(_ line: PlainLineReader.Line) -> String {
        switch line {
        case .text(let text): respond(to: text)
        case .notUTF8: refuseLine(because: "it is not UTF-8 text")
        case .tooLong: refuseLine(because: "it is longer than \(PlainLineReader.longestLine) bytes")
        case .end: endOfInput()
        }
    }

    /// Another program changed these settings (by name): said at once, on a line of its own,
    /// and the open question asked again, since what Enter keeps may have moved with it.
    package func changedOutside(_ names: Set<String>) -> String {
        let changed = keys.filter { names.contains($0.name) }
        guard !changed.isEmpty else { return "" }
        var text = "\n" + changed.map { "\(title(of: $0)) was changed by another program: now \(shown($0)).\n" }.joined()
        guard let key = picked else { return text + menuPrompt }
        if let lockFile = prefs.lockFile(of: key) {
            picked = nil
            text += "\(title(of: key)) is now locked by \(lockFile.controlCharactersEscaped): it cannot be changed here.\n"
            return text + menuPrompt
        }
        return text + question(for: key, again: true)
    }

    /// Standard input ended: like `q`.
    package func endOfInput() -> String {
        isFinished = true
        return "\n"
    }

    // MARK: The list

    private let menuPrompt = "Setting (number or name; l lists, q quits): "

    private func listing() -> String {
        var text = keys.isEmpty ? "No settings in this suite.\n" : ""
        var number = 0
        for section in prefs.schema.sections {
            text += "\(section.name)\n"
            for key in section.keys {
                number += 1
                var line = "  \(number). \(title(of: key)): \(shown(key))"
                let mark = SettingMark.of(hasProblem: prefs.store.storedValue(forKey: key.name).map { key.problem(with: $0) != nil } ?? false,
                                          isLocked: prefs.isLocked(key), hasUserValue: !prefs.isDefault(key), source: prefs.source(of: key))
                if let words = mark.words { line += " " + words }
                text += line + "\n"
            }
        }
        let live = liveValues()
        if !live.isEmpty { text += "Live values: " + live.map { "\($0.title) \($0.text ?? "(none)")" }.joined(separator: "; ") + "\n" }
        return text
    }

    private func menu(_ input: String) -> String {
        switch input {
        case "": return menuPrompt
        case "q", "Q":
            isFinished = true
            return "Bye.\n"
        case "l", "L": return listing() + menuPrompt
        case "u", "U": return undoLast() + menuPrompt
        case "?", "h", "help":
            return "Type a setting's number (1 to \(keys.count)) or its key name; r and a number resets it; u undoes; l lists; q quits.\n" + menuPrompt
        default: break
        }
        if input == "r" || input == "R" {
            return "Type r and the setting's number or name, such as r 1.\n" + menuPrompt
        }
        if input.hasPrefix("r ") || input.hasPrefix("R ") {
            let name = String(input.dropFirst(2)).trimmingCharacters(in: .whitespaces)
            guard let key = key(named: name) else { return noSetting(name, toReset: true) + menuPrompt }
            return reset(key) + menuPrompt
        }
        guard let key = key(named: input) else { return noSetting(input, toReset: false) + menuPrompt }
        if let lockFile = prefs.lockFile(of: key) {
            return "\(title(of: key)) is locked by \(lockFile.controlCharactersEscaped): it reads \(shown(key)) and cannot be changed here.\n" + menuPrompt
        }
        return question(for: key)
    }

    /// The place in a numbered list (counted from 1 on screen) that `input` names, or nil. The
    /// number is checked against the list before any arithmetic: an answer such as
    /// `-9223372036854775808` is no entry, never an overflow.
    static func listIndex(_ input: String, count: Int) -> Int? {
        guard let number = Int(input), number >= 1, number <= count else { return nil }
        return number - 1
    }

    private func noSetting(_ input: String, toReset: Bool) -> String {
        // A long line is cut: a screen reader would read all of it back.
        let shown = input.count > 60 ? String(input.prefix(60)) + "…" : input
        let range = keys.isEmpty ? "this suite has none" : "type a number from 1 to \(keys.count), or a key name"
        return "No setting \(shown.quotedForMessage)\(toReset ? " to reset" : ""): \(range).\n"
    }

    private func key(named input: String) -> AnyPreferenceKey? {
        if let index = Self.listIndex(input, count: keys.count) { return keys[index] }
        return keys.first { $0.name == input } ?? keys.first { $0.name.lowercased() == input.lowercased() }
    }

    // MARK: One setting

    private func question(for key: AnyPreferenceKey, again: Bool = false) -> String {
        picked = key
        if again {
            return key.rule.choices == nil ? "New value for \(title(of: key)) (Enter keeps \(shown(key)); r resets): "
                : "Choice for \(title(of: key)) (number or name; Enter keeps \(shown(key)); r resets): "
        }
        var text = "\(title(of: key)) (\(key.name.controlCharactersEscaped))"
        if !key.help.isEmpty { text += ": \(key.help.controlCharactersEscaped)" }
        text += "\nNow \(shown(key))"
        switch prefs.source(of: key) {
        case .site, .override: text += " (from \(prefs.source(of: key)))"
        default: break
        }
        text += key.hasDefault ? "; default \(shown(key, isDefault: true))" : "; no default declared"
        text += ". Allowed: \(Self.words(for: key)).\n"
        if let choices = key.rule.choices {
            for (index, choice) in choices.enumerated() { text += "  \(index + 1). \(choice.title.controlCharactersEscaped)\n" }
            return text + "Choice (number or name; Enter keeps \(shown(key)); r resets): "
        }
        let hint = key.type.isList ? "items separated by commas, or a JSON array; "
            : key.type.unwrapped == .string ? "\"\" for empty text; " : ""
        return text + "New value (\(hint)Enter keeps it; r resets): "
    }

    private func answer(_ input: String, for key: AnyPreferenceKey) -> String {
        if input.isEmpty { return "\(title(of: key)) stays \(shown(key)).\n" }
        if input == "r" || input == "R" { return reset(key) }
        if input == "\"\"", key.type.unwrapped == .string { return write(.string(""), to: key) }
        let value: PlistValue?
        do {
            value = try parse(input, for: key)
        } catch {
            // Asked again: Enter still keeps the value, so nobody is stuck here.
            return Self.message(for: error) + "\n" + question(for: key, again: true)
        }
        return write(value, to: key)
    }

    private func parse(_ input: String, for key: AnyPreferenceKey) throws -> PlistValue? {
        if let choices = key.rule.choices {
            if let index = Self.listIndex(input, count: choices.count) { return try key.storedValue(parsing: [choices[index].value]) }
            if let choice = choices.first(where: { $0.title.lowercased() == input.lowercased() || $0.value.lowercased() == input.lowercased() }) {
                return try key.storedValue(parsing: [choice.value])
            }
        }
        if key.type.unwrapped == .bool {
            switch input.lowercased() {
            case "on", "yes", "y": return try key.storedValue(parsing: ["true"])
            case "off", "no", "n": return try key.storedValue(parsing: ["false"])
            default: break
            }
        }
        if key.type.isList {
            if input.hasPrefix("[") { return try key.storedValue(json: try JSONValue(parsing: input)) }
            return try key.storedValue(parsing: input.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return try key.storedValue(parsing: [input])
    }

    private func write(_ value: PlistValue?, to key: AnyPreferenceKey, undoing: Bool = false) -> String {
        // An undo puts back exactly what was stored, also a value equal to the default.
        store(value, for: key, asEdit: !undoing) { [self] in
            undoing ? "Undone: \(title(of: key)) is \(shown(key)) again.\n" : "\(title(of: key)) set to \(shown(key)).\n"
        }
    }

    private func reset(_ key: AnyPreferenceKey) -> String {
        if let lockFile = prefs.lockFile(of: key) {
            return "\(title(of: key)) is locked by \(lockFile.controlCharactersEscaped); nothing was reset.\n"
        }
        guard !prefs.isDefault(key) else { return "\(title(of: key)) already reads \(shown(key)); nothing stored to reset.\n" }
        return store(nil, for: key, asEdit: true) { [self] in
            // A key nobody declared a default for is only removed: what that means is its
            // program's to say.
            key.hasDefault || prefs.source(of: key) != .registeredDefault
                ? "Reset \(title(of: key)): now \(shown(key)).\n"
                : "Removed \(key.name.controlCharactersEscaped) from the file; the program that owns it decides what it means.\n"
        }
    }

    /// Writes one value, as an edit (one equal to the default stores nothing, and what it
    /// replaced is kept for `u`) or as it is (an undo), and says what happened: `said` once
    /// written, with the live values that moved; the error as `set` words it when refused.
    private func store(_ value: PlistValue?, for key: AnyPreferenceKey, asEdit: Bool, said: () -> String) -> String {
        let before = liveValues()
        let previous = prefs.store.storedValue(forKey: key.name)
        do {
            let changes = asEdit ? try prefs.writeEdits([key.name: value]) : try prefs.write([key.name: value])
            committed.record(changes, edited: [key.name])
            // What this write stored, from its own result: read back from the store, another
            // program's write just after it would count as this one's, and `u` would undo it.
            if asEdit, let stored = changes.last(where: { $0.key == key.name }) { undo.append((key, previous, stored.new)) }
        } catch {
            return Self.message(for: error) + "\n"
        }
        return said() + movedLiveValues(since: before)
    }

    /// The live values a change moved, by name: each that differs now, `(none)` for one that has
    /// no value any more.
    private func movedLiveValues(since before: [(title: String, text: String?)]) -> String {
        let earlier = Dictionary(before.map { ($0.title, $0.text) }, uniquingKeysWith: { first, _ in first })
        let moved = liveValues().filter { earlier[$0.title] != .some($0.text) }.map { "\($0.title) \($0.text ?? "(none)")" }
        return moved.isEmpty ? "" : "Live values now: " + moved.joined(separator: "; ") + "\n"
    }

    /// An error as `set` words it, a long refused value cut to its start and its length.
    private static func message(for error: any Error) -> String {
        (error as? PreferenceError)?.description(maxValueLength: 200) ?? "\(error)"
    }

    private func undoLast() -> String {
        guard let last = undo.last else { return "Nothing to undo.\n" }
        let changedSince = UndoRule.changedSince([last.key.name: last.written]) { prefs.store.storedValue(forKey: $0) }
        guard changedSince.isEmpty else { return UndoRule.refusal(changedSince) + ".\n" }
        undo.removeLast()
        return write(last.previous, to: last.key, undoing: true)
    }

    // MARK: Words

    private func title(of key: AnyPreferenceKey) -> String {
        (key.title.isEmpty ? key.name : key.title).controlCharactersEscaped
    }

    /// The value as a person reads it: a choice's title, on/off, with the unit; `(unset)` for an
    /// optional without a value and `""` for empty text, as the editor and `list` show them;
    /// `(not set)` for a key of another program's that nobody declared a default for.
    private func shown(_ key: AnyPreferenceKey, isDefault: Bool = false) -> String {
        let stored = isDefault ? nil : prefs.resolution(of: key).stored
        if stored == nil, !key.hasDefault { return "(not set)" }
        let text = isDefault ? key.defaultText : key.text(of: stored)
        let display = isDefault ? key.defaultDisplayText : key.displayText(of: stored)
        if let choice = key.rule.choices?.first(where: { $0.value == text }) { return choice.title.controlCharactersEscaped }
        if key.type.isList, text == "[]" { return "(empty list)" }
        if key.type.unwrapped == .bool, display != AnyPreferenceKey.unsetText { return text == "true" ? "on" : "off" }
        guard display != AnyPreferenceKey.unsetText, display != AnyPreferenceKey.emptyText else { return display }
        return display + (key.unit.map { " \($0)" } ?? "")
    }

    private func liveValues() -> [(title: String, text: String?)] {
        prefs.schema.derivedValues.map { ($0.title, $0.text(in: prefs)) }
    }

    /// The rule in words: "a whole number from 5 to 240 in steps of 5".
    static func words(for key: AnyPreferenceKey) -> String {
        let whole = key.type.unwrapped == .int || key.type.unwrapped == .array(.int)
        switch key.rule {
        case .range(let min, let max, let step):
            var text = whole ? "a whole number" : "a number"
            switch (min, max) {
            case let (min?, max?): text += " from \(number(min)) to \(number(max))"
            case let (min?, nil): text += " of at least \(number(min))"
            case let (nil, max?): text += " of at most \(number(max))"
            case (nil, nil): break
            }
            if let step { text += " in steps of \(number(step))" }
            return text
        case .choices(let options): return "one of " + options.map(\.title).joined(separator: ", ")
        case .any:
            switch key.type.unwrapped {
            case .bool: return "on or off"
            case .int: return "a whole number"
            case .double: return "a number"
            case .string: return key.rule.allowedText
            default:
                // URL, date, data, dictionaries: the form the parser asks for, as `set` says it.
                if case .invalidValue(_, _, let allowed)? = Self.refusal(ofEmptyTextFor: key) { return allowed }
                return key.rule.allowedText
            }
        default: return key.rule.allowedText
        }
    }

    private static func refusal(ofEmptyTextFor key: AnyPreferenceKey) -> PreferenceError? {
        do { _ = try key.storedValue(parsing: ["\u{1}"]) } catch let error as PreferenceError { return error } catch {}
        return nil
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
