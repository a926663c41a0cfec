import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// A secret in the editor (issue 40): masked in the list and the details, one mask character per
/// character typed, shown with `s` until the selection moves, and never in a message. The
/// frames and the plain transcript are searched for a marker.
@Suite("Secret settings in the editor")
struct SecretEditorTests {
    static let marker = "MARKER-c41b"
    static let token = PreferenceKey<String>("apiToken", default: "", rule: .text(maxLength: 24), title: "API token", isSecret: true)
    static let city = PreferenceKey<String>("city", default: "Oslo", title: "City")
    static let schema = PreferenceSchema(title: "Service", suiteName: "com.example.service", keys: [token, city])

    private func editor(stored: [String: PlistValue] = ["apiToken": .string(marker)], plain: Bool = false) throws -> PreferencesEditor.Harness {
        let prefs = Preferences(store: InMemoryStore(stored), schema: Self.schema)
        return try PreferencesEditor.Harness(PreferencesEditor(prefs, options: .init(mode: plain ? .plain : .automatic)), width: 100, height: 30)
    }

    @Test func theListAndDetailsShowAMaskAndWhetherItIsSet() throws {
        let editor = try editor()

        #expect(!editor.screen.contains(Self.marker), "\(editor.screen)")
        #expect(editor.screen.contains("API token") && editor.screen.contains("••••••••"), "\(editor.screen)")
        #expect(editor.screen.contains("apiToken = (secret, set)"), "\(editor.screen)")
        editor.press(.character("i"))
        #expect(!editor.screen.contains(Self.marker), "\(editor.screen)")
    }

    @Test func aFieldOpenedOnTheStoredSecretShowsTheFixedMaskNotItsLength() throws {
        let editor = try editor()

        editor.press(.enter)

        let row = editor.screen.components(separatedBy: "\n").first { $0.contains("API token") } ?? ""
        #expect(row.contains("••••••••") && !row.contains("•••••••••"), "\(row)")   // 8, not the marker's 11
        #expect(!editor.screen.contains(Self.marker))
    }

    @Test func sShowsTheValueUntilTheSelectionMoves() throws {
        let editor = try editor()

        #expect(editor.screen.contains(" s show secret  ↑↓ move"), "the hint row leads with s on a secret: \(editor.screen)")
        editor.press(.character("s"))
        #expect(editor.screen.contains(Self.marker), "\(editor.screen)")
        editor.press(.down)
        #expect(!editor.screen.contains(Self.marker), "\(editor.screen)")
        #expect(!editor.screen.contains("show secret"), "no s hint on a setting that is no secret")
        editor.press(.up)
        #expect(!editor.screen.contains(Self.marker), "shown again without s: \(editor.screen)")
    }

    @Test func typingShowsOneMaskCharacterPerCharacterAndMessagesNameTheSettingOnly() throws {
        let editor = try editor(stored: [:])

        editor.press(.enter)
        editor.type(Self.marker)
        #expect(!editor.screen.contains(Self.marker), "\(editor.screen)")
        #expect(editor.screen.contains(String(repeating: "•", count: Self.marker.count)), "\(editor.screen)")
        editor.press(.enter)
        #expect(!editor.screen.contains(Self.marker), "\(editor.screen)")
        editor.press(.character("u"))
        #expect(!editor.screen.contains(Self.marker), "\(editor.screen)")
        editor.press(.enter, .control("u"))
        editor.type(Self.marker + String(repeating: "x", count: 30))
        editor.press(.enter)                                               // refused: too long
        #expect(editor.screen.contains("apiToken: the value is not allowed"), "\(editor.screen)")
        #expect(!editor.screen.contains(Self.marker), "\(editor.screen)")
    }

    @Test func theHostsSummaryCarriesTheValueButItsDescriptionDoesNot() throws {
        let editor = try editor(stored: [:])

        editor.press(.enter)
        editor.type(Self.marker)
        editor.press(.enter)

        let change = try #require(editor.summary.changes.first)
        #expect(change.after == .string(Self.marker))                  // the program needs the value
        #expect("\(change)" == "apiToken: (secret, not set) → (secret, set)")
        #expect(!"\(editor.summary)".contains(Self.marker), "\(editor.summary)")
    }

    @Test func thePlainModeSaysWhetherItIsSetNeverTheValue() throws {
        let editor = try editor(plain: true)

        editor.answer("1", "", "l")

        #expect(editor.transcript.contains("Now (secret, set)"), "\(editor.transcript)")
        #expect(!editor.transcript.contains(Self.marker), "\(editor.transcript)")
    }

    static let pins = PreferenceKey<[String]>("pins", default: [], title: "Recovery pins", isSecret: true)

    @Test func aSecretListsItemsAreMasked() throws {
        let schema = PreferenceSchema(title: "Service", suiteName: "com.example.service", keys: [Self.pins])
        let prefs = Preferences(store: InMemoryStore(["pins": .array([.string(Self.marker)])]), schema: schema)
        let editor = try PreferencesEditor.Harness(PreferencesEditor(prefs), width: 100, height: 30)

        editor.press(.enter)                                              // the list editor

        #expect(editor.screen.contains("Recovery pins (1)"), "\(editor.screen)")
        #expect(!editor.screen.contains(Self.marker), "\(editor.screen)")
    }
}
