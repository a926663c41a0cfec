import ArgumentParser
import Dispatch
import PrefsModel

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", _superCommandName: PrefsTUI.name,
        abstract: "Print one line per change, from any process, until interrupted.",
        discussion: """
            Each line is the key, a colon, the old value, an arrow (U+2192) and the new \
            value, with values as `get` prints them (an unset optional is empty). With keys, \
            only those are watched.
            """)

    @Argument(help: "Only watch these keys.", completion: Completions.keys) var keys: [String] = []
    @OptionGroup var options: SuiteOptions

    func run() throws {
        var token: ObservationToken?
        try reportingFailures {
            let prefs = try options.open(watchForChanges: true, mustExist: true)
            let watched = Set(try keys.map { try prefs.schema.requireKey(named: $0).name })
            token = prefs.observeAll { changes in
                for change in changes where watched.isEmpty || watched.contains(change.name) {
                    // A secret's texts only say whether it is set: a change of a set one to
                    // another value reads the same, and is printed all the same.
                    let secret = prefs.schema.setting(storedUnder: change.name)?.isSecret == true   // under its name or an old one
                    let secretChanged = secret && change.stored.old != change.stored.new
                    guard change.oldText != change.newText || secretChanged else { continue }
                    // One line per change, escaped whole: the name and the values come from
                    // another program and may hold any control character, as `list` shows them.
                    Output.print("\(change.name): \(change.oldText) → \(change.newText)".controlCharactersEscaped)
                }
            }
            // On standard error, so standard output carries only changes: people see that it
            // works, and tests know when the watch is in place.
            Diagnostics.print("watching \(prefs.store.location.controlCharactersEscaped) (Ctrl-C to stop)")
        }
        withExtendedLifetime(token) { dispatchMain() }
    }
}
