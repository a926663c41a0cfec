import PrefsModel

/// Draws an editor state into a grid. Only the visible rows of the list are touched, so the
/// cost of a frame does not grow with the number of settings.
enum EditorRenderer {
    static func render(_ state: EditorState, prefs: Preferences) -> ScreenGrid {
        var grid = ScreenGrid(width: state.width, height: state.height)
        let layout = state.layout
        guard !layout.tooSmall else {
            drawTooSmall(&grid)
            return grid
        }
        drawHeader(&grid, state)
        if let row = layout.filterRow { drawFilter(&grid, state, row: row) }
        drawList(&grid, state, layout, prefs)
        if let panelX = layout.panelX { drawPanels(&grid, state, layout, prefs, x: panelX) }
        drawHints(&grid, state, layout)
        drawStatus(&grid, state, layout)
        switch state.mode {
        case .choosing(let popup): drawChoices(&grid, state, layout, popup)
        case .editingList(let list): drawListEditor(&grid, state, layout, list, prefs)
        case .help: drawHelp(&grid, layout)
        default: break
        }
        return grid
    }

    // MARK: Parts

    private static func drawTooSmall(_ grid: inout ScreenGrid) {
        let lines = ["Terminal too small (\(grid.width)×\(grid.height))",
                     "needs \(EditorLayout.minimumWidth)×\(EditorLayout.minimumHeight); q quits"]
        for (offset, line) in lines.enumerated() {
            let text = line.truncated(toWidth: grid.width)
            grid.put(text, x: max(0, (grid.width - text.displayWidth) / 2), y: grid.height / 2 - 1 + offset,
                     style: offset == 0 ? .warning : .normal, bold: offset == 0)
        }
    }

    private static func drawHeader(_ grid: inout ScreenGrid, _ state: EditorState) {
        grid.fill(x: 0, y: 0, width: grid.width, height: 1, style: .header)
        let title = " \(state.title) · \(state.suiteName) "
        let end = grid.put(title, x: 0, y: 0, style: .header, bold: true)
        let location = state.location.truncated(toWidth: max(0, grid.width - end - 2))
        grid.put(location, x: grid.width - location.displayWidth - 1, y: 0, style: .header)
    }

    private static func drawFilter(_ grid: inout ScreenGrid, _ state: EditorState, row: Int) {
        let label = "Filter: "
        var x = grid.put(label, x: 1, y: row, style: .key, bold: true)
        let count = " \(state.listedCount) of \(state.keys.count)"
        let fieldWidth = max(1, grid.width - x - count.displayWidth - 2)
        if case .filtering(let editor) = state.mode {
            let (text, cursor) = editor.visible(width: fieldWidth)
            grid.fill(x: x, y: row, width: fieldWidth, height: 1, style: .field)
            grid.put(text, x: x, y: row, style: .field)
            grid.cursor = (x + cursor, row)
            x += fieldWidth
        } else {
            x = grid.put(state.filter.truncated(toWidth: fieldWidth), x: x, y: row, style: .normal)
        }
        grid.put(count, x: grid.width - count.displayWidth - 1, y: row, style: .dim)
    }

    private static func drawList(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ prefs: Preferences) {
        if state.listedCount == 0 {
            let text = state.filter.isEmpty ? (state.modifiedOnly ? "No modified settings (m shows all)" : "No settings") : "No setting matches \"\(state.filter)\""
            grid.put(text.truncated(toWidth: layout.listWidth - 2), x: 2, y: layout.listTop + 1, style: .dim)
            return
        }
        let end = min(state.rows.count, state.scrollTop + layout.listHeight)
        for rowIndex in state.scrollTop..<end {
            let y = layout.listTop + rowIndex - state.scrollTop
            switch state.rows[rowIndex] {
            case .section(let name):
                grid.put(name.truncated(toWidth: layout.listWidth - 1), x: 0, y: y, style: .sectionTitle, bold: true)
            case .setting(let index):
                drawSetting(&grid, state, layout, prefs, key: state.keys[index], y: y, selected: rowIndex == state.selectedRow, index: index)
            }
        }
        if state.rows.count > layout.listHeight {
            // A scroll position indicator in the last column of the list.
            let x = layout.listWidth - 1
            let thumb = layout.listTop + (state.scrollTop * max(1, layout.listHeight - 1)) / max(1, state.rows.count - layout.listHeight)
            for y in layout.listTop..<(layout.listTop + layout.listHeight) { grid.put(y == thumb ? "┃" : "│", x: x, y: y, style: .dim) }
        }
    }

    private static func drawSetting(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ prefs: Preferences,
                                    key: AnyPreferenceKey, y: Int, selected: Bool, index: Int) {
        let modified = !prefs.isDefault(key)
        let diagnostic = prefs.diagnostic(for: key)
        if diagnostic != nil {
            grid.put("!", x: 0, y: y, style: .warning, bold: true)
        } else if modified {
            grid.put("●", x: 0, y: y, style: .modified, bold: true)
        }
        grid.put(key.title.truncated(toWidth: layout.titleWidth), x: 2, y: y, style: modified ? .modified : .normal, bold: modified)
        if case .editingLine(let edit) = state.mode, edit.keyIndex == index {
            let (text, cursor) = edit.editor.visible(width: layout.valueWidth)
            grid.fill(x: layout.valueX, y: y, width: layout.valueWidth, height: 1, style: .field)
            grid.put(text, x: layout.valueX, y: y, style: .field)
            grid.cursor = (layout.valueX + cursor, y)
            return
        }
        let (value, style) = valueText(key, prefs)
        grid.put(value.truncated(toWidth: layout.valueWidth), x: layout.valueX, y: y,
                 style: modified && style == .normal ? .modified : style, bold: modified)
        if selected {
            grid.restyle(x: 0, y: y, width: layout.listWidth - (state.rows.count > layout.listHeight ? 1 : 0), style: .selected)
        }
    }

    /// A value as its widget shows it: `[x]`, `‹ Celsius ›`, `15 min`, text, or list items.
    static func valueText(_ key: AnyPreferenceKey, _ prefs: Preferences) -> (String, CellStyle) {
        let text = prefs.text(of: key)
        switch WidgetKind(for: key) {
        case .toggle:
            return (text == "true" ? "[x]" : text.isEmpty ? "[ ] (unset)" : "[ ]", .normal)
        case .choice:
            if text.isEmpty { return ("‹ (unset) ›", .dim) }
            let title = key.rule.choices?.first { $0.value == text }?.title ?? text
            return ("‹ \(title) ›", .normal)
        case .stepper:
            if text.isEmpty { return ("(unset)", .dim) }
            return (key.unit.map { "\(text) \($0)" } ?? text, .normal)
        case .list:
            let items = EditorUpdate.items(of: key, prefs: prefs)
            return items.isEmpty ? ("(empty)", .dim) : (items.joined(separator: ", "), .normal)
        case .line:
            return text.isEmpty ? ("(unset)", .dim) : (text, .normal)
        }
    }

    private static func drawPanels(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ prefs: Preferences, x: Int) {
        for y in layout.listTop..<(layout.listTop + layout.listHeight) { grid.put("│", x: x - 1, y: y, style: .dim) }
        let width = layout.panelWidth - 1
        let derived = prefs.schema.derivedValues
        let liveHeight = derived.isEmpty ? 0 : min(layout.listHeight / 2, derived.count + 2)
        let detailBottom = layout.listTop + layout.listHeight - liveHeight
        var y = layout.listTop
        if let key = state.selectedKey {
            func line(_ text: String, style: CellStyle = .normal, bold: Bool = false) {
                guard y < detailBottom else { return }
                grid.put(text.truncated(toWidth: width), x: x, y: y, style: style, bold: bold)
                y += 1
            }
            func field(_ label: String, _ value: String, style: CellStyle = .normal) {
                let lines = value.wrapped(toWidth: width - 9)
                for (offset, part) in lines.enumerated() where y < detailBottom {
                    if offset == 0 { grid.put(label, x: x, y: y, style: .dim) }
                    grid.put(part, x: x + 9, y: y, style: style)
                    y += 1
                }
            }
            line(key.title, style: .panelTitle, bold: true)
            for part in key.help.wrapped(toWidth: width) where !key.help.isEmpty { line(part) }
            y += 1
            field("Key", key.name)
            field("Type", key.type.name)
            field("Default", EditorUpdate.display(key.defaultText))
            if key.rule != .any { field("Allowed", key.rule.allowedText) }
            field("Value", prefs.isDefault(key) ? "default" : "set by the user", style: prefs.isDefault(key) ? .normal : .modified)
            if let diagnostic = prefs.diagnostic(for: key) {
                field("Problem", "stored \(diagnostic.storedValue) ignored: \(diagnostic.reason)", style: .warning)
            }
        }
        guard liveHeight > 0 else { return }
        y = detailBottom
        grid.put("Live preview".truncated(toWidth: width), x: x, y: y, style: .panelTitle, bold: true)
        y += 1
        let labelWidth = min(14, width / 2)
        for value in derived where y < layout.listTop + layout.listHeight {
            grid.put(value.title.truncated(toWidth: labelWidth), x: x, y: y, style: .dim)
            grid.put((value.text(in: prefs) ?? "—").truncated(toWidth: width - labelWidth - 1), x: x + labelWidth + 1, y: y)
            y += 1
        }
    }

    private static func drawHints(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout) {
        let hints: [(String, String)]
        switch state.mode {
        case .browse:
            // Help and quit come before the rest so that they stay when the row is cut at 80 columns.
            hints = [("↑↓", "move"), ("←→", "change"), ("Enter", "edit"), ("?", "help"), ("q", "quit"),
                     ("r", "reset"), ("u", "undo"), ("/", "filter"), ("m", "modified")]
        case .editingLine: hints = [("Enter", "save"), ("Esc", "cancel"), ("Ctrl-A/E", "start/end"), ("Ctrl-K/U", "cut")]
        case .choosing: hints = [("↑↓", "choose"), ("Enter", "select"), ("Esc", "cancel")]
        case .editingList(let list) where list.itemEdit != nil: hints = [("Enter", "save item"), ("Esc", "cancel")]
        case .editingList: hints = [("a", "add"), ("Enter", "edit"), ("d", "delete"), ("K/J", "move"), ("Esc", "close")]
        case .filtering: hints = [("type", "to filter"), ("Enter", "keep"), ("Esc", "clear")]
        case .confirmingResetAll: hints = [("y", "reset all"), ("n", "cancel")]
        case .help: hints = [("any key", "close help")]
        }
        var x = 1
        for (key, action) in hints {
            let width = key.displayWidth + action.displayWidth + 1
            guard x + width <= grid.width - 1 else { break }
            x = grid.put(key, x: x, y: layout.hintRow, style: .key, bold: true)
            x = grid.put(" \(action)", x: x, y: layout.hintRow, style: .dim) + 2
        }
    }

    private static func drawStatus(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout) {
        if case .confirmingResetAll(let count) = state.mode {
            grid.put("Reset all \(count) settings to defaults? (y/n)".truncated(toWidth: grid.width - 2), x: 1, y: layout.statusRow, style: .warning, bold: true)
            return
        }
        guard let message = state.message else { return }
        let style: CellStyle = switch message.kind {
        case .info: .normal
        case .warning: .warning
        case .error: .error
        }
        grid.put(message.text.truncated(toWidth: grid.width - 2), x: 1, y: layout.statusRow, style: style, bold: message.kind != .info)
    }

    // MARK: Overlays

    private static func box(_ grid: inout ScreenGrid, x: Int, y: Int, width: Int, height: Int, title: String) {
        grid.fill(x: x, y: y, width: width, height: height, style: .popup)
        grid.put("┌" + String(repeating: "─", count: max(0, width - 2)) + "┐", x: x, y: y, style: .popup)
        for row in (y + 1)..<(y + height - 1) {
            grid.put("│", x: x, y: row, style: .popup)
            grid.put("│", x: x + width - 1, y: row, style: .popup)
        }
        grid.put("└" + String(repeating: "─", count: max(0, width - 2)) + "┘", x: x, y: y + height - 1, style: .popup)
        grid.put(" \(title) ".truncated(toWidth: width - 4), x: x + 2, y: y, style: .popup, bold: true)
    }

    private static func drawChoices(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ popup: EditorState.ChoicePopup) {
        let key = state.keys[popup.keyIndex]
        let inner = max(key.title.displayWidth + 2, popup.options.map { $0.title.displayWidth }.max() ?? 0) + 4
        let width = min(grid.width - 2, inner + 2)
        let height = min(layout.listHeight, popup.options.count + 2)
        let anchor = state.selectedRow.map { layout.listTop + $0 - state.scrollTop } ?? layout.listTop
        let y = anchor + 1 + height <= layout.listTop + layout.listHeight ? anchor + 1 : max(layout.listTop, anchor - height)
        let x = min(max(0, layout.valueX - 2), grid.width - width)
        box(&grid, x: x, y: y, width: width, height: height, title: key.title)
        let visible = height - 2
        let first = max(0, min(popup.highlighted - visible + 1, popup.options.count - visible))
        for (offset, option) in popup.options[first..<min(popup.options.count, first + visible)].enumerated() {
            let index = first + offset
            let selected = index == popup.highlighted
            let label = (selected ? "› " : "  ") + option.title
            grid.put(label.padded(toWidth: width - 2), x: x + 1, y: y + 1 + offset, style: selected ? .popupSelected : .popup, bold: selected)
        }
    }

    private static func drawListEditor(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ list: EditorState.ListEdit, _ prefs: Preferences) {
        let key = state.keys[list.keyIndex]
        let width = min(layout.listWidth - 2, max(30, (list.items.map(\.displayWidth).max() ?? 0) + 8))
        let rowsNeeded = list.items.count + (list.itemEdit.map { $0.target == .listItem(nil) ? 1 : 0 } ?? 0)
        let height = min(layout.listHeight, max(3, rowsNeeded) + 2)
        let x = min(2, grid.width - width)
        let y = layout.listTop + max(0, (layout.listHeight - height) / 2)
        box(&grid, x: x, y: y, width: width, height: height, title: "\(key.title) (\(list.items.count))")
        let visible = height - 2
        let focus = list.itemEdit.flatMap { edit -> Int? in
            if case .listItem(let index) = edit.target { return index ?? list.items.count }
            return nil
        } ?? list.selected
        let first = max(0, min(focus - visible + 1, rowsNeeded - visible))
        if list.items.isEmpty && list.itemEdit == nil {
            grid.put("(empty: a adds an item)", x: x + 2, y: y + 1, style: .popup)
        }
        for row in 0..<visible {
            let index = first + row
            let rowY = y + 1 + row
            if let edit = list.itemEdit, case .listItem(let editing) = edit.target, (editing ?? list.items.count) == index {
                let (text, cursor) = edit.editor.visible(width: width - 4)
                grid.fill(x: x + 2, y: rowY, width: width - 4, height: 1, style: .field)
                grid.put(text, x: x + 2, y: rowY, style: .field)
                grid.cursor = (x + 2 + cursor, rowY)
                continue
            }
            guard list.items.indices.contains(index) else { continue }
            let selected = index == list.selected && list.itemEdit == nil
            grid.put(((selected ? "› " : "  ") + list.items[index]).padded(toWidth: width - 2), x: x + 1, y: rowY,
                     style: selected ? .popupSelected : .popup, bold: selected)
        }
    }

    private static func drawHelp(_ grid: inout ScreenGrid, _ layout: EditorLayout) {
        let keyWidth = KeyMap.help.map { $0.keys.displayWidth }.max() ?? 10
        let width = min(grid.width - 2, keyWidth + 48)
        let height = min(grid.height - 2, KeyMap.help.count + 2)
        let x = (grid.width - width) / 2
        let y = max(1, (grid.height - height) / 2)
        box(&grid, x: x, y: y, width: width, height: height, title: "Keys")
        for (offset, entry) in KeyMap.help.prefix(height - 2).enumerated() {
            let end = grid.put(entry.keys.padded(toWidth: keyWidth), x: x + 2, y: y + 1 + offset, style: .popup, bold: true)
            grid.put(entry.action.truncated(toWidth: width - keyWidth - 5), x: end + 1, y: y + 1 + offset, style: .popup)
        }
    }
}
