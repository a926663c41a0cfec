import PrefsModel

/// A schema with every value type, loose and strict rules side by side, so random input
/// reaches every parser and the writer gets long, odd and unrestricted values.
enum HostileSchema {
    static let suiteName = "hostile"

    static let json = """
        {
          "title": "Hostile",
          "suite": "hostile",
          "sections": [
            {
              "name": "Text",
              "settings": [
                { "key": "note", "type": "string", "default": "" },
                { "key": "word", "type": "string", "default": "x", "rule": { "nonEmpty": true, "maxLength": 16, "pattern": "[a-z]+" } },
                { "key": "mode", "type": "string", "default": "a", "rule": { "choices": ["a", "b", "c"] } },
                { "key": "maybeNote", "type": "string?" },
                { "key": "link", "type": "url", "default": "https://example.com" },
                { "key": "blob", "type": "data", "default": "" }
              ]
            },
            {
              "name": "Numbers",
              "settings": [
                { "key": "count", "type": "int", "default": 0 },
                { "key": "stepped", "type": "int", "default": 10, "rule": { "min": -100, "max": 100, "step": 10 } },
                { "key": "ratio", "type": "double", "default": 0.5, "rule": { "min": 0, "max": 1 } },
                { "key": "anyDouble", "type": "double", "default": 0 },
                { "key": "maybeCount", "type": "int?" },
                { "key": "flag", "type": "bool", "default": false },
                { "key": "when", "type": "date?" }
              ]
            },
            {
              "name": "Collections",
              "settings": [
                { "key": "tags", "type": "[string]", "default": [] },
                { "key": "digits", "type": "[int]", "default": [], "rule": { "each": { "min": 0, "max": 9 } } },
                { "key": "table", "type": "[string: string]", "default": {} },
                { "key": "weights", "type": "[string: double]", "default": {} }
              ]
            }
          ]
        }
        """

    static func make() throws -> PreferenceSchema {
        try PreferenceSchema(jsonText: json)
    }
}
