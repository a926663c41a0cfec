import Foundation
import PrefsModel
import PrefsTestSupport
import Testing
@testable import PrefsEditor

/// Where a value comes from, at a glance (issue 30): the list marks a locked setting, a site's
/// value and the person's own edit differently, in its mark column (so also without colour,
/// and in ASCII), and the plain mode says the same in words.
@Suite("The marks of the settings list")
struct SettingMarkTests {
    /// A site that gives City and locks Units; the person's file holds Temperature and Units
    /// (the latter ignored, since the site locks it).
    private func editor(ascii: Bool) throws -> (EditorHarness, TemporaryDirectory) {
        let site = TemporaryDirectory()
        try PlistValue.xmlPropertyList(["city": .string("Bergen"), "unitsNotation": .string("imperial")])
            .write(to: URL(fileURLWithPath: site.file("com.example.weather.plist")))
        try Data("unitsNotation\n".utf8).write(to: URL(fileURLWithPath: site.file("com.example.weather.locks")))
        let layers = SiteDefaults(suiteName: "com.example.weather", folders: [site.path], watchForChanges: false)
        let editor = EditorHarness(width: 100, height: 30,
                                   stored: ["temperatureNotation": .string("kelvin"), "unitsNotation": .string("metric")],
                                   asciiMarkers: ascii, site: layers)
        return (editor, site)
    }

    @Test func aLockedSettingASiteValueAndTheirOwnEditEachHaveTheirMark() throws {
        let (editor, site) = try editor(ascii: false)

        #expect(editor.row("Temperature").hasPrefix("● "), "\(editor.screen)")
        #expect(editor.row("Units").hasPrefix("⊘ "), "\(editor.screen)")      // locked, though the file holds a value
        #expect(editor.row("City").hasPrefix("○ "), "\(editor.screen)")       // the site's
        #expect(editor.row("Time format").hasPrefix("  "), "\(editor.screen)") // the default
        withExtendedLifetime(site) {}
    }

    @Test func inASCIITheMarksAreCharactersOfTheirOwn() throws {
        let (editor, site) = try editor(ascii: true)

        #expect(editor.row("Temperature").hasPrefix("* "))
        #expect(editor.row("Units").hasPrefix("# "))
        #expect(editor.row("City").hasPrefix("o "))
        withExtendedLifetime(site) {}
    }

    @Test func thePlainModeSaysTheSameInWords() throws {
        let cli = CommandLineFixture()
        let site = TemporaryDirectory()
        try PlistValue.xmlPropertyList(["city": .string("Bergen")]).write(to: URL(fileURLWithPath: site.file(cli.suite + ".plist")))
        try Data("unitsNotation\n".utf8).write(to: URL(fileURLWithPath: site.file(cli.suite + ".locks")))
        try cli.run("set", "temperatureNotation", "kelvin")
        let input = try cli.write("q\n", to: "input.txt")

        let result = try cli.runInShell("< '\(input)'", ["--plain"], environment: ["XDG_CONFIG_DIRS": site.path])

        #expect(result.output.contains("1. Temperature: Kelvin (changed)"), "\(result.output)")
        #expect(result.output.contains("2. Units: Metric (locked)"), "\(result.output)")
        #expect(result.output.contains("4. City: Bergen (from the site)"), "\(result.output)")
    }
}
