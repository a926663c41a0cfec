/// Clicks and the wheel. A click acts where it lands: on a setting it selects it; on a toggle's
/// value it toggles, on a choice's ‹ or › it cycles, on another value it opens editing; a second
/// click on the same title soon after opens it (terminals report no double-click). The wheel moves
/// through the list, the open choice list and the help. A click outside an open choice list, or
/// on the help or the details, closes them; while a line, a list or the filter is edited, clicks
/// do nothing (a stray click must not lose what is being typed).
extension EditorUpdate {
    /// Two clicks on one row closer together than this are a double-click.
    static let doubleClickInterval = 0.4
    /// Rows one turn of the wheel moves.
    static let wheelRows = 3

    static func mouse(_ state: inout EditorState, _ event: MouseEvent) -> [EditorEffect] {
        // A report from outside the screen is no click on anything here (and a cell far outside
        // it would overflow the row arithmetic below).
        guard state.capturesMouse, !state.layout.tooSmall,
              (0..<state.width).contains(event.x), (0..<state.height).contains(event.y) else { return [] }
        switch event.action {
        case .wheelUp, .wheelDown:
            let key: KeyEvent = event.action == .wheelUp ? .up : .down
            switch state.mode {
            case .browse, .choosing, .help:
                return (0..<wheelRows).flatMap { _ in handle(&state, key: key) }
            default:
                return []
            }
        case .press(button: 0):
            return click(&state, x: event.x, y: event.y, time: event.time)
        case .press, .release:
            return []
        }
    }

    private static func click(_ state: inout EditorState, x: Int, y: Int, time: Double) -> [EditorEffect] {
        switch state.mode {
        case .choosing(var popup):
            let frame = ChoicePopupFrame(state, popup)
            guard frame.contains(x: x, y: y) else { return handle(&state, key: .escape) }
            guard let option = frame.option(atRow: y, count: popup.options.count) else { return [] }
            popup.highlighted = option
            state.mode = .choosing(popup)
            return handle(&state, key: .enter)
        case .help, .details:
            state.mode = .browse
            return []
        case .browse:
            return clickInList(&state, x: x, y: y, time: time)
        default:
            return []
        }
    }

    private static func clickInList(_ state: inout EditorState, x: Int, y: Int, time: Double) -> [EditorEffect] {
        let layout = state.layout
        guard y >= layout.listTop, y < layout.listTop + layout.listHeight else { return [] }
        let rowIndex = state.scrollTop + y - layout.listTop
        guard state.rows.indices.contains(rowIndex),
              case .setting(let keyIndex) = state.rows[rowIndex],
              let listed = state.settingRows.firstIndex(of: rowIndex) else { return [] }
        // A double-click is on the title: on a value each click acts (two quick clicks on `›`
        // cycle twice, they do not open the list).
        let isDouble = x < layout.valueX && (state.lastClick.map { $0.row == rowIndex && time - $0.time <= doubleClickInterval } ?? false)
        state.lastClick = isDouble ? nil : (rowIndex, time)
        state.selection = listed
        if isDouble { return act(on: keyIndex, action: .activate, state: &state) }
        // Only a click on the value itself acts; the empty rest of the row just selects.
        let key = state.keys[keyIndex]
        let width = min(layout.valueWidth, EditorField.shownValue(of: key, in: state.settings, ascii: state.asciiMarkers).text.displayWidth)
        guard x >= layout.valueX, x < layout.valueX + max(3, width) else { return [] }
        switch EditorField(key, in: state.settings) {
        case .toggle:
            return act(on: keyIndex, action: .toggle, state: &state)
        case .choice:
            // `‹ Celsius ›`: the arrows are the first and the last column of the value.
            if x <= layout.valueX + 1 { return act(on: keyIndex, action: .decrease, state: &state) }
            if x >= layout.valueX + width - 2, x < layout.valueX + width { return act(on: keyIndex, action: .increase, state: &state) }
            return []
        case .stepper, .line, .list:
            return act(on: keyIndex, action: .activate, state: &state)
        }
    }
}
