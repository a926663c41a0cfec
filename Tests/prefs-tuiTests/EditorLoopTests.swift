import Foundation
import PrefsDemo
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

@Suite("Everything through update: writes as effects, results as events")
struct EditorLoopTests {
    @Test func theListEditorShowsNewItemsOnlyAfterTheWriteSucceeded() {
        let (editor, store) = EditorHarness.failing()
        editor.select("Favourite cities")
        editor.press(.enter, .character("a"))
        editor.type("Oslo")
        editor.press(.enter)

        #expect(editor.status == " cannot write /blocked/com.example.weather.plist: input/output error; nothing …")
        #expect(editor.stored("favoriteCities") == nil)
        #expect(editor.screen.contains("Favourite cities (0)"))
        #expect(editor.controller.frame().cursor != nil)             // the item field is still open…
        #expect(editor.screen.contains("Oslo"))                      // …with the typed text

        store.failing = false
        editor.press(.enter)
        #expect(editor.stored("favoriteCities") == .array([.string("Oslo")]))
        #expect(editor.screen.contains("Favourite cities (1)"))
    }

    @Test func aFailedLineEditKeepsTheTypedText() {
        let (editor, store) = EditorHarness.failing()
        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.type("Bergen")
        editor.press(.enter)

        #expect(editor.status == " cannot write /blocked/com.example.weather.plist: input/output error; nothing …")
        #expect(editor.row("City").contains("Bergen"))
        #expect(editor.controller.frame().cursor != nil)
        store.failing = false
        editor.press(.enter)
        #expect(editor.stored("city") == .string("Bergen"))
        #expect(editor.status == " Saved city = Bergen")
        #expect(!editor.controller.frame().showsCursor)   // no field open: the cursor rests, hidden, on the selection
    }

    @Test func aFailedWriteLeavesNothingToUndo() {
        let (editor, _) = EditorHarness.failing()
        editor.press(.right)
        #expect(editor.row("Temperature").contains("‹ Celsius ›"))
        editor.press(.character("u"))
        #expect(editor.status == " Nothing to undo")
    }

    @Test func keysBecomeEffectsThatTheLoopCarriesOut() {
        let editor = EditorHarness()
        var state = editor.controller.state
        #expect(EditorUpdate.update(&state, .key(.right)) == [.write(["temperatureNotation": .string("fahrenheit")])])
        #expect(editor.stored("temperatureNotation") == nil)   // update itself never writes
        #expect(state.undoStack.isEmpty)
        let committed = StoredChange(key: "temperatureNotation", old: nil, new: .string("fahrenheit"))
        _ = EditorUpdate.update(&state, .writeFinished(.committed([committed], warnings: [])))
        #expect(state.undoStack.count == 1)
        #expect(state.message?.text == "Saved temperatureNotation = fahrenheit")
        // The values shown take what the write committed, though the store never saw it.
        #expect(state.settings.storedValue(forKey: "temperatureNotation") == .string("fahrenheit"))
        #expect(EditorUpdate.update(&state, .key(.character("q"))) == [.quit(.quit)])
        #expect(EditorUpdate.update(&state, .key(.control("z"))) == [.suspend])
    }

    @Test func ctrlCAndCtrlBackslashQuitFromAnyMode() {
        for key: KeyEvent in [.control("c"), .control("\\")] {
            let editor = EditorHarness()
            editor.select("City")
            editor.press(.enter, key)
            #expect(editor.controller.shouldQuit)
        }
    }

    @Test func ctrlZAsksTheLoopToSuspend() {
        let editor = EditorHarness()
        let suspended = Locked(0)
        editor.controller.suspend = { suspended.withLock { $0 += 1 } }
        editor.press(.control("z"))
        #expect(suspended.withLock { $0 } == 1)
        #expect(!editor.controller.shouldQuit)
    }
}

@Suite("Timers instead of polling")
struct EditorTimerTests {
    final class Clock: Sendable {
        let now = Locked(EditorHarness.noon.addingTimeInterval(30))
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
    }

    @Test func aClockDependentValueAsksForATimerWhenItChanges() {
        let clock = Clock()
        let schema = WeatherSettings.makeSchema(now: { clock.now.withLock { $0 } }, timeZone: TimeZone(identifier: "UTC")!)
        let editor = EditorHarness(schema: schema)
        #expect(editor.screen.contains("Next refresh  12:15"))
        #expect(editor.controller.wakeUp == EditorHarness.noon.addingTimeInterval(60))

        clock.advance(30)
        editor.controller.send(.timer)
        #expect(editor.screen.contains("Next refresh  12:16"))
        #expect(editor.controller.wakeUp == EditorHarness.noon.addingTimeInterval(120))
    }

    @Test func withoutClockDependentValuesOrWithTheLivePreviewHiddenNoTimerIsAsked() {
        let keys = [PreferenceKey<Int>("n", default: 1)]
        #expect(EditorHarness(schema: PreferenceSchema(title: "T", suiteName: "t", keys: keys)).controller.wakeUp == nil)
        #expect(EditorHarness(width: 60, height: 20).controller.wakeUp == nil)     // no live preview below 72 columns
    }
}

@Suite("Outside changes, told apart by the store")
struct OutsideChangesTests {
    @Test func onlyChangesMadeElsewhereAreNewsAndEachWakesTheLoop() throws {
        let store = InMemoryStore()
        let prefs = Preferences(store: store, schema: EditorHarness.schema)
        let wakes = Locked(0)
        let outside = OutsideChanges(prefs) { wakes.withLock { $0 += 1 } }
        defer { outside.cancel() }

        try prefs.set("Bergen", for: .city)                        // the editor's own write
        #expect(outside.take() == nil)
        #expect(wakes.withLock { $0 } == 0)

        try Preferences(store: store, schema: EditorHarness.schema).set(.imperial, for: .unitsNotation)
        // The event carries the value the news carried, and that the file reads.
        #expect(outside.take() == .externalChange(["unitsNotation": .string("imperial")], loadProblem: .some(nil)))
        #expect(wakes.withLock { $0 } == 1)
        #expect(outside.take() == nil)
    }

    @Test func anOutsideValueOverwrittenByTheEditorsOwnWriteIsDropped() throws {
        let store = InMemoryStore()
        let prefs = Preferences(store: store, schema: EditorHarness.schema)
        let outside = OutsideChanges(prefs) {}
        defer { outside.cancel() }

        try Preferences(store: store, schema: EditorHarness.schema).set("Tromsø", for: .city)
        try prefs.set("Bergen", for: .city)     // the editor's own write, whose result says so

        #expect(outside.take() == nil)
    }
}

/// Another program's change as it reaches the editor (issue 41): one pass over it in PrefsModel,
/// its values carried to the editor, and nothing read again.
@Suite("Another program's change, carried to the editor")
struct CarriedOutsideChangeTests {
    /// A store that counts what is asked of it, and reports changes made by "another program".
    final class CountingStore: PreferenceStore, @unchecked Sendable {
        private let inner: InMemoryStore
        let reads = Locked(0), handlers = Locked(0), batchesHandled = Locked(0)
        private let registry = Locked<[@Sendable (StoreChangeBatch) -> Void]>([])

        init(_ values: [String: PlistValue]) { inner = InMemoryStore(values) }

        var location: String { inner.location }
        var loadProblem: String? { nil }
        func takeWarnings() -> [String] { [] }
        func storedValue(forKey key: String) -> PlistValue? {
            reads.withLock { $0 += 1 }
            return inner.storedValue(forKey: key)
        }
        func storedValues() -> [String: PlistValue] { inner.storedValues() }
        func commit(_ changes: [String: PlistValue?], by writer: StoreWriter?) throws -> [StoredChange] {
            try inner.commit(changes, by: writer)
        }
        func commit(by writer: StoreWriter?, transaction: ([String: PlistValue]) throws -> [String: PlistValue?]) throws -> [StoredChange] {
            try inner.commit(by: writer, transaction: transaction)
        }
        func addChangeHandler(_ handler: @escaping @Sendable (StoreChangeBatch) -> Void) -> ObservationToken {
            handlers.withLock { $0 += 1 }
            let counted: @Sendable (StoreChangeBatch) -> Void = { [batchesHandled] batch in
                batchesHandled.withLock { $0 += 1 }
                handler(batch)
            }
            registry.withLock { $0.append(counted) }
            return inner.addChangeHandler(counted)
        }

        /// A write by another writer (as another program's, it reaches the editor as news).
        func changeElsewhere(_ values: [String: PlistValue]) throws {
            _ = try inner.commit(values.mapValues { Optional($0) }, by: StoreWriter())
        }
    }

    @Test func theChangesValuesReachTheEditorAndNothingIsReadAgain() throws {
        let store = CountingStore(["city": .string("Oslo")])
        let host = Preferences(store: store, schema: EditorHarness.schema)
        // The editor as a host opens it on some of its settings: a view of the host's Preferences.
        let editor = try PreferencesEditor.Harness(PreferencesEditor(host, options: .init(sections: ["Location"])), width: 100, height: 30)
        let handlersBefore = store.handlers.withLock { $0 }
        #expect(handlersBefore == 2, "the host's Preferences and the editor's news: \(handlersBefore) store handlers")
        store.reads.withLock { $0 = 0 }

        try store.changeElsewhere(["city": .string("Tromsø")])
        let readsBeforeTheLoop = store.reads.withLock { $0 }
        editor.press(.down)     // the harness takes the news as the loop does

        #expect(editor.screen.contains("Tromsø"), "\(editor.screen)")
        #expect(store.reads.withLock { $0 } == readsBeforeTheLoop, "the editor read the store again for values the news carried")
        // One batch, each registered handler once: no second Preferences pass over it.
        #expect(store.batchesHandled.withLock { $0 } == handlersBefore)
    }

    @Test func aViewOfTheHostsPreferencesAddsNoSecondPassOverEachChangeUntilObserved() throws {
        let store = CountingStore(["city": .string("Oslo")])
        let host = Preferences(store: store, schema: EditorHarness.schema)

        let view = host.withSchema(EditorHarness.schema.withKeys([PreferenceKeys.city], title: nil))
        try store.changeElsewhere(["city": .string("Tromsø")])

        #expect(store.handlers.withLock { $0 } == 1, "the view registered with the store on its own")
        #expect(view[.city] == "Tromsø")      // read, not cached from before the change
        let token = view.observeAll { _ in }
        defer { token.cancel() }
        #expect(store.handlers.withLock { $0 } == 2)
    }
}
