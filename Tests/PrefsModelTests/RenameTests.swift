import Foundation
import PrefsDemo
import PrefsTestSupport
import Testing
@testable import PrefsModel

/// A rename moves a stored value in one commit, decided on the suite as it is then.
@Suite("Renaming a stored key")
struct RenameTests {
    @Test(arguments: StoreKind.allCases)
    func aRenameMovesTheValueInOneCommit(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, initial: ["unitSystem": .string("imperial"), "other": .int(1)])
        let batches = Locked<[[StoredChange]]>([])
        let token = fixture.prefs.observeAll { changes in batches.withLock { $0.append(changes.map(\.stored)) } }
        defer { token.cancel() }

        try fixture.prefs.rename("unitSystem", to: "unitsNotation")

        #expect(fixture.store.storedValues() == ["unitsNotation": .string("imperial"), "other": .int(1)])
        #expect(fixture.prefs[.unitsNotation] == .imperial)
        #expect(batches.withLock { $0 }.count == 1)               // one commit: both keys in one batch
    }

    @Test(arguments: StoreKind.allCases)
    func aRenameNeverOverwritesAndNeedsAValue(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, initial: ["a": .int(1), "b": .int(2)])

        #expect(throws: PreferenceError.renameRefused(from: "a", to: "b", reason: "\"b\" already holds 2")) {
            try fixture.prefs.rename("a", to: "b")
        }
        #expect(throws: PreferenceError.renameRefused(from: "c", to: "d", reason: "nothing is stored under \"c\"")) {
            try fixture.prefs.rename("c", to: "d")
        }
        #expect(fixture.store.storedValues() == ["a": .int(1), "b": .int(2)])
    }

    @Test func aValueTheNewKeyRefusesIsNotMoved() throws {
        let fixture = StoreFixture(.suite, initial: ["interval": .int(7)])

        #expect(throws: PreferenceError.self) { try fixture.prefs.rename("interval", to: "refreshInterval") }  // not on the 5-step grid
        #expect(fixture.store.storedValues() == ["interval": .int(7)])
    }

    @Test func theDecisionIsMadeOnTheFileAsItIsThenNotAsThisProcessLastReadIt() throws {
        let directory = TemporaryDirectory()
        let ours = SuiteStore(suiteName: "s", directory: directory.path, watchForChanges: false)
        try ours.commit(["old": .string("x")])
        let prefs = Preferences(store: ours, schema: PreferenceSchema(inferredFrom: [:], suiteName: "s"))
        // Another program stores "new" after this store's last look.
        try SuiteStore(suiteName: "s", directory: directory.path, watchForChanges: false).commit(["new": .string("theirs")])
        #expect(ours.storedValue(forKey: "new") == nil)

        #expect(throws: PreferenceError.renameRefused(from: "old", to: "new", reason: "\"new\" already holds \"theirs\"")) {
            try prefs.rename("old", to: "new")
        }
        let reopened = SuiteStore(suiteName: "s", directory: directory.path, watchForChanges: false)
        #expect(reopened.storedValues() == ["old": .string("x"), "new": .string("theirs")])
    }
}
