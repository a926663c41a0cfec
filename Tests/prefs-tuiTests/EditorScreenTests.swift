import Foundation
import PrefsModel
import Testing
@testable import PrefsEditor
@testable import prefs_tui

@Suite("The editor's screen, as text")
struct EditorScreenTests {
    @Test func mainScreenAt80x24() {
        let editor = EditorHarness()
        #expect(editor.screen == """
             Weather · com.example.weather      /home/ada/.config/com.example.weather.plist
            Units
              Temperature                ‹ Celsius ›
              Units                      ‹ Metric ›
              Time format                ‹ 24-hour ›
            Location
              City                       Oslo
              Favourite cities           (empty)
            Updates
              Refresh every              15 min
              Show feels-like            [x]
              Notifications              [ ]
              Data source                https://api.example.com/v1/forecast
            Display
              Decimal places             1
              Last refresh               (unset)

            ─────────────────────────────────────────────────────┬─ Live preview ───────────
             temperatureNotation = celsius                       │ Temperature   21.5 °C
             Allowed  one of celsius, fahrenheit, kelvin         │ Feels like    19.0 °C
             The scale temperatures are shown in.                │ Wind          5.0 m/s
                                                                 │ Next refresh  12:15
             ↑↓ move  ←→ change  Enter edit  ? help  q quit  i details  / filter

            """)
    }

    @Test func theSelectionBarCoversTheMarkerAndTitleOnly() {
        let editor = EditorHarness()
        let grid = editor.controller.frame()
        let y = editor.lines.firstIndex { $0.hasPrefix("  Temperature") }!

        let titleEnd = 2 + "Temperature".count
        #expect((0...titleEnd).allSatisfy { grid[$0, y].style == .selected })
        #expect(grid[titleEnd + 1, y].style != .selected)
        #expect(grid[EditorLayout(width: 80, height: 24, showsFilter: false).valueX, y].style != .selected)
    }

    @Test func modifiedValuesAreMarkedAndBold() {
        let editor = EditorHarness(stored: ["city": .string("Bergen")])
        #expect(editor.row("City").hasPrefix("● City"))
        let grid = editor.controller.frame()
        let y = editor.lines.firstIndex { $0.hasPrefix("● City") }!
        #expect(grid[2, y].bold)
        #expect(grid[2, y].style == .modified || grid[2, y].style == .selected)
        #expect(!editor.row("Units").hasPrefix("●"))
    }

    @Test func storedValuesThatFailTheirRuleShowAWarningMarker() {
        let editor = EditorHarness(stored: ["refreshInterval": .string("soon")])
        #expect(editor.row("Refresh every").hasPrefix("! Refresh every"))
        #expect(editor.row("Refresh every").contains("15 min"))
        #expect(editor.status.contains("1 stored value ignored (marked !): refreshInterval: stored as string \"soon\""))
        editor.select("Refresh every")
        #expect(editor.screen.contains("Problem  stored \"soon\" ignored:"))
    }

    @Test func theLivePreviewRecomputesOnEachChange() {
        let editor = EditorHarness()
        editor.press(.right)                       // Temperature → Fahrenheit
        editor.press(.down, .right)                // Units → Imperial
        editor.select("Show feels-like")
        editor.press(.character(" "))
        editor.select("Refresh every")
        editor.press(.right)
        #expect(editor.screen.contains("Temperature   70.7 °F"))
        #expect(editor.screen.contains("Feels like    —"))
        #expect(editor.screen.contains("Wind          11.2 mph"))
        #expect(editor.screen.contains("Next refresh  12:20"))
    }

    @Test func aWiderTerminalGetsAWiderLayout() {
        let editor = EditorHarness(width: 120, height: 40)
        #expect(editor.lines.count == 40)
        #expect(editor.row("Data source").contains("https://api.example.com/v1/forecast"))
        #expect(editor.screen.contains("Allowed  one of celsius, fahrenheit, kelvin"))
    }

    @Test func belowTheMinimumItSaysTheTerminalIsTooSmall() {
        let editor = EditorHarness(width: 39, height: 10)
        #expect(editor.screen.contains("Terminal too small (39×10)"))
        #expect(editor.screen.contains("needs 40×10"))
        editor.resize(width: 40, height: 10)
        #expect(!editor.screen.contains("too small"))
        #expect(editor.screen.contains("Temperature"))
    }

    @Test func narrowTerminalsDropTheLivePreviewButKeepTheListAndPane() {
        let editor = EditorHarness(width: 50, height: 12)
        #expect(!editor.screen.contains("Live preview"))
        #expect(editor.lines[1].hasPrefix("Units "))
        #expect(editor.lines.allSatisfy { $0.displayWidth <= 50 })
    }

    @Test func resizingReLaysOutAtOnce() {
        let editor = EditorHarness()
        editor.resize(width: 120, height: 40)
        #expect(editor.lines.count == 40)
        #expect(editor.lines[0].displayWidth <= 120)
        #expect(editor.lines[0].hasSuffix("com.example.weather.plist"))
        editor.resize(width: 30, height: 8)
        #expect(editor.screen.contains("Terminal too small"))
    }

    @Test func helpShowsTheKeyMapAndAnyKeyClosesIt() {
        let editor = EditorHarness()
        editor.press(.character("?"))
        #expect(editor.screen.contains("┌─ Keys "))
        #expect(editor.screen.contains("undo the last change, repeatedly"))
        editor.press(.character("x"))
        #expect(!editor.screen.contains("┌─ Keys "))
    }

    @Test func wideAndAccentedTextIsLaidOutByDisplayWidth() {
        let editor = EditorHarness(stored: ["city": .string("東京 Zürich")])
        let row = editor.row("City")
        #expect(row.contains("東京 Zürich"))
        // The live preview's separator stays in its column although 東京 takes four columns.
        editor.select("City")
        let rule = editor.lines.first { $0.hasPrefix("─") } ?? ""
        let valueRow = editor.lines.first { $0.hasPrefix(" city = ") } ?? ""
        let separator = rule.firstIndex(of: "┬").map { String(rule[..<$0]).displayWidth }
        let rowSeparator = valueRow.firstIndex(of: "│").map { String(valueRow[..<$0]).displayWidth }
        #expect(separator != nil)
        #expect(separator == rowSeparator)
    }

    /// The widths measured without asking a character's category (printable ASCII; arrows,
    /// symbols, box drawing, shapes and dingbats) are those the category gives: none of those
    /// characters is a mark or a format character, which take no column.
    @Test func widthsTakenWithoutTheCategoryAreTheCategorysWidths() {
        var noColumn: [String] = []
        for range in [0x20..<0x7F, 0x2190..<0x2400, 0x2500..<0x2800] {
            for value in range {
                guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .enclosingMark, .format: noColumn.append(String(value, radix: 16))
                default: #expect(DisplayWidth.of(scalar) >= 1, "U+\(String(value, radix: 16))")
                }
            }
        }
        #expect(noColumn.isEmpty, "\(noColumn)")
        #expect("abc ~".displayWidth == 5)
        #expect("a\u{301}b".displayWidth == 2)
        #expect("東京→".displayWidth == 5)
    }

    /// What lets a terminal scroll the list instead of being sent it again: every list row spans
    /// the screen, so after a ↓ that scrolls, each row holds exactly what the row below it held
    /// (only the two rows the selection left and reached are restyled).
    @Test func aScrollShiftsWholeRowsByOne() {
        let keys = (0..<60).map { PreferenceKey<Int>("k\($0)", default: $0, title: "Setting \($0)", section: "S\($0 / 10)") }
        let editor = EditorHarness(schema: PreferenceSchema(title: "Big", suiteName: "big", keys: keys))
        let layout = EditorLayout(width: 80, height: 24, showsFilter: false)
        let bottom = layout.listTop + layout.listHeight
        while editor.controller.state.scrollTop == 0 { editor.press(.down) }
        let before = editor.controller.frame()

        editor.press(.down)
        let after = editor.controller.frame()

        #expect(editor.controller.state.scrollTop == 2)
        func cells(_ grid: ScreenGrid, _ y: Int) -> [Cell] { (0..<grid.width).map { grid[$0, y] } }
        for y in layout.listTop..<(bottom - 2) {
            #expect(cells(after, y) == cells(before, y + 1), "row \(y)")
        }
        #expect(after.line(bottom - 1).hasPrefix("  Setting 15"))
    }

    @Test func theDetailsPaneSitsBelowTheListAndItsRuleSaysWhereTheListIs() {
        let keys = (0..<60).map { PreferenceKey<Int>("k\($0)", default: $0, title: "Setting \($0)", help: "Help \($0).", section: "S\($0 / 10)") }
        let editor = EditorHarness(schema: PreferenceSchema(title: "Big", suiteName: "big", keys: keys))

        editor.press(.end)

        let rule = editor.lines.first { $0.hasPrefix("─") } ?? ""
        #expect(rule.contains(" 46–60 of 60 "))                            // settings, as the filter row counts
        #expect(editor.pane == ["k59 = 59", "Help 59.", "", ""])
        // No scroll bar in the list's last column while the rule shows the position.
        #expect(!editor.screen.contains("┃"))
    }

    @Test func theDetailsPaneBreaksAValueAtTheWidthSoEveryCharacterKeepsItsPlace() {
        let url = "https://weather.internal.example.com/api/v2/forecast?region=north-europe&units=metric"
        let editor = EditorHarness(width: 60, height: 20, stored: ["dataSource": .string(url), "favoriteCities": .array(["San Francisco", "New York City"].map { .string($0) })])
        editor.select("Data source")
        #expect(editor.pane[0] == "dataSource = https://weather.internal.example.com/api/v2/f")
        #expect(editor.pane[1].hasPrefix("orecast?region=north-europe&units=metric · default https"))
        editor.select("Favourite cities")
        #expect(editor.pane[0] == #"favoriteCities = ["San Francisco","New York City"] · defau"#)
    }

    @Test func aLivePreviewWithFewerRowsThanValuesSaysSoAndAsksForNoTimerForTheHiddenOnes() {
        let editor = EditorHarness(width: 80, height: 16)
        #expect(editor.screen.contains(" Live preview, 3 of 4 "))
        #expect(!editor.screen.contains("Next refresh"))
        #expect(editor.controller.wakeUp == nil)                           // the clock's value is the 4th
        editor.resize(width: 80, height: 24)
        #expect(editor.controller.wakeUp == EditorHarness.noon.addingTimeInterval(60))
    }

    @Test func theDetailsPaneNeedsFourteenRowsAndTheLivePreviewSeventyTwoColumns() {
        #expect(EditorLayout(width: 80, height: 13, showsFilter: false).paneRule == nil)
        #expect(EditorLayout(width: 80, height: 14, showsFilter: false).paneHeight == 3)
        #expect(EditorLayout(width: 80, height: 24, showsFilter: false).paneHeight == 4)
        #expect(EditorLayout(width: 71, height: 24, showsFilter: false).liveWidth == 0)
        #expect(EditorLayout(width: 72, height: 24, showsFilter: false).liveWidth == 24)
        let narrow = EditorHarness(width: 60, height: 20)
        #expect(narrow.pane.first == "temperatureNotation = celsius")
        #expect(!narrow.screen.contains("Live preview"))
    }

    @Test func scrollingKeepsTheSelectionVisibleInALongList() {
        let keys = (0..<300).map { PreferenceKey<Int>("k\($0)", default: $0, title: "Setting \($0)", section: "S\($0 / 50)") }
        let schema = PreferenceSchema(title: "Big", suiteName: "big", keys: keys)
        let editor = EditorHarness(schema: schema)
        editor.press(.end)
        #expect(editor.row("Setting 299").contains("299"))
        editor.press(.pageUp)
        // A page is the list's 16 rows at 80×24 less one that stays in view.
        #expect(editor.controller.state.selectedKey?.name == "k284")
        #expect(editor.screen.contains("Setting 284"))
        editor.press(.home)
        #expect(editor.lines[1] == "S0" || editor.lines[1].hasPrefix("S0 "))
    }
}
