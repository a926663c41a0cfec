/// Schema files for tests.
public enum SchemaSamples {
    /// Every kind of field, rule and type a schema file can hold, with escapes and text beyond ASCII.
    public static let everyKind = #"""
    {
      "title": "Every kind \u00e9",
      "suite": "com.example.kinds",
      "retired": ["legacyMode", "oldTheme"],
      "sections": [
        {
          "name": "Numbers",
          "settings": [
            { "key": "interval", "type": "int", "default": 15, "unit": "min", "title": "Every", "help": "Minutes.\nTwo lines.",
              "rule": { "min": 5, "max": 240, "step": 5 } },
            { "key": "ratio", "type": "double", "default": 0.5, "rule": { "min": 0, "max": 1, "step": 0.25 } },
            { "key": "level", "type": "int?", "title": "Level", "rule": { "choices": [1, 2, 3] } },
            { "key": "ports", "type": "[int]", "default": [8080, 8081], "rule": { "each": { "min": 1, "max": 65535 } } }
          ]
        },
        {
          "name": "Tromsø text",
          "settings": [
            { "key": "city", "type": "string", "default": "Tromsø", "title": "City \"here\"",
              "rule": { "nonEmpty": true, "maxLength": 40, "pattern": "^[^/]+$" } },
            { "key": "notation", "type": "string", "default": "celsius", "renamedFrom": ["tempUnit", "units"],
              "rule": { "choices": [ { "value": "celsius", "title": "Celsius" }, "fahrenheit" ] } },
            { "key": "notes", "type": "string", "default": "", "rule": { "multiline": true } },
            { "key": "enabled", "type": "bool", "default": true, "help": null, "unit": null },
            { "key": "home", "type": "url?", "title": "Home" },
            { "key": "aliases", "type": "[string: string]", "default": { "a": "b" } },
            { "key": "extra", "type": "plist?" },
            { "key": "lastRun", "type": "date?" }
          ]
        }
      ]
    }
    """#
}
