/// Where the open choice list is drawn: one computation for the renderer, which draws it, and
/// the update, which hit-tests a click against it.
struct ChoicePopupFrame: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// The index of the first option shown (a list taller than the box shows a window of it).
    var firstShown: Int

    /// Rows of options inside the border.
    var visibleRows: Int { height - 2 }

    init(_ state: EditorState, _ popup: EditorState.ChoicePopup) {
        let layout = state.layout
        let key = state.keys[popup.keyIndex]
        let inner = max(key.title.displayWidth + 2, popup.options.map { $0.title.displayWidth }.max() ?? 0) + 4
        width = min(state.width - 2, inner + 2)
        height = min(layout.listHeight, popup.options.count + 2)
        let anchor = state.selectedRow.map { layout.listTop + $0 - state.scrollTop } ?? layout.listTop
        y = anchor + 1 + height <= layout.listTop + layout.listHeight ? anchor + 1 : max(layout.listTop, anchor - height)
        x = min(max(0, layout.valueX - 2), state.width - width)
        let visible = height - 2
        firstShown = max(0, min(popup.highlighted - visible + 1, popup.options.count - visible))
    }

    func contains(x column: Int, y row: Int) -> Bool {
        column >= x && column < x + width && row >= y && row < y + height
    }

    /// The option on this screen row, or nil for the border.
    func option(atRow row: Int, count: Int) -> Int? {
        let index = firstShown + row - y - 1
        guard row > y, row < y + height - 1, index < count else { return nil }
        return index
    }
}
