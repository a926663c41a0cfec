import Configuration
import Foundation
import PrefsConfiguration
import PrefsModel
import PrefsTestSupport
import Testing

/// What the provider shows of itself when printed or dumped (issue 50, item 11): every value
/// but a secret's, which is only said to be set, as its access log redacts it.
@Suite("A provider printed or dumped")
struct ProviderRedactionTests {
    static let secret = "S3CRET-4e1a"

    private func fixtureWithASecret() throws -> ProviderFixture {
        let fixture = ProviderFixture()
        fixture.prefs[ProviderFixture.token] = Self.secret
        fixture.prefs[ProviderFixture.city] = "Bergen"
        return fixture
    }

    @Test func dumpShowsTheValuesButNotTheSecret() throws {
        let fixture = try fixtureWithASecret()
        var dumped = ""
        var snapshotDumped = ""

        dump(fixture.provider, to: &dumped)
        dump(fixture.provider.snapshot(), to: &snapshotDumped)

        for text in [dumped, snapshotDumped] {
            #expect(!text.contains(Self.secret), "\(text)")
            #expect(text.contains("apiToken=(secret, set)"), "\(text)")
            #expect(text.contains("city=Bergen"), "\(text)")
        }
    }

    @Test func printingTheProviderSaysNoSecret() throws {
        let fixture = try fixtureWithASecret()

        let texts = [String(describing: fixture.provider), String(reflecting: fixture.provider),
                     String(describing: fixture.provider.snapshot()), String(reflecting: fixture.provider.snapshot())]

        for text in texts { #expect(!text.contains(Self.secret), "\(text)") }
        #expect(String(reflecting: fixture.provider).contains("city=Bergen"))
    }

    @Test func anExplanationPrintedOrDumpedSaysNoSecret() throws {
        let fixture = try fixtureWithASecret()
        let layers = fixture.prefs.explanation(of: ProviderFixture.token)
        var dumped = ""

        dump(layers, to: &dumped)
        let printed = String(describing: layers)

        #expect(!dumped.contains(Self.secret), "\(dumped)")
        #expect(!printed.contains(Self.secret), "\(printed)")
        #expect(printed.contains("(secret, set), in effect"), "\(printed)")
        let city = String(describing: fixture.prefs.explanation(of: ProviderFixture.city))
        #expect(city.contains("Bergen"), "\(city)")
    }
}
