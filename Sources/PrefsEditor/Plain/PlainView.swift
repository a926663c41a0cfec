import PrefsModel

/// The plain mode's view: what the state machine said (``PlainConversation``), in words. Output
/// only appends: no cursor movement, no escape sequences. The settings are listed as a numbered
/// list by section; a question says a setting's title, help, value, default and rule in words;
/// messages are the full screen's own, as sentences.
enum PlainView {
    /// The text of what was said since `serial` (a former ``PlainConversation/count``), and the
    /// serial to pass next time.
    static func text(of state: EditorState, since serial: Int) -> (text: String, next: Int) {
        guard let conversation = state.conversation else { return ("", serial) }
        // Escaped here, once, whatever part of the text came from a schema, a suite or a file
        // name (a title, a section, a unit, a choice title, the suite's path): the plain mode
        // promises the terminal no escape sequence, and a new piece of text cannot forget it.
        let text = conversation.said(since: serial).map { words(for: $0, in: state) }.joined()
        return (text.controlCharactersEscapedKeepingLineBreaks, conversation.count)
    }

    static let menuPrompt = "Setting (number or name; l lists, q quits): "

    static func words(for said: PlainConversation.Said, in state: EditorState) -> String {
        switch said {
        case .introduction(let warning):
            // The title as the host gave it: "My app settings" is not followed by " settings".
            var text = "\(state.title), suite \(state.suiteName) (\(state.location)).\n"
            if let warning { text += "Warning: \(warning)\n" }
            return text + "Type a setting's number or name to change it; l lists the settings again, r NUMBER resets one, "
                + "u undoes the last change, q quits.\n"
        case .listing: return listing(state)
        case .menuPrompt: return menuPrompt
        case .question(let name, let again):
            guard let key = state.keys.first(where: { $0.name == name }) else { return menuPrompt }
            return question(for: key, again: again, in: state)
        case .kept(let name):
            guard let key = state.keys.first(where: { $0.name == name }) else { return "" }
            return "\(title(of: key)) stays \(shown(key, in: state)).\n"
        case .message(let text): return sentence(text)
        case .changedOutside(let names, let removed):
            // On a line of its own: the prompt before it is waiting for an answer.
            return "\n" + names.compactMap { name in state.keys.first { $0.name == name } }
                .map { "\(title(of: $0)) was \(SettingWords.changedByAnotherProgram): now \(shown($0, in: state)).\n" }.joined()
                + removed.map { "\($0.controlCharactersEscaped) was removed by another program; the settings after it move up one number.\n" }.joined()
        case .liveValuesMoved(let readings):
            return "Live values now: " + readings.map { "\($0.title) \($0.text ?? "(none)")" }.joined(separator: "; ") + "\n"
        case .noSetting(let input, let toReset):
            // A long line is cut: a screen reader would read all of it back.
            let shown = input.count > 60 ? String(input.prefix(60)) + "…" : input
            let range = state.keys.isEmpty ? "this suite has none" : "type a number from 1 to \(state.keys.count), or a key name"
            return "No setting \(shown.quotedForMessage)\(toReset ? " to reset" : ""): \(range).\n"
        case .resetForm: return "Type r and the setting's number or name, such as r 1.\n"
        case .help:
            return "Type a setting's number (1 to \(state.keys.count)) or its key name; r and a number resets it; u undoes; l lists; q quits.\n"
        case .lineRefused(let reason): return "That line was not taken: \(reason). Nothing was changed.\n"
        // Ctrl-D (the end of input) closes as q does, on a line of its own after the prompt: a
        // person listening learns that it ended.
        case .goodbye(let endOfInput): return endOfInput ? "\nBye.\n" : "Bye.\n"
        }
    }

    /// A message as a sentence: it ends with a full stop.
    private static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?".contains(last) else { return text + "\n" }
        return text + ".\n"
    }

    private static func listing(_ state: EditorState) -> String {
        var text = state.keys.isEmpty ? "No settings in this suite.\n" : ""
        var section: String?
        for (number, key) in state.keys.enumerated() {
            if key.section != section {
                text += "\(key.section)\n"
                section = key.section
            }
            var line = "  \(number + 1). \(title(of: key)): \(shown(key, in: state))"
            if let words = state.mark(of: key).words { line += " " + words }
            if let reason = state.judged.notInUse[key.name] { line += " (\(SettingFacts.notInUse(reason)))" }
            text += line + "\n"
        }
        if !state.derived.isEmpty {
            text += "Live values: " + state.derived.map { "\($0.title) \($0.text ?? "(none)")" }.joined(separator: "; ") + "\n"
        }
        return text
    }

    private static func question(for key: AnyPreferenceKey, again: Bool, in state: EditorState) -> String {
        let now = shown(key, in: state)
        if again {
            return key.rule.choices == nil ? "New value for \(title(of: key)) (Enter keeps \(now); r resets): "
                : "Choice for \(title(of: key)) (number or name; Enter keeps \(now); r resets): "
        }
        var text = "\(title(of: key)) (\(key.name.controlCharactersEscaped))"
        if !key.help.isEmpty { text += ": \(key.help.controlCharactersEscaped)" }
        text += "\nNow \(now)"
        let facts = state.facts(of: key)
        if let source = facts.sourceNote { text += " (from \(source))" }
        text += key.hasDefault ? "; default \(shown(key, in: state, isDefault: true))" : "; \(SettingWords.noDefaultDeclared)"
        text += ". Allowed: \(facts.allowedInWords).\n"
        // Why it reads its default though the file holds a value, as the full screen's pane says.
        if let problem = facts.problem { text += "Problem: \(problem).\n" }
        if let choices = key.rule.choices {
            for (index, choice) in choices.enumerated() { text += "  \(index + 1). \(choice.title.controlCharactersEscaped)\n" }
            return text + "Choice (number or name; Enter or Esc keeps \(now); r resets): "
        }
        let hint = key.type.isList ? "items separated by commas, or a JSON array; "
            : key.type.unwrapped == .string ? "\"\" for empty text; " : ""
        return text + "New value (\(hint)Enter or Esc keeps it; r resets): "
    }

    private static func title(of key: AnyPreferenceKey) -> String {
        (key.title.isEmpty ? key.name : key.title).controlCharactersEscaped
    }

    /// The value as a person reads it: a choice's title, on/off, with the unit; `(unset)` for an
    /// optional without a value and `""` for empty text, as the editor and `list` show them;
    /// `(not set)` for a key of another program's that nobody declared a default for.
    static func shown(_ key: AnyPreferenceKey, in state: EditorState, isDefault: Bool = false) -> String {
        let stored = isDefault ? nil : state.settings.resolution(of: key).stored
        // A secret: whether it is set, never its value (``SecretValues``).
        if key.isSecret { return isDefault ? SecretValues.hidden : SecretValues.state(isSet: stored != nil) }
        if stored == nil, !key.hasDefault { return SettingWords.notSet }
        let text = isDefault ? key.defaultText : key.text(of: stored)
        let display = isDefault ? key.defaultDisplayText : key.displayText(of: stored)
        if let choice = key.rule.choices?.first(where: { $0.value == text }) { return choice.title.controlCharactersEscaped }
        if key.type.isList, text == "[]" { return SettingWords.emptyList }
        if key.type.unwrapped == .bool, display != AnyPreferenceKey.unsetText { return text == "true" ? "on" : "off" }
        guard display != AnyPreferenceKey.unsetText, display != AnyPreferenceKey.emptyText else { return display }
        return display + (key.unit.map { " \($0)" } ?? "")
    }
}
