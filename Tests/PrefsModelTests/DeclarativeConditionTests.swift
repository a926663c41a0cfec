import Foundation
@testable import PrefsModel
import PrefsTestSupport
import Testing

/// Conditions declared as data in Swift (issue 51): they work as closures do, and travel with
/// the schema, where a closure makes `jsonText` and `install()` refuse, naming the key.
@Suite("Conditions declared as data")
struct DeclarativeConditionTests {
    enum Mode: String, PreferenceChoice, CaseIterable {
        case local, remote, mirror
        var title: String { rawValue.capitalized }
    }

    static let useProxy = PreferenceKey<Bool>("useProxy", default: false, title: "Use a proxy")
    static let proxyHost = PreferenceKey<String>("proxyHost", default: "", title: "Proxy host", inUseWhen: .when(useProxy))
    static let mode = PreferenceKey<Mode>("mode", default: .local, title: "Mode")
    static let host = PreferenceKey<String>("host", default: "", title: "Host", inUseWhen: .when(mode, is: .remote))
    static let mirrorOrRemote = PreferenceKey<Int>("retries", default: 3, title: "Retries",
                                                   inUseWhen: .all(.when(mode, in: [.remote, .mirror]), .when(useProxy)))
    static let backups = PreferenceKey<FileSystemPath>("backups", default: "~/Backups", rule: .folder, title: "Backups")
    static let schema = PreferenceSchema(title: "Backup", suiteName: "com.example.declared",
                                         keys: [useProxy, proxyHost, mode, host, mirrorOrRemote, backups])

    @Test func aDeclaredConditionHoldsAsAClosureWould() throws {
        let prefs = Preferences(store: InMemoryStore([:]), schema: Self.schema)
        #expect(!prefs.isInUse(Self.proxyHost))
        #expect(!prefs.isInUse(Self.host))

        try prefs.set(true, for: Self.useProxy)
        try prefs.set(Mode.mirror, for: Self.mode)

        #expect(prefs.isInUse(Self.proxyHost))
        #expect(!prefs.isInUse(Self.host))
        #expect(prefs.isInUse(Self.mirrorOrRemote))
        #expect(prefs.notInUseReason(of: Self.host) == "used only when Mode is Remote")
    }

    @Test func theSchemaTextCarriesTheConditionsAndReadsBackTheSame() throws {
        let text = try Self.schema.jsonText

        let read = try PreferenceSchema(jsonText: text)

        #expect(text.contains(#""inUseWhen""#))
        typealias Requirement = InUseCondition.Requirement
        #expect(read.key(named: "proxyHost")?.inUseCondition?.requirements == [Requirement(key: "useProxy", values: [.bool(true)])])
        #expect(read.key(named: "host")?.inUseCondition?.requirements == [Requirement(key: "mode", values: [.string("remote")])])
        #expect(read.key(named: "retries")?.inUseCondition?.requirements
                == [Requirement(key: "mode", values: [.string("remote"), .string("mirror")]), Requirement(key: "useProxy", values: [.bool(true)])])
        #expect(try read.jsonText == text)
    }

    @Test func theJSONSchemaSaysTheConditionAsAnIf() throws {
        let jsonSchema = Self.schema.jsonSchema.prettyText

        #expect(jsonSchema.contains(#""if""#), "\(jsonSchema)")
        #expect(jsonSchema.contains("useProxy") && jsonSchema.contains("proxyHost"))
    }

    @Test func aClosureConditionMakesTextAndInstallThrowNamingTheKey() throws {
        let closure = PreferenceKey<String>("proxyPort", default: "", inUseWhen: { $0[Self.useProxy] })
        let schema = PreferenceSchema(title: "T", suiteName: "com.example.closure", keys: [Self.useProxy, closure])
        let folder = TemporaryDirectory()

        #expect(throws: PreferenceError.self) { try schema.jsonText }
        do {
            _ = try schema.install(environment: ["XDG_DATA_HOME": folder.path])
            Issue.record("install did not throw")
        } catch {
            #expect("\(error)".contains("proxyPort"), "\(error)")
            #expect("\(error)".contains("dropping: .swiftConditions"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("prefs-tui/schemas/com.example.closure.json")))
        let dropped = try schema.jsonText(dropping: .swiftConditions)
        #expect(!dropped.contains("inUseWhen"))
        #expect(try schema.install(environment: ["XDG_DATA_HOME": folder.path], dropping: .swiftConditions).hasSuffix(".json"))
    }

    @Test func aPathDefaultKeepsItsTildeInTheTextAndIsExpandedForItsReader() throws {
        let text = try Self.schema.jsonText
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()

        let read = try PreferenceSchema(jsonText: text)

        #expect(text.contains(#""default" : "~/Backups""#), "\(text)")
        #expect(!text.contains(home + "/Backups"))
        // The JSON Schema describes exported values, which are expanded paths (its pattern is ^/).
        #expect(Self.schema.jsonSchema.prettyText.contains("\"default\" : \"\(home)/Backups\""))
        let key = try #require(read.key(named: "backups"))
        #expect(key.text(of: nil) == home + "/Backups")
        #expect(Preferences(store: InMemoryStore([:]), schema: Self.schema)[Self.backups].string == home + "/Backups")
    }

    @Test func aConditionNoValueCanMeetIsRefusedWhereTheSchemaIsMade() throws {
        let never = PreferenceKey<String>("host", default: "", inUseWhen: .all(.when(Self.mode, is: .local), .when(Self.mode, is: .remote)))

        let problem = InUseConditions.problem(in: PreferenceSchema(uncheckedTitle: "T", suiteName: "com.example.never", keys: [Self.mode, never]))

        #expect(problem?.contains("allows no value of \"mode\"") == true, "\(problem ?? "none")")
    }
}
