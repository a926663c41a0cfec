import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor

/// One public change type (issue 52): the editor's summary reports the same `StoredChange` that
/// observation does, by either pair of names, and a secret's is printed without its values.
@Suite("One change type")
struct OneChangeTypeTests {
    @Test func theSummarysChangeIsTheObservedChangeByBothNames() {
        let change: PreferencesEditor.Change = StoredChange(key: "copies", old: nil, new: .int(8))

        #expect(change == PreferencesEditor.Change(key: "copies", before: nil, after: .int(8)))
        #expect(change.before == change.old && change.after == change.new)
        #expect("\(change)" == "copies: (default) → 8")
    }

    @Test func aSecretsChangeIsPrintedAsSetOrNotSet() {
        var change = StoredChange(key: "token", before: nil, after: .string("S3CRET"))
        change.isSecret = true

        #expect("\(change)" == "token: (secret, not set) → (secret, set)")
        #expect(change == StoredChange(key: "token", before: nil, after: .string("S3CRET")))
    }
}
