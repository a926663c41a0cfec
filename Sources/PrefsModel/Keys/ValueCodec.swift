/// The type-erased operations of a key (text, JSON, parsing, checks, stepping and cycling),
/// made by `PreferenceKey<Value>` for its value type and rule: its ``ValueCodec``.
///
/// Methods of a generic class rather than closures: a key with eleven closures built and
/// later freed eleven captured contexts, over a third of the time to read a 10,000-setting
/// schema and 5 MB of its memory.
protocol KeyCodec: AnyObject, Sendable {
    /// The default value in text form (empty for an unset optional).
    var defaultText: String { get }
    /// The default value as JSON.
    var defaultJSON: JSONValue { get }
    /// The default as a schema file writes it: a path keeps the `~` it was declared with, to
    /// be expanded for whoever reads the file (``FileSystemPath``).
    var schemaDefaultJSON: JSONValue { get }
    /// The default value as it would be stored (nil for an unset optional).
    var defaultStored: PlistValue? { get }
    /// Why a stored value is ignored (the key reads its default), or nil.
    func problem(_ stored: PlistValue) -> String?
    /// The same, without the value in the words (a secret's, ``SecretValues``).
    func problemWithoutValue(_ stored: PlistValue) -> String?
    /// The value in effect for a stored value, as text; `isJudgedUsable`: the value was
    /// already found to be of the type and allowed (``problem(_:)`` said nothing), so it is
    /// not judged again.
    func text(_ stored: PlistValue?, isJudgedUsable: Bool) -> String
    /// The value in effect for a stored value, as JSON.
    func json(_ stored: PlistValue?) -> JSONValue
    /// What to store for command-line arguments (a choice named by value or title).
    func parse(_ arguments: [String]) throws -> PlistValue?
    /// What to store for a JSON value.
    func fromJSON(_ json: JSONValue) throws -> PlistValue?
    /// Throws when a stored value may not be written.
    func check(_ stored: PlistValue) throws
    /// Whether `step` can step: a number without choices.
    var canStep: Bool { get }
    /// The stored value `steps` steps away from the value in effect; nil when it cannot step.
    func step(_ stored: PlistValue?, by steps: Int) -> PlistValue?
    /// The stored value of the choice `steps` places on; nil without choices.
    func cycle(_ stored: PlistValue?, by steps: Int) -> PlistValue?
    /// One list item from text; nil when the key is no list.
    func listItem(parsing text: String) throws -> JSONValue?
    /// Whether one list item, as JSON, is of the item type; nil when the key is no list.
    func listItemFits(json: JSONValue) -> Bool?
}

/// A key's shared part for its value type: the description, the default and the rule, and
/// the operations on stored values that follow from them.
final class ValueCodec<Value: PreferenceValue>: KeyDescription, KeyCodec, @unchecked Sendable {
    let defaultValue: Value
    /// The rule as declared (``PreferenceRule/refusingControlCharacters()`` adds the check of
    /// text every value of a key passes).
    let valueRule: PreferenceRule<Value>
    /// The grid of a number key without choices; nil for every other key. Made when asked
    /// (a step, or whether the key can step): held, it was 130 bytes in every key, number or
    /// not, 6.5 MB of a 50,000-setting schema's keys.
    private var grid: NumberGrid? { canStep ? NumberGrid(rule) : nil }

    init(defaultValue: Value, rule: PreferenceRule<Value>, help: String, unit: String?, hasDefault: Bool, isSecret: Bool, scope: PreferenceScope,
         renamedFrom: [String], conversion: (@Sendable (PlistValue) -> PlistValue?)?, conversionTable: JSONValue?,
         inUseCondition: InUseCondition?) {
        self.defaultValue = defaultValue
        valueRule = rule
        super.init(type: Value.preferenceType, help: help, unit: unit, rule: rule.description, hasDefault: hasDefault, isSecret: isSecret, scope: scope,
                   renamedFrom: renamedFrom, conversion: conversion, conversionTable: conversionTable,
                   inUseCondition: inUseCondition)
    }

    var defaultText: String { defaultValue.formatted }
    var defaultJSON: JSONValue { defaultValue.jsonValue }
    var schemaDefaultJSON: JSONValue { (defaultValue as? FileSystemPath).map { .string($0.written) } ?? defaultJSON }
    var defaultStored: PlistValue? { defaultValue.storedValue }

    private func decode(_ stored: PlistValue?, isJudgedUsable: Bool = false) -> Value {
        guard let stored, let value = Value(storedValue: stored), isJudgedUsable || refusal(of: value, stored: stored) == nil else {
            return defaultValue
        }
        return value
    }

    private func refusal(of value: Value) -> String? { PreferenceKey<Value>.refusal(of: value, rule: valueRule) }

    /// ``refusal(of:)`` for a value read from `stored`. For text and lists of text the stored
    /// form is the value's own, and its control characters are looked for there rather than in
    /// one made again (a second array of a list's items); any other type's value makes its own
    /// stored form, which may differ (a URL's percent-encodes what `stored` held as it was).
    private func refusal(of value: Value, stored: PlistValue) -> String? {
        let isOwnForm = Value.self == String.self || Value.self == [String].self
        return valueRule.refusalText(for: value, checkingTextOf: isOwnForm ? stored : value.storedValue)
    }

    private func checked(_ value: Value) throws -> PlistValue? { try PreferenceKey<Value>.checked(value, rule: valueRule) }

    /// An enum's stored raw value that is no case is best explained by listing the cases.
    private var expected: String {
        rule.choices != nil ? rule.allowedText : Value.preferenceType.name
    }

    /// A choice may be named by its value or its title in any case, for every choice rule
    /// (built-in enums, `.choices` rules and schema files alike), before the type parses it.
    private func choiceValue(_ text: String) -> String { rule.choice(named: text)?.value ?? text }

    // A class's methods are compiled once for every `Value`, reaching the type's witnesses and
    // looking up `Value?`'s metadata at run time on each call: 2,600 instructions a setting
    // when the editor checks 50,000 stored values as it opens. The common types get versions
    // of their own, chosen here by comparing the type. (`@_specialize` chose them after the
    // generic entry had looked up `Value?`'s metadata for its stack, 450 instructions a call.)
    func problem(_ stored: PlistValue) -> String? {
        switch ObjectIdentifier(Value.self) {
        case ObjectIdentifier(Bool.self): unsafeDowncast(self, to: ValueCodec<Bool>.self).typedProblem(stored)
        case ObjectIdentifier(Int.self): unsafeDowncast(self, to: ValueCodec<Int>.self).typedProblem(stored)
        case ObjectIdentifier(Double.self): unsafeDowncast(self, to: ValueCodec<Double>.self).typedProblem(stored)
        case ObjectIdentifier(String.self): unsafeDowncast(self, to: ValueCodec<String>.self).typedProblem(stored)
        case ObjectIdentifier([String].self): unsafeDowncast(self, to: ValueCodec<[String]>.self).typedProblem(stored)
        default: typedProblem(stored)
        }
    }

    private func typedProblem(_ stored: PlistValue) -> String? {
        guard let value = Value(storedValue: stored) else {
            return "stored as \(stored.kindName) \(stored.summary.controlCharactersEscaped), expected \(expected)"
        }
        guard let allowed = refusal(of: value, stored: stored) else { return nil }
        return "\(value.formatted.controlCharactersEscaped) is not allowed; allowed: \(allowed)"
    }

    func problemWithoutValue(_ stored: PlistValue) -> String? {
        guard let value = Value(storedValue: stored) else { return "stored as \(stored.kindName), expected \(expected)" }
        guard let allowed = refusal(of: value, stored: stored) else { return nil }
        return "the value is not allowed; allowed: \(allowed)"
    }

    // Chosen as `problem(_:)` is: generic, `decode` and `formatted` were 2,500 instructions
    // for every value `list` shows.
    func text(_ stored: PlistValue?, isJudgedUsable: Bool) -> String {
        switch ObjectIdentifier(Value.self) {
        case ObjectIdentifier(Bool.self): unsafeDowncast(self, to: ValueCodec<Bool>.self).typedText(stored, isJudgedUsable)
        case ObjectIdentifier(Int.self): unsafeDowncast(self, to: ValueCodec<Int>.self).typedText(stored, isJudgedUsable)
        case ObjectIdentifier(Double.self): unsafeDowncast(self, to: ValueCodec<Double>.self).typedText(stored, isJudgedUsable)
        case ObjectIdentifier(String.self): unsafeDowncast(self, to: ValueCodec<String>.self).typedText(stored, isJudgedUsable)
        case ObjectIdentifier([String].self): unsafeDowncast(self, to: ValueCodec<[String]>.self).typedText(stored, isJudgedUsable)
        default: typedText(stored, isJudgedUsable)
        }
    }

    private func typedText(_ stored: PlistValue?, _ isJudgedUsable: Bool) -> String { decode(stored, isJudgedUsable: isJudgedUsable).formatted }

    func json(_ stored: PlistValue?) -> JSONValue { decode(stored).jsonValue }

    func parse(_ arguments: [String]) throws -> PlistValue? {
        try checked(Value.parse(arguments: arguments.map(choiceValue)))
    }

    func fromJSON(_ json: JSONValue) throws -> PlistValue? {
        guard case .string(let text) = json else { return try checked(Value(jsonValue: json)) }
        return try checked(Value(jsonValue: .string(choiceValue(text))))
    }

    func check(_ stored: PlistValue) throws {
        guard let value = Value(storedValue: stored) else {
            let allowed = rule.choices != nil ? expected : "a value of type \(Value.preferenceType.name)"
            // The message quotes the value itself; a summary would quote text twice.
            let shown: String
            if case .string(let text) = stored { shown = text } else { shown = stored.summary }
            throw PreferenceError.invalidValue(key: nil, value: shown, allowed: allowed)
        }
        if let allowed = refusal(of: value) {
            throw PreferenceError.invalidValue(key: nil, value: value.formatted, allowed: allowed)
        }
    }

    /// A number without choices.
    var canStep: Bool {
        let base = type.unwrapped
        return rule.choices == nil && (base == .int || base == .double)
    }

    /// On the rule's grid, from the value in effect. An unset optional number starts at the
    /// bottom of its range (or 0).
    func step(_ stored: PlistValue?, by steps: Int) -> PlistValue? {
        guard let grid else { return nil }
        let next: PlistValue
        switch decode(stored).storedValue {
        case .int(let current)?: next = .int(grid.stepped(current, by: steps))
        case .double(let current)?: next = .double(grid.stepped(current, by: steps))
        case nil:
            let start = grid.stepped(grid.lower ?? 0, by: 0)
            next = Value.preferenceType.unwrapped == .int ? .int(grid.stepped(Int(exactly: start.rounded()) ?? 0, by: 0)) : .double(start)
        default: return nil
        }
        guard let value = Value(storedValue: next), refusal(of: value) == nil else { return nil }
        return value.storedValue
    }

    /// The option `steps` places on from the current one, wrapping around; from a value that is
    /// no option, forward starts at the first, backward at the last.
    func cycle(_ stored: PlistValue?, by steps: Int) -> PlistValue? {
        guard let options = rule.choices, !options.isEmpty else { return nil }
        let count = options.count
        let next: Int
        let current = decode(stored).formatted
        if let index = options.firstIndex(where: { $0.value == current }) {
            next = ((index + steps % count) + count) % count
        } else {
            next = steps > 0 ? (steps - 1) % count : ((steps % count) + count) % count
        }
        return try? checked(Value(parsing: options[next].value))
    }

    func listItem(parsing text: String) throws -> JSONValue? {
        guard let list = Value.self as? any PreferenceListValue.Type else { return nil }
        return try list.itemJSON(parsing: text)
    }

    func listItemFits(json: JSONValue) -> Bool? {
        guard let list = Value.self as? any PreferenceListValue.Type else { return nil }
        return list.itemFits(json: json)
    }
}
