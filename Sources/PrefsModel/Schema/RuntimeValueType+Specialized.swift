import Foundation

extension RuntimeValueType {
    /// ``makeKey(_:name:defaultJSON:rule:title:help:section:unit:isDescribedBySchema:isSecret:scope:renamedFrom:convert:inUseCondition:)``
    /// for a type chosen at run time. The common types are named, so that the compiler makes a
    /// version of the key's construction for each: through the existential alone, every key
    /// looked up the metadata of its generic types at run time, a tenth of a large schema's
    /// parse.
    static func makeKey(
        ofRuntimeType valueType: any PreferenceValue.Type, name: String, defaultJSON: JSONValue?, rule: RuleDescription,
        title: String, help: String, section: String, unit: String?, isDescribedBySchema: Bool = true,
        isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [], convert: JSONValue? = nil, inUseCondition: InUseCondition? = nil
    ) throws -> AnyPreferenceKey {
        func make<Value: PreferenceValue>(_ type: Value.Type) throws -> AnyPreferenceKey {
            try makeKey(Value.self, name: name, defaultJSON: defaultJSON, rule: rule, title: title, help: help, section: section, unit: unit,
                        isDescribedBySchema: isDescribedBySchema, isSecret: isSecret, scope: scope, renamedFrom: renamedFrom, convert: convert,
                        inUseCondition: inUseCondition)
        }
        switch valueType {
        case is Bool.Type: return try make(Bool.self)
        case is Int.Type: return try make(Int.self)
        case is Double.Type: return try make(Double.self)
        case is String.Type: return try make(String.self)
        case is Date.Type: return try make(Date.self)
        case is URL.Type: return try make(URL.self)
        case is [String].Type: return try make([String].self)
        case is [Int].Type: return try make([Int].self)
        case is String?.Type: return try make(String?.self)
        case is Int?.Type: return try make(Int?.self)
        case is Date?.Type: return try make(Date?.self)
        default: return try make(valueType)
        }
    }
}
