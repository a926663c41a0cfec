/// The fields each object of a schema file may have. A field outside these is an error rather
/// than ignored: a typo such as `"titel"` would otherwise silently lose the title.
enum SchemaFields {
    static let document: Set<String> = ["title", "suite", "sections"]
    static let section: Set<String> = ["name", "settings"]
    static let setting: Set<String> = ["key", "type", "title", "help", "default", "unit", "rule"]
    // The fields `RuleDescription(json:)` reads; SchemaTests checks that every rule it writes reads back.
    static let rule: Set<String> = ["min", "max", "step", "nonEmpty", "maxLength", "pattern", "multiline", "choices", "each"]

    /// Throws for the first unknown field (in name order), suggesting the nearest allowed one.
    /// `place` says where inside the entry the object is (`"rule"`), if not the entry itself.
    static func check(_ object: [String: JSONValue], allowed: Set<String>, in place: String? = nil) throws {
        // A loop rather than filter: this runs for every setting of large schemas, almost always finding nothing.
        var unknown: String?
        for field in object.keys where !allowed.contains(field) && (unknown == nil || field < unknown!) { unknown = field }
        guard let unknown else { return }
        var reason = "unknown field \"\(unknown)\""
        if let place { reason += " in \(place)" }
        if let nearest = EditDistance.ranked(unknown, among: allowed).first {
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
