import PrefsModel

// What opens over the list: boxes for choices, a list's items, help and details.
extension EditorRenderer {
    static func box(_ grid: inout ScreenGrid, x: Int, y: Int, width: Int, height: Int, title: String) {
        grid.fill(x: x, y: y, width: width, height: height, style: .popup)
        grid.put("┌" + String(repeating: "─", count: max(0, width - 2)) + "┐", x: x, y: y, style: .popup)
        for row in (y + 1)..<(y + height - 1) {
            grid.put("│", x: x, y: row, style: .popup)
            grid.put("│", x: x + width - 1, y: row, style: .popup)
        }
        grid.put("└" + String(repeating: "─", count: max(0, width - 2)) + "┘", x: x, y: y + height - 1, style: .popup)
        grid.put(" \(title) ".truncated(toWidth: width - 4), x: x + 2, y: y, style: .popup, bold: true)
        // An overlay's first line is what a screen reader should read next; a choice or an
        // item highlighted inside it moves the cursor on from here.
        grid.cursor = (x + 2, y + 1)
    }

    static func drawChoices(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ popup: EditorState.ChoicePopup) {
        let key = state.keys[popup.keyIndex]
        let frame = ChoicePopupFrame(state, popup)
        let (x, y, width, height) = (frame.x, frame.y, frame.width, frame.height)
        box(&grid, x: x, y: y, width: width, height: height, title: key.title)
        let visible = frame.visibleRows
        let first = frame.firstShown
        for (offset, option) in popup.options[first..<min(popup.options.count, first + visible)].enumerated() {
            let index = first + offset
            let selected = index == popup.highlighted
            // A secret's choices are the program's own words, shown; which one is set is not
            // marked until the person moves the highlight (it starts on the first).
            let label = (selected ? "› " : "  ") + option.title
            if selected {
                grid.cursor = (x + 3, y + 1 + offset)
                grid.showsCursor = state.showsCursor
            }
            grid.put(label.padded(toWidth: width - 2), x: x + 1, y: y + 1 + offset, style: selected ? .popupSelected : .popup, bold: selected)
        }
    }

    static func drawListEditor(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ list: EditorState.ListEdit, _ settings: SettingsSnapshot) {
        let key = state.keys[list.keyIndex]
        // A secret list's items: the fixed mask each (not their lengths), unless shown with s.
        let masked = key.isSecret && state.revealed != key.name
        let mask = state.asciiMarkers ? SecretValues.asciiMask : SecretValues.mask
        let itemText = { (item: JSONValue) in masked ? mask : EditorField.itemText(item).controlCharactersEscaped }
        let width = min(layout.listWidth - 2, max(30, (list.items.map { itemText($0).displayWidth }.max() ?? 0) + 8))
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
                let (text, cursor) = edit.editor.visible(width: width - 4, mask: masked ? (state.asciiMarkers ? "*" : "•") : nil)
                grid.fill(x: x + 2, y: rowY, width: width - 4, height: 1, style: .field)
                grid.put(text, x: x + 2, y: rowY, style: .field)
                grid.cursor = (x + 2 + cursor, rowY)
                grid.showsCursor = true
                continue
            }
            guard list.items.indices.contains(index) else { continue }
            let selected = index == list.selected && list.itemEdit == nil
            if selected { grid.cursor = (x + 3, rowY) }
            grid.put(((selected ? "› " : "  ") + itemText(list.items[index])).padded(toWidth: width - 2), x: x + 1, y: rowY,
                     style: selected ? .popupSelected : .popup, bold: selected)
        }
    }

    /// The key map, read from the binding tables, by section.
    static func drawHelp(_ grid: inout ScreenGrid, _ layout: EditorLayout, scroll: Int) {
        var lines: [(keys: String, text: String, title: Bool)] = []
        for section in KeyBindings.sections {
            if !lines.isEmpty { lines.append(("", "", false)) }
            lines.append((section.title, "", true))
            lines += section.lines.map { ($0.keys, $0.help, false) }
        }
        let keyWidth = lines.filter { !$0.title }.map { $0.keys.displayWidth }.max() ?? 10
        let width = min(grid.width - 2, keyWidth + 60)
        let height = min(grid.height - 3, lines.count + 2)
        let x = (grid.width - width) / 2
        let y = max(1, (grid.height - 1 - height) / 2)
        let first = min(scroll, max(0, lines.count - (height - 2)))
        let more = lines.count > height - 2 ? " (\(first + 1)–\(first + height - 2) of \(lines.count), ↑↓ scroll)" : ""
        box(&grid, x: x, y: y, width: width, height: height, title: "Keys" + more)
        for (offset, line) in lines.dropFirst(first).prefix(height - 2).enumerated() {
            if line.title {
                grid.put(line.keys, x: x + 2, y: y + 1 + offset, style: .popup, bold: true)
                continue
            }
            let end = grid.put(line.keys.padded(toWidth: keyWidth), x: x + 2, y: y + 1 + offset, style: .popup, bold: true)
            grid.put(line.text.truncated(toWidth: width - keyWidth - 5), x: end + 1, y: y + 1 + offset, style: .popup)
        }
    }

    /// `i`: everything about the selected setting that the list and pane may have cut, and the
    /// last message whole.
    static func drawDetails(_ grid: inout ScreenGrid, _ state: EditorState, _ settings: SettingsSnapshot) {
        let width = grid.width - 2
        let inner = width - 4
        var lines: [(String, CellStyle)] = []
        // No more lines than the box can show, so a text of any length costs a screenful.
        let rows = grid.height - 4
        func add(_ label: String, _ text: String, style: CellStyle = .popup) {
            let labelWidth = 9
            for (offset, part) in text.wrapped(toWidth: inner - labelWidth, maxLines: rows - lines.count).enumerated() {
                lines.append(((offset == 0 ? label.padded(toWidth: labelWidth) : String(repeating: " ", count: labelWidth)) + part, style))
            }
        }
        if let key = state.selectedKey {
            for part in key.help.wrapped(toWidth: inner, maxLines: rows) where !key.help.isEmpty { lines.append((part, .popup)) }
            let facts = state.facts(of: key)
            if let note = facts.notDescribedNote {
                for part in note.wrapped(toWidth: inner, maxLines: rows) { lines.append((part, .popup)) }
            }
            add("Key", key.name)
            add("Type", key.type.name)
            add("Default", facts.defaultText)
            if let allowed = facts.allowed { add("Allowed", allowed) }
            add("Value", valueText(key, settings, ascii: state.asciiMarkers, revealed: state.revealed == key.name).0
                + " (\(facts.setOrDefault))")
            if let notInUse = facts.notInUse { add("In use", notInUse) }
            if let source = facts.sourceNote { add("From", source) }
            if let problem = facts.problem { add("Problem", problem) }
        }
        // The live preview too: below 72 columns there is no room for it beside the pane, and
        // this is where a narrow terminal still shows the program's derived values.
        for (index, reading) in state.derived.enumerated() {
            add(index == 0 ? "Live" : "", "\(reading.title): \(reading.text ?? "—")")
        }
        if let message = state.message { add("Message", message.text) }
        let height = min(grid.height - 2, lines.count + 2)
        box(&grid, x: 1, y: 1, width: width, height: height, title: state.selectedKey?.title ?? "Details")
        for (offset, line) in lines.prefix(height - 2).enumerated() {
            grid.put(line.0, x: 3, y: 2 + offset, style: line.1)
        }
    }
}
