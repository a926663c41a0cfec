/// Where each part of the screen goes for a terminal size. Computed, never stored, so a resize
/// re-lays out at once.
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
    let listWidth: Int
    /// The detail and live panels beside the list, when the terminal is wide enough.
    let panelX: Int?
    let panelWidth: Int
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
        listHeight = max(0, hintRow - listTop)
        if width >= 72 {
            let panel = min(46, width * 2 / 5)
            panelWidth = panel
            panelX = width - panel
            listWidth = width - panel - 1
        } else {
            panelWidth = 0
            panelX = nil
            listWidth = width
        }
    }

    /// Columns for a setting's title within the list.
    var titleWidth: Int { min(26, max(10, (listWidth - 2) / 2)) }
    /// Where a setting's value starts.
    var valueX: Int { 2 + titleWidth + 1 }
    var valueWidth: Int { max(1, listWidth - valueX - 1) }
}

extension EditorState {
    var layout: EditorLayout {
        var showsFilter = !filter.isEmpty || modifiedOnly
        if case .filtering = mode { showsFilter = true }
        return EditorLayout(width: width, height: height, showsFilter: showsFilter)
    }
}
