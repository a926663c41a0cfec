// A second process for the multi-process tests: it writes, reads and watches a suite the way
// another program (or another copy of the same program) would. The tests launch it with
// XDG_CONFIG_HOME pointing at a temporary folder, since Foundation reads that variable once at
// start.
import Foundation
import PrefsDemo
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
case ("open-and-count-inotify", 3):
    // open-and-count-inotify SUITE watch|read-once: opens the suite and its site as a command
    // does, reads a value, and prints how many inotify instances the process then has.
    let watches = arguments[2] == "watch"
    let prefs = Preferences(store: SuiteStore(suiteName: arguments[1], watchForChanges: watches), schema: WeatherSettings.schema,
                            site: SiteDefaults(suiteName: arguments[1], watchForChanges: watches))
    _ = prefs[.city]
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    let instances = descriptors.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == "anon_inode:inotify" }
    say("inotify instances: \(instances.count)")
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
case ("count-up", 4):
    guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
    do { try countUp(suite: arguments[1], key: arguments[2], count: count) } catch { fail("\(error)") }
case ("count-up-pinned", 4):
    guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
    do { try countUpWithPinnedIdentity(suite: arguments[1], key: arguments[2], count: count) } catch { fail("\(error)") }
case ("foundation-rewrite-loop", 3):
    guard let count = Int(arguments[2]) else { fail("COUNT must be a number") }
    foundationRewriteLoop(suite: arguments[1], count: count)
case ("write-and-stop", 4):
    storeWriteAndStop(suite: arguments[1], key: arguments[2], value: arguments[3])
case ("read-and-write", 4):
    storeReadAndWrite(suite: arguments[1], key: arguments[2], value: arguments[3])
case ("write-until-killed", 4):
    guard let size = Int(arguments[3]) else { fail("SIZE must be a number") }
    do { try writeUntilKilled(suite: arguments[1], prefix: arguments[2], size: size, announce: say) } catch { fail("\(error)") }
case ("write-real-in-locale", 5):
    storeWriteRealInLocale(suite: arguments[1], key: arguments[2], value: arguments[3], locale: arguments[4])
case ("foundation-read-plist", _) where arguments.count >= 2:
    storeFoundationReadPlist(suite: arguments[1], keys: Array(arguments.dropFirst(2)))
case ("write-under-size-limit", 5):
    storeWriteUnderSizeLimit(suite: arguments[1], key: arguments[2], bytes: arguments[3], limit: arguments[4])
case ("write-forever", 2):
    storeWriteForever(suite: arguments[1])
case ("foundation-read-url", 3):
    storeFoundationReadURL(suite: arguments[1], key: arguments[2])
default:
    fail("unknown command or wrong argument count: \(arguments.joined(separator: " "))")
}

// MARK: Storage-layer subcommands

/// write-real-in-locale SUITE KEY VALUE LOCALE: commits a real with `LC_NUMERIC` set to LOCALE
/// (found through `LOCPATH`), as the editor runs after `setlocale(LC_ALL, "")`.
func storeWriteRealInLocale(suite: String, key: String, value: String, locale: String) {
    guard setlocale(LC_NUMERIC, locale) != nil, let number = Double(value) else { fail("no locale \(locale) or bad number") }
    do { try SuiteStore(suiteName: suite, watchForChanges: false).commit([key: .double(number)]) } catch { fail("\(error)") }
}

/// foundation-read-plist SUITE KEY…: what `UserDefaults.object(forKey:)` returns for each key,
/// written to standard output as a binary plist by Foundation (the XML form would lose the
/// sign of negative zero), so the test can compare it whole.
func storeFoundationReadPlist(suite: String, keys: [String]) {
    guard let defaults = UserDefaults(suiteName: suite) else { fail("no suite") }
    var found: [String: Any] = [:]
    for key in keys { found[key] = defaults.object(forKey: key) }
    do {
        FileHandle.standardOutput.write(try PropertyListSerialization.data(fromPropertyList: found, format: .binary, options: 0))
    } catch { fail("\(error)") }
}

/// foundation-read-url SUITE KEY: what `UserDefaults.url(forKey:)` returns, or "nil".
func storeFoundationReadURL(suite: String, key: String) {
    guard let defaults = UserDefaults(suiteName: suite) else { fail("no suite") }
    say(defaults.url(forKey: key)?.absoluteString ?? "nil")
}

/// write-under-size-limit SUITE KEY BYTES LIMIT: commits a text value of BYTES characters with
/// the process's file-size limit (RLIMIT_FSIZE, what `ulimit -f` sets) at LIMIT bytes. SIGXFSZ
/// is ignored so the write fails with EFBIG instead of killing the process (a writer killed that
/// way is the killed-writer case). Prints "written", or the error on standard error (exit 1).
func storeWriteUnderSizeLimit(suite: String, key: String, bytes: String, limit: String) {
    guard let count = Int(bytes), let maximum = rlim_t(limit) else { fail("BYTES and LIMIT must be numbers") }
    let store = SuiteStore(suiteName: suite, watchForChanges: false)
    signal(SIGXFSZ, SIG_IGN)
    var limits = rlimit(rlim_cur: maximum, rlim_max: maximum)
    guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limits) == 0 else { fail("setrlimit failed") }
    do {
        try store.commit([key: .string(String(repeating: "x", count: count))])
        say("written")
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

/// write-and-stop SUITE KEY VALUE: commits KEY = VALUE but stops itself (SIGSTOP) with the lock
/// held and its temporary file written, after printing "stopped <temporary file>". Continued
/// (SIGCONT), it finishes the write and prints "written"; killed, it leaves the temporary file.
func storeWriteAndStop(suite: String, key: String, value: String) {
    var options = SuiteStore.Options()
    options.hooks.beforeRename = { temporary in
        say("stopped \(temporary)")
        raise(SIGSTOP)
    }
    do {
        try SuiteStore(suiteName: suite, watchForChanges: false, options: options).commit([key: .string(value)])
        say("written")
    } catch { fail("\(error)") }
}

/// read-and-write SUITE KEY VALUE: prints "problem: <the load problem>" (or "problem: none"),
/// then commits KEY = VALUE and prints "written", or the error on standard error (exit 1).
func storeReadAndWrite(suite: String, key: String, value: String) {
    let store = SuiteStore(suiteName: suite, watchForChanges: false)
    say("problem: \(store.loadProblem ?? "none")")
    do {
        try store.commit([key: .string(value)])
        say("written")
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}

/// write-forever SUITE: commits large values without pause until killed, printing "writing"
/// after the first commit, so a test can kill it in the middle of a write.
func storeWriteForever(suite: String) {
    let store = SuiteStore(suiteName: suite, watchForChanges: false)
    let filler = String(repeating: "y", count: 4096)
    var round = 0
    while true {
        var changes: [String: PlistValue?] = [:]
        for index in 0..<64 { changes["bulk-\(index)"] = .string("\(round) \(filler)") }
        changes["round"] = .int(round)
        do { try store.commit(changes) } catch { fail("\(error)") }
        if round == 0 { say("writing") }
        round += 1
    }
}
