import Foundation

/// What a setting's rule allows, as data a UI can show and a schema file can carry.
///
/// ```swift
/// RuleDescription.range(min: 5, max: 240, step: 5).allowedText  // "5…240 in steps of 5"
/// ```
public indirect enum RuleDescription: Sendable, Hashable {
    /// Anything of the value's type.
    case any
    /// Numbers from `min` to `max` (either may be open), on multiples of `step` from `min`;
    /// whole numbers are held exactly (see ``RuleNumber``).
    case range(min: RuleNumber?, max: RuleNumber?, step: RuleNumber?)
    /// Text limits. Text never holds control characters other than tab; `multiline` allows
    /// line feeds too.
    case text(nonEmpty: Bool, maxLength: Int?, pattern: String?, multiline: Bool = false)
    /// One of these values.
    case choices([ChoiceOption])
    /// Every item of a list follows the inner rule.
    case each(RuleDescription)
    /// A file-system path that must be absolute, a folder, or an existing folder.
    case path(PathRequirement)

    /// Plain words for messages and help: what values are allowed.
    ///
    /// ```swift
    /// RuleDescription.text(nonEmpty: true, maxLength: 64, pattern: nil).allowedText
    /// // "non-empty text of at most 64 characters"
    /// ```
    public var allowedText: String {
        switch self {
        case .any:
            return "any value"
        case .range(let min, let max, let step):
            var text: String
            switch (min, max) {
            case let (min?, max?): text = "\(min)…\(max)"
            case let (min?, nil): text = "at least \(min)"
            case let (nil, max?): text = "at most \(max)"
            case (nil, nil): text = "any number"
            }
            if let step, step != 1 { text += " in steps of \(step)" }
            return text
        case .text(let nonEmpty, let maxLength, let pattern, let multiline):
            var parts: [String] = [nonEmpty ? "non-empty text" : "text"]
            if let maxLength { parts.append("of at most \(maxLength) characters") }
            if let pattern { parts.append("matching /\(pattern.controlCharactersEscaped)/") }
            if multiline { parts.append("(line breaks allowed)") }
            return parts.joined(separator: " ")
        case .choices(let options):
            return "one of " + options.map(\.value.controlCharactersEscaped).joined(separator: ", ")
        case .each(let inner):
            return "a list where each item is \(inner.allowedText)"
        case .path(let requirement):
            return requirement.allowedText
        }
    }

    /// The choices, if this rule is a choice among values.
    ///
    /// ```swift
    /// key.rule.choices?.map(\.title)  // ["Celsius", "Fahrenheit", "Kelvin"]
    /// ```
    public var choices: [ChoiceOption]? {
        if case .choices(let options) = self { return options }
        return nil
    }

    /// The choice a text names: its value exactly, else its value or its title in any case
    /// (surrounding spaces ignored), as built-in enums parse. Nil when there are no choices or
    /// none matches.
    ///
    /// ```swift
    /// key.rule.choice(named: "zstandard")?.value  // "zstd"
    /// ```
    package func choice(named text: String) -> ChoiceOption? {
        guard let options = choices else { return nil }
        if let exact = options.first(where: { $0.value == text }) { return exact }
        let wanted = text.trimmingSpaces.lowercased()
        return options.first { $0.value.lowercased() == wanted } ?? options.first { $0.title.lowercased() == wanted }
    }

    /// A number as rules show it: whole numbers without a fraction (`240`, `0.25`).
    ///
    /// ```swift
    /// RuleDescription.number(240.0)  // "240"
    /// ```
    package static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
