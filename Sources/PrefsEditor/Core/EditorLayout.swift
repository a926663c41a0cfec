/// Where each part of the screen goes for a terminal size. The state keeps one, laid out again
/// when the size or the filter line changes.
///
/// The list takes whole rows, and the selected setting's details (and the live preview) sit
/// below it. Rows that span the screen let a scroll of the list move the screen: the terminal
/// shifts the rows itself and is sent only the row that comes into view. A panel beside the
/// list would make every row differ after a scroll, so each would be sent again.
struct EditorLayout: Equatable {
    static let minimumWidth = 40
    static let minimumHeight = 10

    let width: Int
    let height: Int
    let tooSmall: Bool
    /// The row holding the filter line, when one is shown.
    let filterRow: Int?
    let listTop: Int
    let listHeight: Int
    /// The rule above the details pane, when the terminal is tall enough for one.
    let paneRule: Int?
    /// The rows of the details pane below its rule (0 when there is no pane).
    let paneHeight: Int
    /// Columns on the right of the pane for the live preview (0 when it does not fit).
    let liveWidth: Int
    let hintRow: Int
    let statusRow: Int

    init(width: Int, height: Int, showsFilter: Bool) {
        self.width = width
        self.height = height
        tooSmall = width < Self.minimumWidth || height < Self.minimumHeight
        hintRow = height - 2
        statusRow = height - 1
        filterRow = showsFilter ? 1 : nil
        listTop = showsFilter ? 2 : 1
        // Six rows of details from 30 rows up, four from 20, three from 14, none below: the list
        // keeps at least seven rows (six with the filter row), and `i` shows the details at any
        // size.
        paneHeight = height >= 30 ? 6 : height >= 20 ? 4 : height >= 14 ? 3 : 0
        paneRule = paneHeight > 0 ? hintRow - paneHeight - 1 : nil
        listHeight = max(0, (paneRule ?? hintRow) - listTop)
        liveWidth = paneHeight > 0 && width >= 72 ? min(30, width / 3) : 0
    }

    var listWidth: Int { width }
    /// How many of `total` derived values the live preview has rows for (none without it).
    func shownDerivedCount(of total: Int) -> Int { liveWidth > 0 ? min(total, paneHeight) : 0 }
    /// Columns for a setting's title within the list.
    var titleWidth: Int { min(26, max(10, (listWidth - 2) / 2)) }
    /// Where a setting's value starts.
    var valueX: Int { 2 + titleWidth + 1 }
    var valueWidth: Int { max(1, listWidth - valueX - 1) }
    /// The first row of the details pane.
    var paneTop: Int { (paneRule ?? hintRow) + 1 }
}
