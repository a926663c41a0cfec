import PrefsModel

/// The plain mode's turn of the state machine: a typed line is an event, as a key is, and it
/// runs the full screen's own rules (reset, undo, locks, the site's values, refusals, their
/// messages) through the same functions. What differs is only what is said, and how: the plain
/// mode records it in ``PlainConversation`` for its view to word.
extension EditorUpdate {
    /// One event in the plain mode: the event's own work, then what it said, the live values it
    /// moved, and the next question.
    static func converse(_ state: inout EditorState, _ event: EditorEvent) -> [EditorEffect] {
        let liveBefore = state.derived
        let saidBefore = state.conversation?.count ?? 0
        state.message = nil
        var effects: [EditorEffect]
        switch event {
        case .line(let line): effects = self.line(&state, line)
        case .externalChange(let values, let site, let loadProblem):
            effects = []
            announceExternalChange(&state, values: values, site: site, loadProblem: loadProblem)
        case .key, .paste, .mouse, .resize, .timer:
            // The plain mode has no screen: these are not sent to it, and mean nothing here.
            return []
        case .writeFinished(let result):
            // One setting's answer that the write refused (a rule across settings, judged on
            // the file under its lock) is asked again, as a refusal of the value itself is.
            if case .failed = result, let written = state.pendingWrite?.changes.keys, written.count == 1,
               let name = written.first, state.keys.contains(where: { $0.name == name }) {
                state.conversation?.asking = name
            }
            effects = step(&state, event)
        case .writeWaiting:
            effects = step(&state, event)
        }
        if let message = state.message { state.conversation?.say(.message(message.text)) }
        let moved = movedLiveValues(from: liveBefore, to: state.derived)
        if !moved.isEmpty { state.conversation?.say(.liveValuesMoved(moved)) }
        // Something said and not yet answered by a question: ask the open one again, or which
        // setting next. A write still under way asks when its result is in.
        if let conversation = state.conversation, conversation.count > saidBefore, !conversation.endsWithPrompt,
           state.pendingWrite == nil, !effects.contains(where: \.isQuit) {
            state.conversation?.say(conversation.asking.map { .question(name: $0, again: true) } ?? .menuPrompt)
        }
        return effects
    }

    /// The live values that differ after an event, compared by title.
    private static func movedLiveValues(from before: [DerivedReading], to after: [DerivedReading]) -> [DerivedReading] {
        var earlier: [String: String?] = [:]
        for reading in before where earlier[reading.title] == nil { earlier[reading.title] = .some(reading.text) }
        return after.filter { earlier[$0.title] != .some($0.text) }
    }

    static func line(_ state: inout EditorState, _ line: TypedLine) -> [EditorEffect] {
        if state.pendingWrite != nil {
            hold(&state, .line(line))
            return []
        }
        switch line {
        case .end:
            state.conversation?.say(.goodbye(endOfInput: true))
            return [.quit(.quit)]
        case .refused(let reason):
            state.conversation?.say(.lineRefused(reason))
            return []
        case .text(let text):
            guard let name = state.conversation?.asking else { return menu(&state, text.trimmingCharacters(in: .whitespaces)) }
            state.conversation?.asking = nil
            // A value is taken as typed (spaces are text); only an empty line keeps it.
            return answer(&state, text, about: name)
        }
    }

    // MARK: Which setting

    private static func menu(_ state: inout EditorState, _ input: String) -> [EditorEffect] {
        switch input {
        case "": state.conversation?.say(.menuPrompt)
        case "q", "Q":
            state.conversation?.say(.goodbye(endOfInput: false))
            return [.quit(.quit)]
        case "l", "L": state.conversation?.say(.listing)
        case "u", "U": return undo(&state)
        case "?", "h", "help": state.conversation?.say(.help)
        case "r", "R": state.conversation?.say(.resetForm)
        default:
            if input.hasPrefix("r ") || input.hasPrefix("R ") {
                let name = String(input.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                guard let index = keyIndex(named: name, in: state) else {
                    state.conversation?.say(.noSetting(name, toReset: true))
                    return []
                }
                return act(on: index, action: .reset, state: &state)
            }
            guard let index = keyIndex(named: input, in: state) else {
                state.conversation?.say(.noSetting(input, toReset: false))
                return []
            }
            let key = state.keys[index]
            if let lockFile = state.settings.lockFile(of: key) {
                state.message = lockedMessage(key, lockFile: lockFile)
                return []
            }
            // Not asked about while it is not in use: the person is told why, as on the full screen.
            if let reason = state.judged.notInUse[key.name] {
                state.message = .init(text: SettingFacts.notInUseMessage(key, reason: reason), kind: .info)
                return []
            }
            state.conversation?.asking = key.name
            state.conversation?.say(.question(name: key.name, again: false))
        }
        return []
    }

    /// The setting a typed answer names: its number in the list, its key name, or its key name
    /// in other case.
    static func keyIndex(named input: String, in state: EditorState) -> Int? {
        if let index = listIndex(input, count: state.keys.count) { return index }
        return state.keys.firstIndex { $0.name == input } ?? state.keys.firstIndex { $0.name.lowercased() == input.lowercased() }
    }

    /// The place in a numbered list (counted from 1 on screen) that `input` names, or nil. The
    /// number is checked against the list before any arithmetic: an answer such as
    /// `-9223372036854775808` is no entry, never an overflow.
    static func listIndex(_ input: String, count: Int) -> Int? {
        guard let number = Int(input), number >= 1, number <= count else { return nil }
        return number - 1
    }

    // MARK: One setting

    private static func answer(_ state: inout EditorState, _ input: String, about name: String) -> [EditorEffect] {
        // The setting may have gone while the question was open (a list that follows the file).
        guard let index = state.keys.firstIndex(where: { $0.name == name }) else {
            state.conversation?.say(.noSetting(name, toReset: false))
            return []
        }
        let key = state.keys[index]
        // Esc, as a person leaves a field on the full screen, keeps it too: it was taken for a
        // value and refused (`"\u{1B}" is not allowed`).
        if input.isEmpty || input.trimmingCharacters(in: .whitespaces) == "\u{1B}" {
            state.conversation?.say(.kept(name: name))
            return []
        }
        if input == "r" || input == "R" { return act(on: index, action: .reset, state: &state) }
        if input == "\"\"", key.type.unwrapped == .string { return write(&state, key, .string("")) }
        do {
            return write(&state, key, try parse(input, for: key))
        } catch {
            // Asked again: Enter still keeps the value, so nobody is stuck here. A screen
            // reader reads the refused value back, so it is cut later than the status line's.
            state.conversation?.asking = name
            state.message = .init(text: (error as? PreferenceError)?.description(maxValueLength: 200) ?? "\(error)", kind: .error)
            return []
        }
    }

    /// A typed answer as a stored value: a choice by its number, title or value; a switch by
    /// on, off, yes or no as well; a list as items separated by commas or a JSON array; else
    /// what `prefs-tui set` takes.
    static func parse(_ input: String, for key: AnyPreferenceKey) throws -> PlistValue? {
        if let choices = key.rule.choices {
            if let index = listIndex(input, count: choices.count) { return try key.storedValue(parsing: [choices[index].value]) }
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

    // MARK: Another program

    /// Another program's change, as the full screen takes it, said setting by setting; a lock
    /// that arrives on the setting being asked about ends the question, as it ends a field.
    private static func announceExternalChange(_ state: inout EditorState, values: [String: PlistValue?], site: SiteLayers?,
                                               loadProblem: String??) {
        let listedBefore = Set(state.keys.map(\.name))
        // The values as taken, a site file's moves included.
        let values = externalChange(&state, values: values, site: site, loadProblem: loadProblem)
        // The full screen's one-line note of which settings changed ("Changed by another
        // program: city") is said here setting by setting, with the new values; its warnings
        // (a file that can no longer be read, a site folder's problem) are said as they are,
        // and such a warning stands alone: every setting "changed" to its default with it.
        if state.message?.kind == .info { state.message = nil }
        let listedNow = Set(state.keys.map(\.name))
        let removed = values.keys.filter { listedBefore.contains($0) && !listedNow.contains($0) }.sorted()
        let changed = state.keys.map(\.name).filter { values.keys.contains($0) }
        // A list that follows the file loses a setting another program removed: said too, since
        // the numbers after it move up.
        if state.settings.loadProblem == nil, !changed.isEmpty || !removed.isEmpty {
            state.conversation?.say(.changedOutside(names: changed, removed: removed))
        }
        guard let name = state.conversation?.asking else { return }
        guard let key = state.keys.first(where: { $0.name == name }) else {
            // Gone from a list that follows the file (said above): nothing left to ask about,
            // and the next line is a choice of setting again.
            state.conversation?.asking = nil
            return
        }
        if let lockFile = state.settings.lockFile(of: key) {
            state.conversation?.asking = nil
            state.message = .init(text: nowLockedMessage(key, lockFile: lockFile, typed: false), kind: .warning)
        } else if let reason = state.judged.notInUse[key.name] {
            // Out of use while asked about: the question ends, as it does for a lock.
            state.conversation?.asking = nil
            state.message = .init(text: SettingFacts.noLongerInUseMessage(key, reason: reason, typed: false), kind: .warning)
        }
    }
}
