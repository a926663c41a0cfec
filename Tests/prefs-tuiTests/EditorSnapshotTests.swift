import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// The view is a function of the state: the state holds the values it shows, events bring new
/// values in, and neither the update nor the renderer reads the store (whose file watcher
/// changes it from another thread while a frame is drawn).
@Suite("Editor: the state holds the values it shows")
struct EditorSnapshotTests {
    @Test func afterOpeningNoKeyNoFrameAndNoEventReadsTheStore() {
        let store = CountingStore(["city": .string("Bergen"), "favoriteCities": .array([.string("Oslo")])])
        let editor = EditorHarness(width: 100, height: 30, store: store)
        store.reads.withLock { $0 = 0 }

        editor.select("Temperature")
        editor.press(.right, .character(" "), .character("i"), .escape, .character("?"), .escape, .character("u"))
        editor.select("City")
        editor.press(.enter, .control("u"))
        editor.type("Tromsø")
        editor.press(.enter, .character("m"), .character("m"), .character("/"))
        editor.type("ci")
        editor.press(.enter, .escape, .character("R"), .character("n"))
        for size in [(60, 20), (120, 40)] { editor.resize(width: size.0, height: size.1) }
        editor.controller.send(.externalChange(["unitsNotation": .string("imperial")], loadProblem: nil))
        editor.controller.send(.timer)
        _ = editor.screen

        #expect(store.reads.withLock { $0 } == 0)
        #expect(editor.screen.contains("Tromsø"))             // the edits were made: this was no idle run
        #expect(editor.stored("city") == .string("Tromsø"))
    }

    @Test func anOutsideChangeShowsTheValueItCarriesNotTheStoresValue() {
        let editor = EditorHarness(width: 100, height: 30)
        editor.controller.send(.externalChange(["city": .string("Reykjavík")], loadProblem: nil))

        #expect(editor.row("City").contains("Reykjavík"))
        #expect(editor.stored("city") == nil)                  // the store was never asked
        #expect(editor.status == " Changed by another program: city")
    }

    @Test func theLivePreviewFollowsTheValuesOfTheEvent() {
        let editor = EditorHarness(width: 100, height: 30)
        #expect(editor.screen.contains("°C"))
        editor.controller.send(.externalChange(["temperatureNotation": .string("fahrenheit")], loadProblem: nil))
        #expect(editor.screen.contains("°F"), "\(editor.screen)")
    }

    // MARK: Writes in flight

    /// The state after `→` on Temperature, with its write asked for and no result yet.
    private func pendingWrite() -> (EditorHarness, EditorState) {
        let editor = EditorHarness(width: 100, height: 30)
        editor.select("Temperature")
        var state = editor.controller.state
        #expect(EditorUpdate.update(&state, .key(.right)) == [.write(["temperatureNotation": .string("fahrenheit")])])
        return (editor, state)
    }

    @Test func keysTypedWhileAWriteIsPendingRunInOrderOnItsResult() {
        var (_, state) = pendingWrite()

        let held = [EditorEvent.key(.right), .key(.down), .key(.character(" "))].flatMap { EditorUpdate.update(&state, $0) }
        #expect(held.isEmpty)                                  // nothing acts on a value about to change
        #expect(state.selectedKey?.name == "temperatureNotation")

        let committed = StoredChange(key: "temperatureNotation", old: nil, new: .string("fahrenheit"))
        let effects = EditorUpdate.update(&state, .writeFinished(.committed([committed], warnings: [])))

        // `→` went from fahrenheit (the committed value) to kelvin, and asked for that write;
        // `↓` and Space wait for its result in turn.
        #expect(effects == [.write(["temperatureNotation": .string("kelvin")])])
        #expect(state.heldInput == [.key(.down), .key(.character(" "))])
    }

    @Test func aQuitTypedAfterQuickChangesQuitsAfterThemNotBefore() {
        var (_, state) = pendingWrite()
        let typed = [EditorEvent.key(.right), .key(.character("q"))].flatMap { EditorUpdate.update(&state, $0) }
        #expect(typed.isEmpty)                                 // q waits behind the pending write

        let first = StoredChange(key: "temperatureNotation", old: nil, new: .string("fahrenheit"))
        #expect(EditorUpdate.update(&state, .writeFinished(.committed([first], warnings: []))) == [.write(["temperatureNotation": .string("kelvin")])])
        let second = StoredChange(key: "temperatureNotation", old: .string("fahrenheit"), new: .string("kelvin"))
        #expect(EditorUpdate.update(&state, .writeFinished(.committed([second], warnings: []))) == [.quit(.quit)])
    }

    @Test func aQuitHeldBehindAWriteQuitsOnceTheWriteTurnsOutToWaitForALock() {
        var (_, state) = pendingWrite()
        _ = EditorUpdate.update(&state, .key(.control("c")))
        #expect(EditorUpdate.update(&state, .writeWaiting("waiting: process 4242 (x) holds the lock /l")) == [.quit(.interrupted)])
    }

    @Test func aWriteWaitingForALockSaysWhoHoldsItAndQuitStillQuits() {
        var (_, state) = pendingWrite()
        _ = EditorUpdate.update(&state, .writeWaiting("waiting: process 4242 (prefs-tui) holds the lock /c/x.plist.lock"))

        #expect(state.message?.text == "Saving: waiting: process 4242 (prefs-tui) holds the lock /c/x.plist.lock; q quits without saving this change")
        #expect(EditorUpdate.update(&state, .key(.character("q"))) == [.quit(.quit)])
    }

    @Test func aFailedWriteShowsTheOldValueAndRunsTheHeldKeys() {
        var (editor, state) = pendingWrite()
        _ = EditorUpdate.update(&state, .key(.character("i")))
        _ = EditorUpdate.update(&state, .writeFinished(.failed("disk full")))

        #expect(state.settings.storedValue(forKey: "temperatureNotation") == nil)
        guard case .details = state.mode else { Issue.record("the held `i` did not run: \(state.mode)"); return }
        #expect(editor.stored("temperatureNotation") == nil)
    }

    // MARK: Keys other programs add and remove

    private func inferred(_ stored: [String: PlistValue]) -> EditorHarness {
        let schema = PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup")
        return EditorHarness(width: 100, height: 30, stored: stored, schema: schema, keyListing: .followingStore())
    }

    @Test func aKeyAnotherProgramAddsAppearsAndOneItRemovesGoes() {
        let editor = inferred(["label": .string("Nightly"), "retryCount": .int(3)])
        editor.select("retryCount")

        editor.controller.send(.externalChange(["compress": .bool(true)], loadProblem: nil))
        #expect(editor.row("compress").contains("[x]"), "\(editor.screen)")
        #expect(editor.controller.state.selectedKey?.name == "retryCount")   // the selection stays on its setting

        editor.controller.send(.externalChange(["retryCount": nil], loadProblem: nil))
        #expect(editor.row("retryCount") == "(no row retryCount)")
        #expect(editor.controller.state.keys.map(\.name) == ["compress", "label"])
    }

    @Test func anInferredKeyWhoseValueChangesKindIsRetyped() {
        let editor = inferred(["retryCount": .int(3)])
        editor.controller.send(.externalChange(["retryCount": .string("three")], loadProblem: nil))

        #expect(editor.controller.state.keys.first?.type == .string)
        #expect(editor.row("retryCount").contains("three"))
        editor.press(.right)                                   // a line has no stepper: nothing is written
        #expect(editor.stored("retryCount") == .int(3))
    }

    @Test func aFieldWhoseKeyIsRemovedClosesAndSaysWhy() {
        let editor = inferred(["label": .string("Nightly"), "retryCount": .int(3)])
        editor.select("label")
        editor.press(.enter)
        editor.type(" run")

        editor.controller.send(.externalChange(["label": nil], loadProblem: nil))

        #expect(editor.status == " label was removed by another program; its field is closed")
        #expect(!editor.controller.frame().showsCursor)   // no field open: the cursor rests, hidden, on the selection
        editor.press(.enter)                                   // Enter now acts on the list, writes nothing
        #expect(editor.stored("label") == .string("Nightly"))
    }

    @Test func aFieldWhoseKeyNowHoldsAnotherKindOfValueCloses() {
        let editor = inferred(["excludes": .array([.string("*.tmp")]), "label": .string("Nightly")])
        editor.select("excludes")
        editor.press(.enter)                                   // the list editor

        editor.controller.send(.externalChange(["excludes": .string("*.log")], loadProblem: nil))

        #expect(editor.status == " excludes now holds another kind of value; its field is closed")
        editor.press(.enter)                                   // now a line field: opens, nothing written
        #expect(editor.stored("excludes") == .array([.string("*.tmp")]))
    }

    @Test func aDeclaredSchemaListsKeysAddedToTheFileInItsLastSection() {
        let editor = EditorHarness(width: 100, height: 30, schema: EditorHarness.schema.addingOtherKeys(from: [:]),
                                   keyListing: .followingStore())
        editor.controller.send(.externalChange(["launchCount": .int(12)], loadProblem: nil))
        editor.press(.end)
        #expect(editor.screen.contains(PreferenceSchema.otherKeysSection))
        #expect(editor.row("launchCount").contains("12"))
    }

    @Test func withoutFollowingTheFileAHostsOwnKeysStayAsDeclared() {
        let editor = EditorHarness(width: 100, height: 30)
        let before = editor.controller.state.keys.map(\.name)
        editor.controller.send(.externalChange(["launchCount": .int(12)], loadProblem: nil))
        #expect(editor.controller.state.keys.map(\.name) == before)
    }
}

/// Cases a review found in the state machine's handling of writes in flight, each a defect
/// before its fix.
@Suite("Editor: writes in flight while other things happen")
struct EditorWritesInFlightTests {
    @Test func aListEditorReopensOnItsOwnSettingWhenAKeyWasAddedWhileItsWriteWasOut() {
        let stored: [String: PlistValue] = ["m": .array([.int(1), .int(2)]), "z": .string("zz")]
        let editor = EditorHarness(width: 100, height: 30, stored: stored,
                                   schema: PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup"),
                                   keyListing: .followingStore())
        editor.select("m")
        editor.press(.enter)
        var state = editor.controller.state
        #expect(EditorUpdate.update(&state, .key(.character("d"))) == [.write(["m": .array([.int(2)])])])

        _ = EditorUpdate.update(&state, .externalChange(["a": .array([.int(7)])], loadProblem: nil))   // sorts before m
        _ = EditorUpdate.update(&state, .writeFinished(.committed([StoredChange(key: "m", old: .array([.int(1), .int(2)]), new: .array([.int(2)]))], warnings: [])))

        guard case .editingList(let list) = state.mode else { Issue.record("no list editor: \(state.mode)"); return }
        #expect(state.keys[list.keyIndex].name == "m")
        #expect(EditorUpdate.update(&state, .key(.character("d"))) == [.write(["m": .array([])])])
    }

    @Test func aHeldQThatAnEarlierHeldKeyMadeTextDoesNotQuitOnALockWait() {
        let editor = EditorHarness(width: 100, height: 30)
        editor.select("Temperature")
        var state = editor.controller.state
        _ = EditorUpdate.update(&state, .key(.right))                       // the write goes out
        _ = EditorUpdate.update(&state, .key(.character("/")))              // held: opens the filter
        _ = EditorUpdate.update(&state, .key(.character("q")))              // held: text of the filter

        #expect(EditorUpdate.update(&state, .writeWaiting("waiting: process 1 (x) holds the lock /l")).isEmpty)
        #expect(state.heldInput == [.key(.character("/")), .key(.character("q"))])
    }

    @Test func theEditorsOwnListWriteThatRetypesItsKeyClosesTheFieldAndSaysSoWithoutBlamingAnotherProgram() {
        let stored: [String: PlistValue] = ["tags": .array([.int(1), .string("a")])]
        let editor = EditorHarness(width: 100, height: 30, stored: stored,
                                   schema: PreferenceSchema(inferredFrom: stored, suiteName: "com.acme.backup"),
                                   keyListing: .followingStore())
        editor.select("tags")
        editor.press(.enter, .down, .character("d"))                        // [1, "a"] → [1]: now a list of ints

        #expect(editor.status == " tags now holds another kind of value; its field is closed")
        guard case .browse = editor.controller.state.mode else { Issue.record("still open: \(editor.controller.state.mode)"); return }
        #expect(editor.stored("tags") == .array([.int(1)]))
    }

    @Test func aWriteResultTakenWithAnOutsideChangeNeverHidesTheNewerOutsideValue() async throws {
        let store = InMemoryStore()
        let prefs = Preferences(store: store, schema: EditorHarness.schema)
        let results = Locked(0)
        let outside = OutsideChanges(prefs) {}
        defer { outside.cancel() }
        let writes = WriteQueue(prefs) { results.withLock { $0 += 1 } }
        let controller = EditorController(prefs: prefs, suiteName: "x", width: 100, height: 30, writes: writes)
        while controller.state.selectedKey?.name != "temperatureNotation" { controller.handle(.down) }

        controller.handle(.right)                                          // fahrenheit, on the queue
        writes.drain()                                                     // its result is posted
        try Preferences(store: store, schema: EditorHarness.schema).write(["temperatureNotation": .string("kelvin")])
        for event in EditorLoop.news(writes: writes, outside: outside, prefs: prefs) { controller.send(event) }

        #expect(controller.state.settings.storedValue(forKey: "temperatureNotation") == .string("kelvin"))
        #expect(store.storedValue(forKey: "temperatureNotation") == .string("kelvin"))
    }
}
