import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor
@testable import prefs_tui

/// `get KEY` with its own options is built without ArgumentParser's parse (start-up speed);
/// it must behave exactly as the parsed command, and every other shape must still be parsed.
@Suite("prefs-tui get, the quick start")
struct QuickGetTests {
    @Test func thePlainFormsAreBuiltWithEveryOptionTaken() throws {
        let full = StartUp.plainGet(["get", "city", "--suite", "com.acme.x", "--json", "--schema", "s.json"])
        let bare = StartUp.plainGet(["get", "city"])

        #expect(full == StartUp.PlainGet(key: "city", json: true, selection: SuiteSelection(suite: "com.acme.x", schema: "s.json")))
        #expect(bare == StartUp.PlainGet(key: "city", json: false, selection: SuiteSelection()))
    }

    @Test(arguments: [
        ["get"], ["get", "--help"], ["get", "city", "-h"], ["get", "city", "--help"], ["get", "-x"],
        ["get", "city", "--suite"], ["get", "city", "--suite", "--json"], ["get", "city", "--suite=a"],
        ["get", "city", "--json", "--json"], ["get", "city", "--suite", "a", "--suite", "b"],
        ["get", "city", "--", "x"], ["get", "city", "town"], ["set", "city", "Oslo"], ["get", "city", "--version"],
    ])
    func everyOtherShapeIsLeftToTheParser(_ arguments: [String]) {
        #expect(StartUp.plainGet(arguments) == nil)
    }

    @Test func theQuickAndParsedFormsPrintTheSame() throws {
        let cli = CommandLineFixture()
        try cli.run("set", "favoriteCities", "Oslo", "Bodø")
        let schema = try cli.write(#"{"suite": "com.acme.quick", "sections": [{"title": "S", "settings": [{"key": "n", "type": "int", "default": 3, "title": "N"}]}]}"#, to: "quick.json")
        let pairs: [(quick: [String], parsed: [String])] = [
            (["get", "city"], ["get", "--", "city"]),
            (["get", "favoriteCities", "--json"], ["get", "--json", "favoriteCities"]),
            (["get", "favoriteCities", "--suite", "com.example.weather"], ["get", "favoriteCities", "--suite=com.example.weather"]),
            (["get", "n", "--schema", schema], ["get", "n", "--schema=\(schema)"]),
            (["get", "nothing"], ["get", "--", "nothing"]),
            (["get", "city", "--suite", "bad/name"], ["get", "city", "--suite=bad/name"]),
        ]
        for (quick, parsed) in pairs {
            let fast = try cli.run(quick), slow = try cli.run(parsed)

            #expect(fast.status == slow.status, "\(quick): \(fast.status) vs \(slow.status)")
            #expect(fast.output == slow.output, "\(quick)")
            #expect(fast.error == slow.error, "\(quick)")
        }
    }
}

/// `render` with its own options is built without ArgumentParser's parse as well.
@Suite("prefs-tui render, the quick start")
struct QuickRenderTests {
    @Test func thePlainFormsAreBuiltWithEveryOptionTaken() {
        let full = StartUp.plainRender(["render", "--keys", "down enter", "--width", "100", "--schema", "s.json",
                                        "--height", "30", "--suite", "com.acme.x"])
        let bare = StartUp.plainRender(["render"])

        #expect(full == StartUp.PlainRender(width: 100, height: 30, keys: "down enter",
                                            selection: SuiteSelection(suite: "com.acme.x", schema: "s.json")))
        #expect(bare == StartUp.PlainRender(width: 80, height: 24, keys: "", selection: SuiteSelection()))
    }

    @Test(arguments: [
        ["render", "--help"], ["render", "-h"], ["render", "--width"], ["render", "--width", "-5"], ["render", "--width", "0"],
        ["render", "--width", "1001"], ["render", "--height", "many"], ["render", "--width=100"], ["render", "--keys", "-"],
        ["render", "--keys", "down", "--keys", "up"], ["render", "--json"], ["render", "frame"], ["render", "--", "x"],
        ["render", "--version"], ["get", "city"],
    ])
    func everyOtherShapeIsLeftToTheParser(_ arguments: [String]) {
        #expect(StartUp.plainRender(arguments) == nil)
    }

    @Test func theQuickAndParsedFormsPrintTheSame() throws {
        let cli = CommandLineFixture()
        let schema = try cli.write(#"{"suite": "com.acme.quick", "sections": [{"name": "S", "settings": [{"key": "n", "type": "int", "default": 3, "title": "N"}]}]}"#, to: "quick.json")
        let pairs: [(quick: [String], parsed: [String])] = [
            (["render"], ["render", "--width=80"]),
            (["render", "--width", "60", "--height", "12", "--keys", "down down"], ["render", "--width=60", "--height=12", "--keys=down down"]),
            (["render", "--schema", schema, "--keys", "enter"], ["render", "--schema=\(schema)", "--keys=enter"]),
            (["render", "--keys", "nonsense"], ["render", "--keys=nonsense"]),
            (["render", "--suite", "bad/name"], ["render", "--suite=bad/name"]),
            (["render", "--schema", "missing.json"], ["render", "--schema=missing.json"]),
        ]
        for (quick, parsed) in pairs {
            #expect(StartUp.plainRender(quick) != nil && StartUp.plainRender(parsed) == nil, "\(quick)")
            let fast = try cli.run(quick), slow = try cli.run(parsed)

            #expect(fast.status == slow.status, "\(quick): \(fast.status) vs \(slow.status)")
            #expect(fast.output == slow.output, "\(quick)")
            #expect(fast.error == slow.error, "\(quick)")
        }
    }
}
