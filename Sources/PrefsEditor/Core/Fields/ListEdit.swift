import PrefsModel

extension EditorState {
    /// The list editor a list setting opens: its items, the selected one and the item field
    /// when one is open. Its update says what became of a key: a new list to write (the editor
    /// shows it only once the write succeeded), an item typed to check, or that it closed.
    struct ListEdit: Sendable {
        var keyIndex: Int
        var items: [JSONValue]
        var selected: Int
        var itemEdit: LineEdit?

        /// What a key did to the list editor.
        enum Outcome {
            /// Still open (the selection, or the item field, may have changed).
            case open
            case closed
            /// Enter in the item field: the typed text, for the item at `target`.
            case itemTyped(String, target: LineTarget)
            /// The list as it would be after a change (an item deleted or moved): to write.
            case write(ListEdit)
        }

        mutating func update(_ event: KeyEvent) -> Outcome {
            if var field = itemEdit {
                switch field.update(event) {
                case .cancelled: itemEdit = nil
                case .committed(let text): return .itemTyped(text, target: field.target)
                case .editing: itemEdit = field
                }
                return .open
            }
            guard let action: ListAction = KeyBindings.list.action(for: event) else { return .open }
            switch action {
            case .close: return .closed
            case .up: selected = max(0, selected - 1)
            case .down: selected = min(max(0, items.count - 1), selected + 1)
            case .add: itemEdit = field(for: nil)
            case .edit: itemEdit = field(for: items.indices.contains(selected) ? selected : nil)
            case .delete:
                guard items.indices.contains(selected) else { break }
                var after = self
                after.items.remove(at: selected)
                after.selected = min(selected, max(0, after.items.count - 1))
                return .write(after)
            case .moveItemUp, .moveItemDown:
                let target = selected + (action == .moveItemUp ? -1 : 1)
                guard items.indices.contains(selected), items.indices.contains(target) else { break }
                var after = self
                after.items.swapAt(selected, target)
                after.selected = target
                return .write(after)
            }
            return .open
        }

        /// The list with `item` typed for `target`, the item field closed: what to write.
        func with(_ item: JSONValue, at target: LineTarget) -> ListEdit {
            var after = self
            switch target {
            case .listItem(let index?): after.items[index] = item
            default:
                after.items.append(item)
                after.selected = after.items.count - 1
            }
            after.itemEdit = nil
            return after
        }

        /// The item field for the item at `index` (its text), or for a new item (nil).
        private func field(for index: Int?) -> LineEdit {
            let text = index.map { EditorField.itemText(items[$0]) } ?? ""
            return LineEdit(keyIndex: keyIndex, editor: LineEditor(text: text), target: .listItem(index))
        }
    }
}
