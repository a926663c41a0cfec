import PrefsModel

/// A setting as its form field holds it: the typed value and what the widget needs, built from
/// the key and its stored value. Update acts on it and the renderer draws it, so neither looks
/// at text to find out what a value is.
enum EditorField: Equatable {
    /// A Bool; nil for an unset optional.
    case toggle(Bool?)
    /// One of `options`; `index` is nil for an unset optional (or a value that is no option).
    case choice(index: Int?, options: [ChoiceOption])
    /// An Int or Double; nil for an unset optional. `text` is the library's formatting of it.
    case stepper(number: Double?, text: String, unit: String?)
    /// An array, item by item, typed as JSON (numbers stay numbers).
    case list([JSONValue])
    /// Anything else, edited as one line of text; nil for an unset optional, which is not the
    /// same as empty text.
    case line(String?)

    init(_ key: AnyPreferenceKey, stored: PlistValue?) {
        let json = key.json(of: stored)
        if let options = key.rule.choices {
            self = .choice(index: options.firstIndex { $0.value == key.text(of: stored) }, options: options)
            return
        }
        switch key.type.unwrapped {
        case .bool:
            if case .bool(let value) = json { self = .toggle(value) } else { self = .toggle(nil) }
        case .int, .double:
            let number: Double? = switch json {
            case .int(let value): Double(value)
            case .double(let value): value
            default: nil
            }
            self = .stepper(number: number, text: number == nil ? "" : key.text(of: stored), unit: key.unit)
        case .array:
            if case .array(let items) = json { self = .list(items) } else { self = .list([]) }
        default:
            self = .line(json == .null ? nil : key.text(of: stored))
        }
    }

    /// The field of a key with its value in effect (the user's, the site's or the default).
    init(_ key: AnyPreferenceKey, in settings: SettingsSnapshot) {
        self.init(key, stored: settings.effectiveStored(key))
    }

    /// How an item of a list reads in the list editor and the list row.
    static func itemText(_ item: JSONValue) -> String { item.stringValue ?? item.text }
}

extension EditorField {
    /// A setting's value as its row shows it: `[x]`, `‹ Celsius ›`, `15 min`, a list's items,
    /// text; `isStandIn` when the text stands for no value (`(unset)`, `(empty)`, `""`), which the
    /// screen dims. The core measures it for clicks (where the value ends), the screen draws it.
    ///
    /// A secret shows a fixed mask while it is set (not even its length) and `(not set)` while
    /// its default is in use, unless `revealed` (the `s` key): ``SecretValues``.
    static func shownValue(of key: AnyPreferenceKey, in settings: SettingsSnapshot, ascii: Bool = false,
                           revealed: Bool = false) -> (text: String, isStandIn: Bool) {
        if key.isSecret && !revealed {
            guard settings.effectiveStored(key) != nil else { return (SettingWords.notSet, true) }
            return (ascii ? SecretValues.asciiMask : SecretValues.mask, false)
        }
        let (open, close) = ascii ? ("<", ">") : ("‹", "›")
        switch EditorField(key, in: settings) {
        case .toggle(let value):
            return (value == true ? "[x]" : value == nil ? "[ ] (unset)" : "[ ]", false)
        case .choice(let index, let options):
            guard let index else {
                let unset = settings.json(of: key) == .null
                return ("\(open) \(settings.displayText(of: key)) \(close)", unset)
            }
            return ("\(open) \(options[index].title) \(close)", false)
        case .stepper(let number, let text, let unit):
            guard number != nil else { return (AnyPreferenceKey.unsetText, true) }
            return (unit.map { "\(text) \($0)" } ?? text, false)
        case .list(let items):
            return items.isEmpty ? (SettingWords.emptyList, true) : (items.map { EditorField.itemText($0).controlCharactersEscaped }.joined(separator: ", "), false)
        case .line(nil):
            return (AnyPreferenceKey.unsetText, true)
        case .line(let text?):
            // Empty text is a value, shown as `""`; dim like the other stand-ins for no text.
            return (AnyPreferenceKey.displayText(forText: text), text.isEmpty)
        }
    }
}
