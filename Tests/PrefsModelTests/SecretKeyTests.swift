import Foundation
import Testing
@testable import PrefsModel

/// A setting marked secret (issue 31): declared in code or in a schema file, written back by
/// `schema`, and refused when the mark is not true or false.
@Suite("Secret settings")
struct SecretKeyTests {
    private static func schema(secret: String) -> String {
        #"{"title": "t", "suite": "s", "sections": [{"name": "Access", "settings": ["#
            + #"{"key": "token", "type": "string", "default": "", "secret": \#(secret)}]}]}"#
    }

    @Test func aSchemaFilesSecretMarkIsReadAndWrittenBack() throws {
        let schema = try PreferenceSchema(jsonText: Self.schema(secret: "true"))
        let token = try #require(schema.key(named: "token"))

        #expect(token.isSecret)
        #expect(schema.jsonValue.text.contains(#""secret":true"#))
        #expect(try PreferenceSchema(json: schema.jsonValue).key(named: "token")?.isSecret == true)
        #expect(try PreferenceSchema(jsonText: Self.schema(secret: "false")).key(named: "token")?.isSecret == false)
        #expect(PreferenceKey<String>("token", default: "", isSecret: true).isSecret)
        #expect(!PreferenceKey<String>("city", default: "Oslo").isSecret)
    }

    @Test func aSecretMarkThatIsNotTrueOrFalseIsRefused() {
        #expect(throws: PreferenceError.self) { try PreferenceSchema(jsonText: Self.schema(secret: #""yes""#)) }
        do {
            _ = try PreferenceSchema(jsonText: Self.schema(secret: #""yes""#))
        } catch {
            #expect("\(error)".contains(#""secret" must be true or false"#), "\(error)")
        }
    }

    // MARK: The value kept out of every message (issue 40)

    static let marker = "MARKER-5e1d"
    static let token = PreferenceKey<String>("apiToken", default: "", rule: .text(maxLength: 24), isSecret: true)
    static let secretSchema = PreferenceSchema(title: "Service", suiteName: "com.example.service", keys: [token])

    @Test func aRefusedSecretIsNamedNeverQuoted() {
        let prefs = Preferences(store: InMemoryStore(), schema: Self.secretSchema)

        #expect(throws: PreferenceError.invalidSecret(key: "apiToken", allowed: "text of at most 24 characters")) {
            try prefs.set(Self.marker + String(repeating: "x", count: 30), for: Self.token)
        }
        #expect(throws: PreferenceError.invalidSecret(key: "apiToken", allowed: "text of at most 24 characters")) {
            try Self.token.storedValue(parsing: [Self.marker + String(repeating: "x", count: 30)])
        }
    }

    @Test func theDefaultWriteErrorHandlerAndTheDiagnosticsLeaveTheValueOut() {
        let reports = Locked([String]())
        let stored = Self.marker + String(repeating: "y", count: 30)
        let prefs = Preferences(store: InMemoryStore(["apiToken": .string(stored)]), schema: Self.secretSchema,
                                onWriteError: { error in reports.withLock { $0.append("\(error)") } })

        prefs[Self.token] = Self.marker + String(repeating: "z", count: 30)   // refused: reported to the handler
        let diagnostic = prefs.diagnostic(for: Self.token)

        #expect(reports.withLock { $0.count } == 1)
        #expect(!reports.withLock { $0.joined() }.contains(Self.marker), "\(reports.withLock { $0 })")
        #expect(diagnostic != nil)
        #expect(!"\(diagnostic!)".contains(Self.marker), "\(diagnostic!)")
        #expect(prefs[Self.token] == "")                                        // a program reads it by its typed key
    }

    @Test func aChangesTextSaysWhetherASecretIsSet() async {
        let prefs = Preferences(store: InMemoryStore(), schema: Self.secretSchema)
        let texts = Locked([String]())
        let token = prefs.observeAll { changes in texts.withLock { $0 += changes.map { "\($0.oldText) → \($0.newText)" } } }
        defer { token.cancel() }

        prefs[Self.token] = Self.marker

        #expect(texts.withLock { $0 } == ["(secret, not set) → (secret, set)"])
    }

    @Test func aRenameOntoASetSecretDoesNotQuoteIt() throws {
        let prefs = Preferences(store: InMemoryStore(["apiToken": .string(Self.marker), "oldToken": .string("x")]), schema: Self.secretSchema)

        #expect(throws: PreferenceError.self) { try prefs.rename("oldToken", to: "apiToken") }
        do { try prefs.rename("oldToken", to: "apiToken") } catch { #expect(!"\(error)".contains(Self.marker), "\(error)") }
    }

    /// A whole-number range from below zero to Int.max, holding Int.max (found in review): the
    /// distance to the lower bound overflowed and trapped. The grid is the odd numbers.
    @Test func aRangeToIntMaxChecksIntMaxWithoutATrap() {
        #expect(PreferenceRule<Int>.range(-1...Int.max, step: 2).allows(Int.max))
        #expect(!PreferenceRule<Int>.range(-1...Int.max, step: 2).allows(Int.max - 1))
    }
}
