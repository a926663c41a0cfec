import PrefsModel

/// Draws an editor state into a grid, from the state alone (its snapshot of the values and
/// its computed live preview), never from the store. Only the visible rows of the list are touched, so the
/// cost of a frame does not grow with the number of settings.
enum EditorRenderer {
    static func render(_ state: EditorState) -> ScreenGrid {
        let settings = state.settings
        var grid = ScreenGrid(width: state.width, height: state.height)
        let layout = state.layout
        guard !layout.tooSmall else {
            drawTooSmall(&grid)
            return grid
        }
        drawHeader(&grid, state)
        if let row = layout.filterRow { drawFilter(&grid, state, row: row) }
        // The pane first: the list writes its scroll position onto the pane's rule.
        if let rule = layout.paneRule { drawPane(&grid, state, layout, settings, rule: rule) }
        drawList(&grid, state, layout, settings)
        drawHints(&grid, state, layout)
        drawStatus(&grid, state, layout)
        switch state.mode {
        case .choosing(let popup): drawChoices(&grid, state, layout, popup)
        case .editingList(let list): drawListEditor(&grid, state, layout, list, settings)
        case .help(let scroll): drawHelp(&grid, layout, scroll: scroll)
        case .details: drawDetails(&grid, state, settings)
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

    /// The filter row, also shown (as a lasting reminder) while only modified settings are listed.
    private static func drawFilter(_ grid: inout ScreenGrid, _ state: EditorState, row: Int) {
        var x = 1
        if state.modifiedOnly {
            x = grid.put("Modified only (m: all)", x: x, y: row, style: .key, bold: true) + 2
        }
        var editing = false
        if case .filtering = state.mode { editing = true }
        let count = " \(state.listedCount) of \(state.keys.count)"
        guard editing || !state.filter.isEmpty else {
            grid.put(count, x: grid.width - count.displayWidth - 1, y: row, style: .dim)
            return
        }
        x = grid.put("Filter: ", x: x, y: row, style: .key, bold: true)
        let fieldWidth = max(1, grid.width - x - count.displayWidth - 2)
        if case .filtering(let field) = state.mode {
            let (text, cursor) = field.editor.visible(width: fieldWidth)
            grid.fill(x: x, y: row, width: fieldWidth, height: 1, style: .field)
            grid.put(text, x: x, y: row, style: .field)
            grid.cursor = (x + cursor, row)
            grid.showsCursor = true
            x += fieldWidth
        } else {
            x = grid.put(state.filter.truncated(toWidth: fieldWidth), x: x, y: row, style: .normal)
        }
        grid.put(count, x: grid.width - count.displayWidth - 1, y: row, style: .dim)
    }

    private static func drawList(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ settings: SettingsSnapshot) {
        if state.listedCount == 0 {
            let text = state.filter.isEmpty ? (state.modifiedOnly ? "No modified settings (m shows all)" : "No settings") : "No setting matches \"\(state.filter)\""
            grid.put(text.truncated(toWidth: layout.listWidth - 2), x: 2, y: layout.listTop + 1, style: .dim)
            return
        }
        let end = min(state.rows.count, state.scrollTop + layout.listHeight)
        for rowIndex in state.scrollTop..<end {
            let y = layout.listTop + rowIndex - state.scrollTop
            switch state.rows[rowIndex] {
            case .section(let firstKey):
                grid.put(state.keys[firstKey].section.truncated(toWidth: layout.listWidth - 1), x: 0, y: y, style: .sectionTitle, bold: true)
            case .setting(let index):
                drawSetting(&grid, state, layout, settings, key: state.keys[index], y: y, selected: rowIndex == state.selectedRow, index: index)
            }
        }
        guard state.rows.count > layout.listHeight else { return }
        if let rule = layout.paneRule {
            // Where the list is, as text on the pane's rule. A scroll bar down the list's last
            // column would break the rows that a scroll moves: its thumb, shifted along with
            // them, would be drawn again at every step.
            // Settings, not rows, as the filter row counts them.
            let first = state.settingCount(beforeRow: state.scrollTop) + 1
            let last = state.settingCount(beforeRow: end)
            let position = " \(min(first, last))–\(last) of \(state.listedCount) "
            let right = detailsWidth(layout, settings) - 2
            grid.put(position, x: max(0, right - position.displayWidth), y: rule, style: .dim)
        } else {
            // A scroll position indicator in the last column of the list.
            let x = layout.listWidth - 1
            let thumb = layout.listTop + (state.scrollTop * max(1, layout.listHeight - 1)) / max(1, state.rows.count - layout.listHeight)
            for y in layout.listTop..<(layout.listTop + layout.listHeight) { grid.put(y == thumb ? "┃" : "│", x: x, y: y, style: .dim) }
        }
    }

    private static func drawSetting(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ settings: SettingsSnapshot,
                                    key: AnyPreferenceKey, y: Int, selected: Bool, index: Int) {
        let mark = state.mark(of: key)
        // Only the person's own value is drawn as theirs (bold, in the changed colour).
        let modified = mark == .changed
        if let glyph = mark.glyph(ascii: state.asciiMarkers) {
            let style: CellStyle = switch mark {
            case .problem: .warning
            case .changed: .modified
            default: .dim
            }
            grid.put(glyph, x: 0, y: y, style: style, bold: mark == .problem || modified)
        }
        // A setting not in use is shown dimmed, value and all.
        let inUse = state.judged.notInUse[key.name] == nil
        let titleEnd = grid.put(key.title.truncated(toWidth: layout.titleWidth), x: 2, y: y,
                                style: !inUse ? .dim : modified ? .modified : .normal, bold: modified && inUse)
        if case .editingLine(let edit) = state.mode, edit.keyIndex == index {
            // A secret being typed: one mask character per character typed (unless shown with s).
            let mask: Character? = key.isSecret && state.revealed != key.name ? (state.asciiMarkers ? "*" : "•") : nil
            var (text, cursor) = edit.editor.visible(width: layout.valueWidth, mask: mask)
            // The stored secret itself, not yet edited: the fixed mask, so the field does not
            // give its length away either (what is typed instead shows a mask per character).
            if mask != nil, case .line(let stored?) = EditorField(key, in: settings), !stored.isEmpty, edit.editor.text == stored {
                text = String((state.asciiMarkers ? SecretValues.asciiMask : SecretValues.mask).prefix(max(0, layout.valueWidth - 1)))
                cursor = text.count
            }
            grid.fill(x: layout.valueX, y: y, width: layout.valueWidth, height: 1, style: .field)
            grid.put(text, x: layout.valueX, y: y, style: .field)
            grid.cursor = (layout.valueX + cursor, y)
            grid.showsCursor = true
            return
        }
        let (value, style) = valueText(key, settings, ascii: state.asciiMarkers, revealed: state.revealed == key.name)
        grid.put(value.truncated(toWidth: layout.valueWidth), x: layout.valueX, y: y,
                 style: !inUse ? .dim : modified && style == .normal ? .modified : style, bold: modified && inUse)
        if selected {
            // The bar covers the marker and the title, not the whole row: moving the selection
            // then restyles (and so resends) only those cells of the two rows, not the values.
            grid.restyle(x: 0, y: y, width: titleEnd + 1, style: .selected)
            // The cursor follows the selection, at the start of its title (an open field or a
            // filter being typed keeps it at its insertion point).
            if grid.cursor == nil {
                grid.cursor = (2, y)
                grid.showsCursor = state.showsCursor
            }
        }
    }

    /// A setting's value as its row shows it (see ``EditorField/shownValue(of:in:ascii:)``),
    /// dim where it stands in for no value.
    static func valueText(_ key: AnyPreferenceKey, _ settings: SettingsSnapshot, ascii: Bool = false,
                          revealed: Bool = false) -> (String, CellStyle) {
        let shown = EditorField.shownValue(of: key, in: settings, ascii: ascii, revealed: revealed)
        return (shown.text, shown.isStandIn ? .dim : .normal)
    }

    /// Columns of the pane left of the live preview, which only a schema with derived values has.
    private static func detailsWidth(_ layout: EditorLayout, _ settings: SettingsSnapshot) -> Int {
        settings.schema.derivedValues.isEmpty || layout.liveWidth == 0 ? layout.width : layout.width - layout.liveWidth - 1
    }

    /// The pane below the list: the selected setting as `key = value` (whole, wrapped), its
    /// rule and its help; the live preview on its right.
    private static func drawPane(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout, _ settings: SettingsSnapshot, rule: Int) {
        let derived = state.derived
        let width = detailsWidth(layout, settings)
        let liveWidth = layout.width - width - 1
        let bottom = layout.paneTop + layout.paneHeight
        grid.put(String(repeating: "─", count: layout.width), x: 0, y: rule, style: .dim)
        if let key = state.selectedKey {
            drawDetailsPane(&grid, state, key, settings, x: 1, width: width - 2, rows: layout.paneTop..<bottom)
        }
        guard width < layout.width else { return }
        let x = width + 1
        grid.put("┬", x: width, y: rule, style: .dim)
        for y in layout.paneTop..<bottom { grid.put("│", x: width, y: y, style: .dim) }
        let shown = layout.shownDerivedCount(of: derived.count)
        // The title says when the pane has fewer rows than there are values (3 of 4 at 14–19 rows).
        let title = shown < derived.count ? " Live preview, \(shown) of \(derived.count) " : " Live preview "
        grid.put(title.truncated(toWidth: liveWidth - 2), x: x + 1, y: rule, style: .panelTitle, bold: true)
        // The titles' column: 14 (or half the pane), and more where a title needs it and the
        // longest value leaves the room (a fixed width cut "Size per photo" beside an empty column).
        let available = max(0, liveWidth - 3)
        let longestTitle = derived.prefix(shown).map(\.title.displayWidth).max() ?? 0
        let longestText = derived.prefix(shown).map { ($0.text ?? "—").displayWidth }.max() ?? 0
        let labelWidth = max(min(14, liveWidth / 2), min(longestTitle, available - longestText))
        for (offset, value) in derived.prefix(shown).enumerated() {
            grid.put(value.title.truncated(toWidth: labelWidth), x: x + 1, y: layout.paneTop + offset, style: .dim)
            grid.put((value.text ?? "—").truncated(toWidth: liveWidth - labelWidth - 3), x: x + labelWidth + 2, y: layout.paneTop + offset)
        }
    }

    private static func drawDetailsPane(_ grid: inout ScreenGrid, _ state: EditorState, _ key: AnyPreferenceKey, _ settings: SettingsSnapshot,
                                        x: Int, width: Int, rows: Range<Int>) {
        var y = rows.lowerBound
        let labelWidth = 9
        // Text is wrapped only as far as the pane has rows left: a value or problem of any
        // length costs a screenful.
        func field(_ label: String, _ value: String, style: CellStyle = .normal) {
            let lines = value.wrapped(toWidth: width - labelWidth, maxLines: max(0, rows.upperBound - y))
            for (offset, part) in lines.enumerated() where y < rows.upperBound {
                if offset == 0 { grid.put(label, x: x, y: y, style: .dim) }
                grid.put(part, x: x + labelWidth, y: y, style: style)
                y += 1
            }
        }
        // The first row reads as a script would write the setting (`city = Oslo`), in the text
        // form `get` prints and `set` takes, wrapped as far as the pane has rows (the list's row
        // may cut it sooner).
        // The help comes last, so that a move sends the terminal only the text that differs
        // (help lengths vary; the rows below it would move with them).
        let isDefault = settings.isDefault(key)
        let assignment = "\(key.name.controlCharactersEscaped) = "
        // Only a value other than the default names it (the list's `●` already tells a changed
        // value apart), and only a key the schema describes has one.
        // A secret: whether it is set, or with s its value (``SecretValues``).
        let shown = key.isSecret && state.revealed == key.name
            ? AnyPreferenceKey.displayText(forText: key.text(of: settings.effectiveStored(key))) : settings.displayText(of: key)
        let defaultNote = key.isDescribedBySchema && key.hasDefault && !key.isSecret && shown != key.defaultDisplayText
            ? " · default \(key.defaultDisplayText)" : ""
        // Broken at the width, not at spaces: a value is data, and each of its characters,
        // spaces too, keeps its place (a long first word would otherwise leave `key =` alone).
        let valueLines = (assignment + shown + defaultNote).broken(toWidth: width, maxLines: rows.count - 1)
        for line in valueLines {
            grid.put(line, x: x, y: y, style: isDefault ? .normal : .modified)
            y += 1
        }
        // `key =` and the default are dim, so the value itself stands out. Columns counted
        // along the broken lines: a long key or value may span several.
        let valueEnd = (assignment + shown).displayWidth
        var lineStart = 0
        for (offset, line) in valueLines.enumerated() {
            let lineWidth = line.displayWidth
            defer { lineStart += lineWidth }
            grid.restyle(x: x, y: rows.lowerBound + offset, width: max(0, min(lineWidth, assignment.displayWidth - lineStart)), style: .dim)
            let defaultFrom = max(0, valueEnd - lineStart)
            if defaultFrom < lineWidth { grid.restyle(x: x + defaultFrom, y: rows.lowerBound + offset, width: lineWidth - defaultFrom, style: .dim) }
        }
        let facts = state.facts(of: key)
        // Not in use, and why: first, as it is why nothing here can be changed.
        if let notInUse = facts.notInUse { field("In use", notInUse, style: .dim) }
        // Where the value comes from, when it is not the user's own file or the program's default.
        if let source = facts.sourceNote { field("From", source, style: .dim) }
        // A problem before the rule: with few rows, the stored value that was ignored matters most.
        if let problem = facts.problem { field("Problem", problem, style: .warning) }
        if let allowed = facts.allowed { field("Allowed", allowed) }
        let help = facts.notDescribedNote ?? key.help
        for part in help.wrapped(toWidth: width, maxLines: max(0, rows.upperBound - y)) where !help.isEmpty && y < rows.upperBound {
            grid.put(part, x: x, y: y, style: key.isDescribedBySchema ? .normal : .dim)
            y += 1
        }
    }

    private static func drawHints(_ grid: inout ScreenGrid, _ state: EditorState, _ layout: EditorLayout) {
        let hints: [(keys: String, text: String)]
        switch state.mode {
        case .browse: hints = KeyBindings.browseHints(secretSelected: state.selectedKey?.isSecret == true)
        case .editingLine: hints = KeyBindings.lineEditingHints
        case .filtering: hints = KeyBindings.filteringHints
        case .choosing: hints = KeyBindings.choiceHints
        case .editingList(let list) where list.itemEdit != nil: hints = KeyBindings.lineEditingHints
        case .editingList: hints = KeyBindings.listHints
        case .confirmingReset: hints = KeyBindings.confirmHints
        case .help: hints = [("↑↓", "scroll"), ("any other key", "close")]
        case .details: hints = [("any key", "close")]
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
        if let question = state.resetQuestion {
            // The short form is at most 30 columns before the names; the row has 38 at the narrowest.
            let shown = question.whole.displayWidth > grid.width - 2 ? question.short : question.whole
            grid.put(shown.truncated(toWidth: grid.width - 2), x: 1, y: layout.statusRow, style: .warning, bold: true)
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
}
