extension PreferenceKey {
    /// Declares a key that is in use only while `inUseWhen` holds, said as data
    /// (``PreferenceCondition``), so the schema file and every tool carry the condition too.
    /// The other parameters are as for a key whose condition is a closure.
    ///
    /// ```swift
    /// PreferenceKey<String>("proxyHost", default: "", title: "Proxy host", inUseWhen: .when(.useProxy))
    /// ```
    public convenience init(_ name: String, default defaultValue: Value, rule: PreferenceRule<Value>? = nil,
                            title: String = "", help: String = "", section: String = "General", unit: String? = nil,
                            isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [],
                            migrating: PreferenceConversion<Value>? = nil, inUseWhen condition: PreferenceCondition) {
        self.init(name, default: defaultValue, rule: rule, title: title, help: help, section: section, unit: unit,
                  isDescribedBySchema: true, isSecret: isSecret, scope: scope, renamedFrom: renamedFrom, conversion: migrating?.stored,
                  inUseCondition: condition.inUseCondition)
    }

    /// Declares an optional key that is in use only while `inUseWhen` holds, said as data.
    ///
    /// ```swift
    /// PreferenceKey<URL?>("proxyURL", title: "Proxy", inUseWhen: .when(.useProxy))
    /// ```
    public convenience init<Wrapped>(_ name: String, rule: PreferenceRule<Value>? = nil, title: String = "",
                                     help: String = "", section: String = "General", unit: String? = nil,
                                     isSecret: Bool = false, scope: PreferenceScope = .project, renamedFrom: [String] = [],
                                     inUseWhen condition: PreferenceCondition)
    where Value == Wrapped?, Wrapped: PreferenceValue {
        self.init(name, default: nil, rule: rule, title: title, help: help, section: section, unit: unit,
                  isSecret: isSecret, scope: scope, renamedFrom: renamedFrom, inUseWhen: condition)
    }
}
