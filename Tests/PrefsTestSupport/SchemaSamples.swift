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

    /// A schema whose settings read each other every way a compiled schema's part must carry:
    /// a condition, a rule across two settings, an old name, a conversion, a secret, a retired
    /// name and a version (issue 55).
    public static let dependingOnEachOther = #"""
        {"suite": "org.example.c", "title": "Compiled", "version": 2, "retired": ["gone"],
         "rules": [{"ordered": ["low", "high"]}],
         "sections": [
          {"name": "One", "settings": [
            {"key": "city", "type": "string", "title": "City", "default": "Oslo", "renamedFrom": ["town"]},
            {"key": "units", "type": "string", "title": "Units", "default": "metric", "rule": {"choices": ["metric", "imperial"]},
             "convert": [{"from": true, "to": "imperial"}]}]},
          {"name": "Two", "settings": [
            {"key": "speed", "type": "int", "title": "Speed", "default": 1, "inUseWhen": {"units": "metric"}},
            {"key": "low", "type": "int", "title": "Low", "default": 1},
            {"key": "high", "type": "int", "title": "High", "default": 2},
            {"key": "token", "type": "string", "title": "Token", "default": "", "secret": true}]}]}
        """#
}
