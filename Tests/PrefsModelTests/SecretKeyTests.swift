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
}
