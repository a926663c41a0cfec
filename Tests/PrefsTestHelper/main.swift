// A second process for the multi-process tests: it writes, reads and watches a suite the way
// another program (or another copy of the same program) would. The tests launch it with
// XDG_CONFIG_HOME pointing at a temporary folder, since Foundation reads that variable once at
// start.
import Foundation
import PrefsModel

/// Writes one line unbuffered, so the test sees it at once.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("prefs-test-helper: \(message)\n".utf8))
    exit(2)
}

guard let command = arguments.first else { fail("usage: prefs-test-helper COMMAND …") }

/// Writes one key of every property-list type through Foundation's `UserDefaults`, as another
/// program that knows nothing of PrefsModel would.
func foundationWriteEveryType(suite: String) {
    guard let defaults = UserDefaults(suiteName: suite) else { fail("no suite") }
    let values: [String: Any] = [
        "legacyMode": true,
        "retryCount": 3,
        "ratio": 2.0,
        "label": "Nightly backup",
        "lastRun": Date(timeIntervalSince1970: 1_795_000_000),
        "token": Data([0, 1, 2, 254, 255]),
        "excludes": ["*.tmp", "cache"],
        "windowFrame": ["x": 10, "y": 20, "width": 640, "height": 480],
        "history": [1, "two", 3.5, ["nested": true]] as [Any],
        "profiles": ["home": ["paths": ["/home"], "enabled": true]] as [String: Any],
    ]
    for (key, value) in values { defaults.set(value, forKey: key) }
    guard defaults.synchronize() else { fail("synchronize failed") }
}

switch (command, arguments.count) {
case ("write-keys", 4):
    // write-keys SUITE PREFIX COUNT: one commit per key, as independent settings changes.
    let store = SuiteStore(suiteName: arguments[1], watchForChanges: false)
    guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
    for index in 0..<count {
        do { try store.commit(["\(arguments[2])-\(index)": .int(index)]) } catch { fail("\(error)") }
    }
case ("set-text", 4):
    // set-text SUITE KEY VALUE: a demo key set from text, like `prefs-tui set`.
    let prefs = Preferences(store: SuiteStore(suiteName: arguments[1], watchForChanges: false), schema: WeatherSettings.schema)
    do {
        let key = try prefs.schema.requireKey(named: arguments[2])
        try prefs.set(text: [arguments[3]], for: key)
    } catch { fail("\(error)") }
case ("foundation-set-string", 4):
    // foundation-set-string SUITE KEY VALUE: plain Foundation, no PrefsModel.
    guard let defaults = UserDefaults(suiteName: arguments[1]) else { fail("no suite") }
    defaults.set(arguments[3], forKey: arguments[2])
    guard defaults.synchronize() else { fail("synchronize failed") }
case ("foundation-set-int", 4):
    guard let defaults = UserDefaults(suiteName: arguments[1]), let value = Int(arguments[3]) else { fail("bad arguments") }
    defaults.set(value, forKey: arguments[2])
    guard defaults.synchronize() else { fail("synchronize failed") }
case ("foundation-read", 3):
    // foundation-read SUITE KEY: prints the value's type and description, or "nil".
    guard let defaults = UserDefaults(suiteName: arguments[1]) else { fail("no suite") }
    if let value = defaults.object(forKey: arguments[2]) {
        say("\(type(of: value)) \(value)")
    } else {
        say("nil")
    }
case ("foundation-write-every-type", 2):
    // foundation-write-every-type SUITE: keys of every plist type, see the function.
    foundationWriteEveryType(suite: arguments[1])
case ("watch", 2):
    // watch SUITE: prints "ready", then one line per observed change: "key old → new".
    let prefs = Preferences(suiteName: arguments[1], schema: WeatherSettings.schema)
    let token = prefs.observeAll { changes in
        for change in changes { say("\(change.name) \(change.oldText) → \(change.newText)") }
    }
    say("ready")
    withExtendedLifetime(token) { dispatchMain() }
default:
    fail("unknown command or wrong argument count: \(arguments.joined(separator: " "))")
}
