import PrefsModel

/// Writes: what the update asks for, what it does when the result comes back, and undo (other
/// programs' changes: EditorUpdate+OutsideChange).
extension EditorUpdate {
    /// Parses typed text with the key's own parser; a valid value is written, an invalid one
    /// leaves the field open with the reason.
    static func commit(_ state: inout EditorState, _ key: AnyPreferenceKey, text: String) -> [EditorEffect] {
        do {
            return write(&state, key, try key.storedValue(parsing: [text]))
        } catch {
            state.message = .init(text: EditorUpdate.message(for: error), kind: .error)
            return []
        }
    }

    /// An error as the status line shows it: a refused value of more than a screen's width is
    /// cut to its start and length, so the line still ends with what is allowed.
    static func message(for error: any Error) -> String {
        (error as? PreferenceError)?.description(maxValueLength: 16) ?? "\(error)"
    }

    /// Checks a typed value with the key's rule and writes it.
    static func commit(_ state: inout EditorState, _ key: AnyPreferenceKey, json: JSONValue) -> [EditorEffect] {
        do {
            return write(&state, key, try key.storedValue(json: json))
        } catch {
            state.message = .init(text: EditorUpdate.message(for: error), kind: .error)
            return []
        }
    }

    /// Asks to store `value` for `key` (nil removes it). A value equal to the default removes
    /// the stored one, so `●` always means "differs from the default" — but only where a schema
    /// declares the default: a key read off another program's file has a default of our guess,
    /// and that program's value is kept. The library decides (`storedValue(forEdit:of:)`), for
    /// the `set` and `import` commands too.
    static func write(_ state: inout EditorState, _ key: AnyPreferenceKey, _ value: PlistValue?, success: String? = nil,
                      modeAfter: EditorState.Mode = .browse) -> [EditorEffect] {
        let stored = state.settings.storedValue(forEdit: value, of: key)
        let isDefault = stored == nil
        let text = key.displayText(of: value)
        let message = success ?? (isDefault && value != nil ? "Saved \(key.name) = \(text) (its default: nothing stored)" : "Saved \(key.name) = \(text)")
        let previous = state.settings.storedValue(forKey: key.name)
        // A value read through an old name or converted from an old type is no "unchanged":
        // writing carries the migration out, also when the result stores nothing here.
        let migrates = state.settings.userValue(of: key) != previous
        guard previous != stored || migrates else {
            state.mode = modeAfter
            state.message = .init(text: "\(key.name) is unchanged (\(text))", kind: .info)
            return []
        }
        return request(&state, [key.name: stored], label: "\(key.name) = \(key.displayText(of: previous))",
                       success: message, modeAfter: modeAfter)
    }

    /// Records the write as pending and asks the loop for it.
    static func request(_ state: inout EditorState, _ changes: [String: PlistValue?], label: String,
                        success: String, modeAfter: EditorState.Mode, isUndo: Bool = false) -> [EditorEffect] {
        var before: [String: PlistValue?] = [:]
        for name in changes.keys { before[name] = .some(state.settings.storedValue(forKey: name)) }
        let undo = isUndo ? nil : EditorState.UndoEntry(previous: before, written: changes, label: label)
        state.pendingWrite = .init(changes: changes, undo: undo, success: success, modeAfter: modeAfter, isUndo: isUndo)
        return [.write(changes)]
    }

    /// The result of the pending write: on success the values shown take what it committed and
    /// the state moves on; on failure nothing is claimed, and an open field keeps what the user
    /// typed. Keys held while it was pending then run, in order.
    static func writeFinished(_ state: inout EditorState, _ result: WriteResult) -> [EditorEffect] {
        guard let pending = state.pendingWrite else { return [] }
        state.pendingWrite = nil
        state.writeIsWaiting = false
        switch result {
        case .failed(let error):
            state.message = .init(text: error, kind: .error)
        case .committed(let changes, _, let warnings):
            var values: [String: PlistValue?] = [:]
            for change in changes { values[change.key] = .some(change.new) }
            // The mode the write leads to first, so that taking its values checks that mode's
            // field (a list whose write retyped its inferred key closes, and says so).
            state.mode = pending.modeAfter
            let removed = state.apply(values, byThisEditor: true)
            if pending.isUndo { state.undoStack.removeLast() }
            if let undo = pending.undo { state.undoStack.append(undo) }
            var text = removed ?? (warnings.isEmpty ? pending.success : warnings.joined(separator: "; "))
            // The first write after a program's new version also moved its renamed settings
            // and removed its retired ones (in the same commit): said once, here.
            let migrated = migrationNote(changes, own: Set(pending.changes.keys), schema: state.settings.schema)
            if removed == nil, let migrated { text += "; \(migrated)" }
            state.message = .init(text: text, kind: warnings.isEmpty && removed == nil ? .info : .warning)
        }
        return replayHeldInput(&state)
    }

    /// What a committed write migrated, for the status line (`moved unitSystem → units; removed
    /// legacyMode (retired)`), or nil when it migrated nothing.
    private static func migrationNote(_ changes: [StoredChange], own: Set<String>, schema: PreferenceSchema) -> String? {
        // A schema without migrations has nothing to say, and the note's map of old names is
        // built only for one that has (a walk over every key on every write, otherwise).
        guard schema.hasMigrations else { return nil }
        var newName: [String: String] = [:]
        for key in schema.keys { for old in key.renamedFrom { newName[old] = key.name } }
        let parts = changes.filter { $0.new == nil }.compactMap { change -> String? in
            if let to = newName[change.key], changes.contains(where: { $0.key == to && $0.new != nil }) { return "moved \(change.key) → \(to)" }
            return schema.retiredKeys.contains(change.key) ? "removed \(change.key) (retired)" : nil
        }
        // Steps of a new version are said by their version: when the suite moved from a version
        // it recorded, or values other than this write's changed with it. A suite that only
        // records its first version has nothing to tell.
        var said = parts
        if let version = changes.first(where: { $0.key == PreferenceSchema.versionKey }), case .int(let reached)? = version.new,
           version.old != nil || changes.contains(where: { change in
               change.key != PreferenceSchema.versionKey && !own.contains(change.key) && newName[change.key] == nil
                   && !schema.retiredKeys.contains(change.key) && !newName.values.contains(change.key)
           }) {
            said.append("migrated to version \(reached)")
        }
        return said.isEmpty ? nil : said.joined(separator: "; ")
    }

    /// The pending write waits for the suite's lock: the screen says who holds it, and that
    /// quitting now leaves the change unsaved.
    /// A quit already typed and held behind the write quits now.
    static func writeWaiting(_ state: inout EditorState, note: String) -> [EditorEffect] {
        guard state.pendingWrite != nil else { return [] }
        state.writeIsWaiting = true
        state.message = .init(text: "Saving: \(note); q quits without saving this change", kind: .warning)
        // Only Ctrl-C and its kind: a held `q` may be text for a field or filter that held keys
        // before it open, so it waits its turn like them.
        let quitHeld = state.heldInput.contains { input in
            if case .key(let key) = input { return key.isControl && isQuit(key) }
            return false
        }
        return quitHeld ? [.quit(.interrupted)] : []
    }

    /// Keys and pastes that came while a write was pending, run now that its result is in: they
    /// act on the values it left, in the order they were typed.
    private static func replayHeldInput(_ state: inout EditorState) -> [EditorEffect] {
        var effects: [EditorEffect] = []
        while state.pendingWrite == nil, !state.heldInput.isEmpty, !effects.contains(where: \.isQuit) {
            switch state.heldInput.removeFirst() {
            case .key(let key): effects += handle(&state, key: key)
            case .paste(let text): paste(&state, text)
            case .mouse(let event): effects += mouse(&state, event)
            case .line(let line): effects += self.line(&state, line)
            default: break
            }
        }
        return effects
    }

    /// `u`: takes back the last change, unless another program has changed those settings
    /// since (then the entry stays, and the message says why nothing happened).
    static func undo(_ state: inout EditorState) -> [EditorEffect] {
        guard let entry = state.undoStack.last else {
            state.message = .init(text: "Nothing to undo", kind: .info)
            return []
        }
        let changedSince = UndoRule.changedSince(entry.written) { state.settings.storedValue(forKey: $0) }
        guard changedSince.isEmpty else {
            state.message = .init(text: UndoRule.refusal(changedSince), kind: .warning)
            return []
        }
        return request(&state, entry.previous, label: entry.label, success: "Undid: \(entry.label)", modeAfter: state.mode, isUndo: true)
    }
}

