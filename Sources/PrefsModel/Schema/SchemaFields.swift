/// The fields each object of a schema file may have. A field outside these is an error rather
/// than ignored: a typo such as `"titel"` would otherwise silently lose the title.
enum SchemaFields {
    static let document: Set<String> = ["title", "suite", "sections", "retired", "version", "rules", "projectFile"]
    static let section: Set<String> = ["name", "settings"]
    static let setting: Set<String> = ["key", "type", "title", "help", "default", "unit", "rule", "renamedFrom", "convert", "secret",
                                        "inUseWhen", "scope"]
    /// An entry of `"choices"` written as an object rather than a bare value.
    static let choice: Set<String> = ["value", "title"]

    /// The kinds of rule, each with its own fields, in the order `RuleDescription(json:)` tells
    /// them apart. A rule is one kind: a field of another kind would be ignored, so it is refused.
    static let ruleKinds: [(name: String, fields: Set<String>, bits: UInt16)] = [
        ("an each rule", ["each"]),
        ("a choices rule", ["choices"]),
        ("a min/max/step rule", ["min", "max", "step"]),
        ("a text rule", ["nonEmpty", "maxLength", "pattern", "multiline"]),
        ("a path rule", ["path"]),
    ].map { (name: String, fields: Set<String>) in (name, fields, RuleFields.bits(of: fields)) }
    // The fields `RuleDescription(json:)` reads; SchemaTests checks that every rule it writes reads back.
    static let rule: Set<String> = ruleKinds.reduce(into: []) { $0.formUnion($1.fields) }

    /// Throws for the first unknown field (in name order), suggesting the nearest allowed one.
    /// `place` says where inside the entry the object is (`"rule.each"`), if not the entry itself.
    /// Without `suggesting`, the message lists the allowed fields instead: a field that exists
    /// elsewhere (`maxLength` in a min/max/step rule) is no typo of the nearest name (`max`).
    static func check(_ object: [String: JSONValue], allowed: Set<String>, in place: @autoclosure () -> String? = nil,
                      suggesting: Bool = true) throws {
        try check(names: object.keys, allowed: allowed, in: place(), suggesting: suggesting)
    }

    /// The same check for an object's member names.
    /// `place` is built only for a message: a large schema's settings almost never need one.
    static func check(names: some Sequence<String>, allowed: Set<String>, in place: @autoclosure () -> String? = nil,
                      suggesting: Bool = true) throws {
        // A loop rather than filter: this runs for every setting of large schemas, almost always
        // finding nothing. Names are compared rather than hashed: a few short names each.
        var unknown: String?
        for field in names where !allowed.contains(where: { $0 == field }) && (unknown == nil || field < unknown!) { unknown = field }
        guard let unknown else { return }
        var reason = "unknown field \"\(unknown)\""
        if let place = place() { reason += " in \(place)" }
        if suggesting, let nearest = EditDistance.ranked(unknown, among: allowed).first {
            reason += "; did you mean \(nearest.name)?"
        } else {
            reason += "; allowed: \(allowed.sorted().joined(separator: ", "))"
        }
        throw RuleError(reason)
    }

    /// The same check for a whole object that has a location of its own.
    static func check(_ object: [String: JSONValue], allowed: Set<String>, at location: String) throws {
        do { try check(object, allowed: allowed) } catch let error as RuleError {
            throw PreferenceError.invalidSchema(location: location, reason: error.reason)
        }
    }
}
