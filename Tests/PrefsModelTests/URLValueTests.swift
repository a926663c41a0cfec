import Foundation
import PrefsTestSupport
import Testing
@testable import PrefsModel

@Suite("URLs are absolute; file URLs are stored as Foundation stores them")
struct URLValueTests {
    @Test(arguments: StoreKind.allCases)
    func aURLWithoutASchemeIsRefusedAtWriteTimeNamingTheKey(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, schema: testSchema)
        let relative = try #require(URL(string: "www.example.com"))

        #expect(throws: PreferenceError.invalidValue(key: "testURL", value: "www.example.com", allowed: URL.allowedText)) {
            try fixture.prefs.set(relative, for: .testURL)
        }
        #expect(fixture.prefs.isDefault(PreferenceKeys.testURL))
        #expect(fixture.reopened().isDefault(PreferenceKeys.testURL))
    }

    @Test func textWithoutASchemeIsRefusedToo() {
        for text in ["www.example.com", "relative/path", "example.com/a?b=1", ""] {
            #expect(throws: PreferenceError.invalidValue(key: "testURL", value: text, allowed: URL.allowedText)) {
                try PreferenceKeys.testURL.storedValue(parsing: [text])
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aFileURLIsStoredAsItsBareAbsolutePath(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, schema: testSchema)
        try fixture.prefs.set(URL(fileURLWithPath: "/var/lib/weather data"), for: .testURL)
        #expect(fixture.store.storedValue(forKey: "testURL") == .string("/var/lib/weather data"))
        #expect(fixture.reopened()[.testURL] == URL(fileURLWithPath: "/var/lib/weather data", isDirectory: false))

        try fixture.prefs.set(text: ["file:///srv/cache/"], for: PreferenceKeys.testURL)
        #expect(fixture.store.storedValue(forKey: "testURL") == .string("/srv/cache/"))
        #expect(fixture.reopened()[.testURL].hasDirectoryPath)
    }

    @Test(arguments: StoreKind.allCases)
    func otherURLsAreStoredWhole(kind: StoreKind) throws {
        let fixture = StoreFixture(kind, schema: testSchema)
        try fixture.prefs.set(text: ["https://example.com/a?b=1#top"], for: PreferenceKeys.testURL)
        #expect(fixture.store.storedValue(forKey: "testURL") == .string("https://example.com/a?b=1#top"))
        try fixture.prefs.set(text: ["mailto:weather@example.com"], for: PreferenceKeys.testURL)
        #expect(fixture.reopened()[.testURL].absoluteString == "mailto:weather@example.com")
    }

    @Test func aStoredRelativeURLReadsAsTheDefaultWithADiagnostic() {
        let fixture = StoreFixture(.memory, schema: testSchema, initial: ["testURL": .string("www.example.com")])
        #expect(fixture.prefs[.testURL] == PreferenceKeys.testURL.defaultValue)
        #expect(fixture.prefs.diagnostic(for: PreferenceKeys.testURL) != nil)
    }
}
