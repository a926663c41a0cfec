import Foundation
import PrefsEditor
import PrefsModel

// A program that opens the settings editor on its own settings with one call, then goes on.
//
//   settings-host                 prints the settings and the derived value
//   settings-host settings [N]    opens the editor (N times in a row), prints what changed
//   settings-host install-schema  installs its schema for this user, so `prefs-tui --suite
//                                 com.example.backup` finds its settings, rules and titles
//   settings-host settings N --own-stop-handler
//                                 the same, with a SIGTSTP handler of its own, which counts
//                                 stops and goes on (a program that must not be stopped)
//
// It has a SIGTERM handler of its own: a SIGTERM while the editor is open puts the terminal
// back, then runs this handler, and the program goes on. A host's own SIGTSTP handler runs
// while the editor is open, and the editor goes on.

let prefs = Preferences(BackupSettings.schema)
var arguments = Array(CommandLine.arguments.dropFirst())

signal(SIGTERM) { _ in
    let message = "host: SIGTERM handled by the host's own handler\n"
    _ = message.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
}

/// Stops the host's own SIGTSTP handler counted (written by the handler, read at the end).
nonisolated(unsafe) var stopsCounted: sig_atomic_t = 0
if let index = arguments.firstIndex(of: "--own-stop-handler") {
    arguments.remove(at: index)
    signal(SIGTSTP) { _ in stopsCounted += 1 }
}

func shown(_ value: PlistValue?) -> String { value?.summary ?? "(default)" }

if arguments.first == "install-schema" {
    do {
        print("host: installed the schema as \(try BackupSettings.schema.install())")
        exit(0)
    } catch {
        print("host: cannot install the schema: \(error)")
        exit(1)
    }
}

guard arguments.first == "settings" else {
    for key in BackupSettings.schema.keys { print("\(key.name) = \(prefs.text(of: key))") }
    print("history = \(prefs[BackupSettings.history])")
    exit(0)
}

let times = arguments.count > 1 ? Int(arguments[1]) ?? 1 : 1
for _ in 0..<times {
    do {
        let summary = try PreferencesEditor(prefs, title: "Backup settings").run()
        switch summary.ending {
        case .quit: break
        case .interrupted: print("host: the person interrupted the editor (Ctrl-C)")
        case .cancelled: print("host: the editor was cancelled")
        case .signal(let signal): print("host: the editor ended by signal \(signal)")
        }
        print("host: \(summary.changes.count) setting(s) changed")
        for change in summary.changes { print("host: \(change.key): \(shown(change.before)) -> \(shown(change.after))") }
        if let unsaved = summary.unsaved { print("host: not saved: \(unsaved.keys.joined(separator: ", ")): \(unsaved.reason)") }
    } catch {
        print("host: cannot open the settings: \(error)")
        exit(1)
    }
}
print("host: going on; history kept is \(prefs[BackupSettings.history])")
if stopsCounted > 0 { print("host: stops counted by the host's own handler: \(stopsCounted)") }
