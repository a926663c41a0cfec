/// What keys made from one another (``AnyPreferenceKey/renamed``) have in common: all of a
/// key but its name, title, section and whether a schema describes it. Made as the base of a
/// key's ``ValueCodec``, so that a key's shared part is one object: a schema of 10,000 settings
/// made and freed 10,000 objects fewer than with a description holding a codec. A class with
/// stored fields rather than protocol requirements: read through a protocol, every field cost
/// a retain and a release of the object, more than the object saved.
class KeyDescription: @unchecked Sendable {
    // @unchecked: every stored property is a `let` of a Sendable type; the class is only open
    // to `ValueCodec`, which adds `let`s of Sendable types.
    let type: PreferenceType
    let help: String
    let unit: String?
    let rule: RuleDescription
    let hasDefault: Bool
    let isSecret: Bool
    /// Which layers may set the value: a `.user` setting is never read from a project file.
    let scope: PreferenceScope
    /// What few keys have, in an object of its own that most keys do not make: 48 bytes a key
    /// otherwise, 2.4 MB of a 50,000-setting schema's keys.
    private let extras: Extras?

    /// The names the setting had in earlier versions, newest first.
    var renamedFrom: [String] { extras?.renamedFrom ?? [] }
    /// For a setting whose type changed: an old stored value to the new stored value, or nil.
    var conversion: (@Sendable (PlistValue) -> PlistValue?)? { extras?.conversion }
    /// A schema file's `"convert"` table as it was read, so `prefs-tui schema` writes it back
    /// (a conversion declared in code is a closure, and has none).
    var conversionTable: JSONValue? { extras?.conversionTable }
    /// When the setting is in use (nil: always).
    var inUseCondition: InUseCondition? { extras?.inUseCondition }

    private final class Extras: Sendable {
        let renamedFrom: [String]
        let conversion: (@Sendable (PlistValue) -> PlistValue?)?
        let conversionTable: JSONValue?
        let inUseCondition: InUseCondition?

        init(renamedFrom: [String], conversion: (@Sendable (PlistValue) -> PlistValue?)?, conversionTable: JSONValue?,
             inUseCondition: InUseCondition?) {
            self.renamedFrom = renamedFrom
            self.conversion = conversion
            self.conversionTable = conversionTable
            self.inUseCondition = inUseCondition
        }
    }

    init(type: PreferenceType, help: String, unit: String?, rule: RuleDescription, hasDefault: Bool, isSecret: Bool, scope: PreferenceScope,
         renamedFrom: [String], conversion: (@Sendable (PlistValue) -> PlistValue?)?, conversionTable: JSONValue?,
         inUseCondition: InUseCondition?) {
        self.type = type
        self.help = help
        self.unit = unit
        self.rule = rule
        self.hasDefault = hasDefault
        self.isSecret = isSecret
        self.scope = scope
        let hasExtras = !renamedFrom.isEmpty || conversion != nil || conversionTable != nil || inUseCondition != nil
        extras = hasExtras ? Extras(renamedFrom: renamedFrom, conversion: conversion, conversionTable: conversionTable,
                                    inUseCondition: inUseCondition) : nil
    }
}
