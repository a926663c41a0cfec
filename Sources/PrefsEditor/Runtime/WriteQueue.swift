import Dispatch
import PrefsModel

/// The editor's writes, off the loop's thread: one at a time, in the order asked, each result
/// handed back as an event. While a write waits for the suite's lock (another process holds
/// it), the loop keeps drawing and reading keys, and the wait is reported as an event too.
package final class WriteQueue: Sendable {
    private let prefs: Preferences
    private let queue = DispatchQueue(label: "prefs.editor.writes")
    private let inbox = Locked([EditorEvent]())
    private let cancelled = Locked(false)
    /// The last wait the store reported, to name the holder if the write is then given up.
    private let lastWait = Locked<LockWaiting.Wait?>(nil)
    private static let cancelledText = "not saved: the editor closed while another process held the lock"
    private let wake: @Sendable () -> Void

    /// `wake` is called (from the writer's thread) whenever an event is ready for `take()`.
    init(_ prefs: Preferences, wake: @escaping @Sendable () -> Void) {
        self.prefs = prefs
        self.wake = wake
    }

    /// Starts a write; its `writeFinished` (and any `writeWaiting` before it) comes from `take()`.
    func submit(_ changes: [String: PlistValue?]) {
        queue.async { [self] in
            let waiting = LockWaiting(onWait: { [self] wait in
                                          lastWait.withLock { $0 = wait }
                                          post(.writeWaiting(wait.note))
                                      },
                                      isCancelled: { [cancelled] in cancelled.withLock { $0 } })
            var result = LockWaiting.during(waiting) { Self.write(changes, to: prefs) }
            if result == .failed(Self.cancelledText), let wait = lastWait.withLock({ $0 }) {
                result = .failed("not saved: the editor closed while \(wait.holder) held the lock \(wait.path)")
            }
            lastWait.withLock { $0 = nil }
            post(.writeFinished(result))
        }
    }

    /// Carries out one write: what it committed, or why nothing was.
    static func write(_ changes: [String: PlistValue?], to prefs: Preferences) -> WriteResult {
        do {
            let (committed, migrationFailure) = try prefs.writeReportingMigration(changes)
            return .committed(committed, edited: edited(changes, in: prefs.schema),
                              warnings: prefs.store.takeWarnings() + (migrationFailure.map { ["\($0)"] } ?? []))
        } catch is CancellationError {
            return .failed(cancelledText)
        } catch {
            return .failed(EditorUpdate.message(for: error))
        }
    }

    /// The settings a write was asked to change, in the order the schema shows them (keys it
    /// does not declare after them, by name): one action's several changes (a reset of a
    /// section) are listed as the person saw them.
    private static func edited(_ changes: [String: PlistValue?], in schema: PreferenceSchema) -> [String] {
        guard changes.count > 1 else { return Array(changes.keys) }
        let declared = schema.keys.lazy.map(\.name).filter { changes[$0] != nil }
        let others = changes.keys.filter { schema.key(named: $0) == nil }.sorted()
        return Array(declared) + others
    }

    /// The events ready since the last call, in the order they happened.
    func take() -> [EditorEvent] {
        inbox.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    /// Ends the wait of a write still waiting for a lock (it then stores nothing), lets a write
    /// already under way finish, and returns the results not yet taken. For the editor's close.
    func finish() -> [EditorEvent] {
        cancelled.withLock { $0 = true }
        drain()
        return take()
    }

    /// Waits until the writes asked for so far have run (their events are then ready).
    func drain() {
        queue.sync {}
    }

    private func post(_ event: EditorEvent) {
        inbox.withLock { $0.append(event) }
        wake()
    }
}
