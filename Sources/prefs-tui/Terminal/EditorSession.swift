import Foundation
import PrefsModel
import Synchronization

/// The editor's loop on a real terminal: read a key, update, draw, until quit or a signal.
enum EditorSession {
    static func run(_ prefs: Preferences, suiteName: String) throws {
        let monochrome = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        let terminal = try NcursesTerminal(monochrome: monochrome)
        defer { terminal.end() }
        let size = terminal.size
        let controller = EditorController(prefs: prefs, suiteName: suiteName, width: size.width, height: size.height)

        // Other processes' changes arrive on the file watcher's queue; this loop picks them up.
        // Our own writes are delivered on this (main) thread while we write, and are not news.
        let external = ChangedNames()
        let token = prefs.observeAll { changes in
            guard !Thread.isMainThread else { return }
            external.add(changes.map(\.name))
        }
        defer { token.cancel() }

        while !controller.shouldQuit && terminalStopSignal == 0 {
            let names = external.take()
            if !names.isEmpty { controller.externalChange(names) }
            terminal.draw(controller.frame())
            if let key = terminal.readKey() { controller.handle(key) }
        }
        if terminalStopSignal == SIGTERM || terminalStopSignal == SIGHUP {
            terminal.end()
            exit(128 + terminalStopSignal)
        }
    }
}

/// Names of keys changed elsewhere, collected between frames.
final class ChangedNames: Sendable {
    private let names = Mutex(Set<String>())
    func add(_ new: [String]) { names.withLock { $0.formUnion(new) } }
    func take() -> Set<String> { names.withLock { names in defer { names.removeAll() }; return names } }
}
