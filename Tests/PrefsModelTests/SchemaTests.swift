import PrefsDemo
import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

@Suite("The schema a UI lists, and its JSON form")
struct SchemaTests {
    @Test func sectionsAndKeysKeepTheirDeclaredOrder() {
        let schema = WeatherSettings.schema
        #expect(schema.sections.map(\.name) == ["Units", "Location", "Updates", "Display"])
        #expect(schema.sections[0].keys.map(\.name) == ["temperatureNotation", "unitsNotation", "timeNotation"])
        #expect(schema.sections[3].keys.map(\.name) == ["decimalPlaces", "lastRefresh"])
        #expect(schema.keys.count == 11)
    }

    @Test func eachKeyCarriesWhatAUINeeds() throws {
        let key = try WeatherSettings.schema.requireKey(named: "refreshInterval")
        #expect(key.type == .int)
        #expect(key.title == "Refresh every")
        #expect(key.help == "Minutes between forecast updates.")
        #expect(key.section == "Updates")
        #expect(key.unit == "min")
        #expect(key.defaultText == "15")
        #expect(key.rule == .range(min: 5, max: 240, step: 5))
        #expect(WeatherSettings.schema.key(named: "lastRefresh")?.type == .optional(.date))
    }

    @Test func unknownKeysSuggestTheNearestNames() {
        #expect(throws: PreferenceError.unknownKey("refreshIntervall", suggestions: ["refreshInterval"])) {
            try WeatherSettings.schema.requireKey(named: "refreshIntervall")
        }
        #expect(WeatherSettings.schema.suggestions(for: "citty") == ["city"])
        #expect(WeatherSettings.schema.suggestions(for: "zzzzzzzz").isEmpty)
    }

    @Test func exportedJSONDescribesEverySetting() throws {
        let json = WeatherSettings.schema.jsonValue
        guard case .object(let root) = json, case .array(let sections)? = root["sections"],
              case .object(let units) = sections[0], case .array(let settings)? = units["settings"] else {
            Issue.record("unexpected shape: \(json.prettyText)")
            return
        }
        #expect(root["suite"] == .string("com.example.weather"))
        #expect(settings[0] == .object([
            "key": .string("temperatureNotation"), "type": .string("string"), "title": .string("Temperature"),
            "help": .string("The scale temperatures are shown in."), "default": .string("celsius"),
            "rule": .object(["choices": .array([
                .object(["value": .string("celsius"), "title": .string("Celsius")]),
                .object(["value": .string("fahrenheit"), "title": .string("Fahrenheit")]),
                .object(["value": .string("kelvin"), "title": .string("Kelvin")]),
            ])]),
        ]))
    }

    @Test func aSchemaBuiltFromItsJSONIsEquivalent() throws {
        let original = WeatherSettings.schema
        let loaded = try PreferenceSchema(jsonText: original.jsonValue.prettyText)

        #expect(loaded.jsonValue == original.jsonValue)
        #expect(loaded.suiteName == "com.example.weather")
        for (a, b) in zip(original.keys, loaded.keys) {
            #expect(a.name == b.name && a.type == b.type && a.rule == b.rule && a.defaultText == b.defaultText)
        }
    }

    @Test(arguments: [
        (RuleDescription.range(min: 1, max: 9, step: 2), "[int]"),
        (.text(nonEmpty: true, maxLength: 8, pattern: "[a-z]+", multiline: true), "[string]"),
        (.choices([ChoiceOption(value: "a", title: "A")]), "[string]"),
    ])
    func everyRuleAFileCanHoldReadsBackWithoutUnknownFields(rule: RuleDescription, type: String) throws {
        let ruleJSON = try #require(rule.jsonValue)
        let setting = JSONValue.object(["key": .string("k"), "type": .string(type), "default": .array([]),
                                        "rule": .object(["each": ruleJSON])])
        let document = JSONValue.object(["suite": .string("s"), "sections": .array([.object(["name": .string("S"), "settings": .array([setting])])])])

        let schema = try PreferenceSchema(jsonText: document.text)

        #expect(schema.key(named: "k")?.rule == .each(rule))
    }

    @Test func aLoadedSchemaChecksValuesLikeTheCompiledOne() throws {
        let loaded = try PreferenceSchema(jsonText: WeatherSettings.schema.jsonValue.text)
        let prefs = Preferences(store: InMemoryStore(), schema: loaded)
        let interval = try loaded.requireKey(named: "refreshInterval")
        let notation = try loaded.requireKey(named: "temperatureNotation")

        #expect(throws: PreferenceError.invalidValue(key: "refreshInterval", value: "7", allowed: "5…240 in steps of 5")) {
            try prefs.set(text: ["7"], for: interval)
        }
        #expect(throws: PreferenceError.invalidValue(key: "temperatureNotation", value: "rankine", allowed: "one of celsius, fahrenheit, kelvin")) {
            try prefs.set(text: ["rankine"], for: notation)
        }
        try prefs.set(text: ["kelvin"], for: notation)
        try prefs.set(text: ["Bergen", "Bodø"], for: try loaded.requireKey(named: "favoriteCities"))
        #expect(prefs.text(of: notation) == "kelvin")
        #expect(prefs.text(of: try loaded.requireKey(named: "favoriteCities")) == #"["Bergen","Bodø"]"#)
        #expect(prefs.text(of: try loaded.requireKey(named: "lastRefresh")) == "")

        // The compiled schema reads the same suite the same way.
        let compiled = Preferences(store: prefs.store, schema: WeatherSettings.schema)
        #expect(compiled[.temperatureNotation] == .kelvin)
    }

    /// A rule the key's type cannot follow is refused when the schema is read, naming the key,
    /// the number and what is allowed, rather than found out while stepping.
    @Test(arguments: [
        (#""type": "int", "default": 0, "rule": {"step": 1e19}"#,
         #""step" 10000000000000000000 does not fit type int; allowed: a whole number from 1 to 9223372036854775807"#),
        (#""type": "int", "default": 0, "rule": {"min": 0, "max": 10, "step": 1.5}"#,
         #""step" 1.5 does not fit type int; allowed: a whole number from 1 to 9223372036854775807"#),
        (#""type": "int", "default": 1, "rule": {"min": 0.5}"#,
         #""min" 0.5 does not fit type int; allowed: a whole number from -9223372036854775808 to 9223372036854775807"#),
        (#""type": "int", "default": 0, "rule": {"min": -1e30, "max": 10}"#,
         #""min" -1e+30 does not fit type int; allowed: a whole number from -9223372036854775808 to 9223372036854775807"#),
        // (2^63 written as digits is refused earlier, by the JSON scanner, as out of range.)
        (#""type": "int", "default": 0, "rule": {"max": 1e19}"#,
         #""max" 10000000000000000000 does not fit type int; allowed: a whole number from -9223372036854775808 to 9223372036854775807"#),
        (#""type": "[int]", "default": [], "rule": {"each": {"step": 0.25}}"#,
         #""step" 0.25 does not fit type int; allowed: a whole number from 1 to 9223372036854775807"#),
        (#""type": "double", "default": 0, "rule": {"step": 0}"#,
         #""step" 0 is not allowed; allowed: a positive number"#),
        (#""type": "int", "default": 0, "rule": {"step": -5}"#,
         #""step" -5 is not allowed; allowed: a positive number"#),
        (#""type": "int", "default": 0, "rule": {"min": 10, "max": 5}"#,
         #""min" 10 is greater than "max" 5"#),
        (#""type": "int", "default": 11, "rule": {"min": 0, "max": 10}"#,
         #"the default 11 breaks the rule (0…10)"#),
        (#""type": "int", "default": 1, "rule": {"choices": ["1", "two"]}"#,
         #"the choice "two" does not fit type int; allowed: a whole number"#),
    ])
    func aRuleThatDoesNotFitItsTypeIsRefused(setting: String, reason: String) {
        let document = #"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "#
            + setting + "}]}]}"
        #expect(throws: PreferenceError.invalidSchema(location: #"sections[0].settings[0] ("n")"#, reason: reason)) {
            try PreferenceSchema(jsonText: document)
        }
    }

    @Test func wholeNumberRulesMayReachTheEndsOfInt() throws {
        let schema = try PreferenceSchema(jsonText: #"""
            {"suite": "a", "sections": [{"name": "S", "settings": [
              {"key": "n", "type": "int", "default": 9223372036854775807,
               "rule": {"min": -9223372036854775808, "max": 9223372036854775807, "step": 1.0}}]}]}
            """#)
        #expect(schema.keys.first?.stepped(from: nil, by: -1) == .int(.max - 1))
    }

    @Test(arguments: [
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 500, "rule": {"min": 0, "max": 10}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("n"): the default 500 breaks the rule (0…10)"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "type": "float", "default": 1}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("n"): unknown type "float"; use bool, int, double, string, date, data, url, path, plist, [T], [string: T] or T?"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "ok", "type": "bool", "default": true}, {"key": "s", "type": "string", "default": 3}]}]}"#,
         #"invalid schema at sections[0].settings[1] ("s"): the default 3 does not fit type string; allowed: a JSON string holding a string"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "s", "type": "string", "default": "x", "rule": {"min": 1}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("s"): a min/max/step rule needs an int or double, not string"#),
        // A url has no empty value to read while unset, so it needs a declared default (an int
        // without one reads 0 and has no default: see aSettingWithoutADefaultDeclaresNone).
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "type": "url"}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("n"): "default" is missing"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 1}, {"key": "n", "type": "int", "default": 1}]}]}"#,
         #"invalid schema at sections[0].settings[1] ("n"): the key is declared twice"#),
        (#"{"suite": "a/b", "sections": []}"#, #"invalid schema at "suite": expected a suite name (text without "/")"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "s", "type": "string", "default": "x", "rule": {"pattern": "(["}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("s"): "pattern" must be a valid regular expression"#),
        ("{not json", #"invalid schema at line 1, column 2: not valid JSON: expected a member name in double quotes, found "n""#),
        ("{\"suite\": \"a\",\n  \"sections\": [\n    {\"name\": \"S\" \"settings\": []}]}",
         #"invalid schema at line 3, column 18: not valid JSON: expected "," or "}" after an object member, found """"#),
        ("{\"suite\": \"a\", \"sections\": [{\"name\": \"Städte\", \"settings\": [}]}",
         #"invalid schema at line 1, column 61: not valid JSON: expected a value, found "}""#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 1, "titel": "N"}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("n"): unknown field "titel"; did you mean title?"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 1, "rule": {"mx": 3}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("n"): unknown field "mx" in "rule"; did you mean max?"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "c", "type": "string", "default": "zstd", "rule": {"choices": [{"value": "zstd", "titel": "Zstandard"}, "lz4"]}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("c"): unknown field "titel" in "rule.choices[0]"; did you mean title?"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "l", "type": "[string]", "default": [], "rule": {"each": {"nonEmpty": true, "maxLenght": 3}}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("l"): unknown field "maxLenght" in "rule.each"; did you mean maxLength?"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "l", "type": "[string]", "default": [], "rule": {"each": {"choices": ["a", {"value": "b", "tilte": "B"}]}}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("l"): unknown field "tilte" in "rule.each.choices[1]"; did you mean title?"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "c", "type": "string", "default": "a", "rule": {"choices": [{"value": "a", "title": 3}]}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("c"): "title" in "rule.choices[0]" must be text, not number"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 1, "rule": {"min": 0, "maxLength": 3}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("n"): unknown field "maxLength" in "rule" for a min/max/step rule; allowed: max, min, step"#),
        (#"{"suite": "a", "sections": [{"name": "S", "settings": [{"key": "l", "type": "[int]", "default": [], "rule": {"each": {"min": 0}, "nonEmpty": true}}]}]}"#,
         #"invalid schema at sections[0].settings[0] ("l"): unknown field "nonEmpty" in "rule" for an each rule; allowed: each"#),
        (#"{"suite": "a", "sections": [{"name": "S", "setings": []}]}"#,
         #"invalid schema at sections[0]: unknown field "setings"; did you mean settings?"#),
        (#"{"suite": "a", "sections": [], "colour": "red"}"#,
         #"invalid schema at the document: unknown field "colour"; allowed: projectFile, retired, rules, sections, suite, title, version"#),
    ])
    func malformedSchemasPointAtTheEntryAtFault(document: String, message: String) {
        do {
            _ = try PreferenceSchema(jsonText: document)
            Issue.record("expected an error for \(document)")
        } catch {
            #expect("\(error)" == message)
        }
    }
}
