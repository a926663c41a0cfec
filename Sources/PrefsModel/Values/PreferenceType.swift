import Foundation

/// The type of a setting as a schema names it: `int`, `[string]`, `[string: double]`, `date?`.
///
/// Enums are stored through their raw values, so an enum of strings is a `string` whose rule lists
/// the choices. Codable and custom types carry their own name.
///
/// ```swift
/// PreferenceType(name: "[string]")  // .array(.string)
/// PreferenceType.optional(.date).name  // "date?"
/// ```
public indirect enum PreferenceType: Sendable, Hashable, CustomStringConvertible {
    case bool, int, double, string, date, data, url
    /// A file-system path (``FileSystemPath``), stored as plain text.
    case path
    case array(PreferenceType)
    case dictionary(PreferenceType)
    case optional(PreferenceType)
    case custom(String)

    /// The name used in schemas and listings.
    ///
    /// ```swift
    /// PreferenceType.dictionary(.int).name  // "[string: int]"
    /// ```
    public var name: String {
        switch self {
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "double"
        case .string: return "string"
        case .date: return "date"
        case .data: return "data"
        case .url: return "url"
        case .path: return "path"
        case .array(let element): return "[\(element.name)]"
        case .dictionary(let element): return "[string: \(element.name)]"
        case .optional(let wrapped): return "\(wrapped.name)?"
        case .custom(let name): return name
        }
    }

    public var description: String { name }

    /// The form a value of this type is written in as text, as its parser says when it refuses
    /// one (`set`, an editor's field): the one wording of it, which views ask for directly.
    package var textForm: String {
        switch self {
        case .bool: return "true/false, yes/no, on/off"
        case .int: return "a whole number"
        case .double: return "a finite number"
        case .string: return "text"
        case .date: return DateText.allowedText
        case .data: return "base64 text"
        case .url: return URL.allowedText
        case .path: return FileSystemPath.allowedText
        case .array(let element): return "a JSON array of \(element.name)"
        case .dictionary(let element): return "a JSON object of \(element.name)"
        case .optional(let wrapped): return wrapped.textForm
        case .custom: return "JSON"
        }
    }

    /// Parses a type name as `name` writes it; nil for names a run-time schema cannot hold.
    ///
    /// ```swift
    /// PreferenceType(name: "[string: int]")  // .dictionary(.int)
    /// ```
    public init?(name: String) {
        // The longest real name is `[string: double]?` with some spaces; a long one is none, and
        // is not parsed: `int` followed by 100,000 `?` recursed once per `?`, trimming each time,
        // and overflowed the stack (found by the json fuzz target).
        guard name.utf8.count <= 64 else { return nil }
        let trimmed = name.trimmingSpaces
        if trimmed.hasSuffix("?") {
            guard let wrapped = PreferenceType(name: String(trimmed.dropLast())), !wrapped.isOptional else { return nil }
            self = .optional(wrapped)
            return
        }
        if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
            let inner = trimmed.dropFirst().dropLast().trimmingSpaces
            if inner.hasPrefix("string:") {
                guard let element = PreferenceType(name: String(inner.dropFirst("string:".count))),
                      element.isScalar else { return nil }
                self = .dictionary(element)
            } else {
                guard let element = PreferenceType(name: inner), element.isScalar else { return nil }
                self = .array(element)
            }
            return
        }
        switch trimmed {
        case "bool": self = .bool
        case "int": self = .int
        case "double": self = .double
        case "string": self = .string
        case "date": self = .date
        case "data": self = .data
        case "url": self = .url
        case "path": self = .path
        default: return nil
        }
    }

    /// Whether values of this type may be absent (an optional key).
    ///
    /// ```swift
    /// PreferenceType.optional(.date).isOptional  // true
    /// ```
    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its optional wrapper.
    ///
    /// ```swift
    /// PreferenceType.optional(.date).unwrapped  // .date
    /// ```
    package var unwrapped: PreferenceType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether this is a list of values (edited with a list editor, set from several arguments).
    ///
    /// ```swift
    /// PreferenceType.array(.string).isList  // true
    /// ```
    package var isList: Bool {
        if case .array = unwrapped { return true }
        return false
    }

    var isScalar: Bool {
        switch self {
        case .bool, .int, .double, .string, .date, .data, .url, .path: return true
        default: return false
        }
    }
}
