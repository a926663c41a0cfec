import PrefsModel

/// When an undo may put a change back: only while the values it wrote are still stored. A
/// setting another program changed since is not undone (that would silently throw its change
/// away), and the person is told which. The full screen and the plain mode both ask here.
enum UndoRule {
    /// The settings of a change, by name, that hold something other than what the change wrote.
    static func changedSince(_ written: [String: PlistValue?], storedNow: (String) -> PlistValue?) -> [String] {
        written.keys.sorted().filter { storedNow($0) != written[$0] ?? nil }
    }

    /// Why an undo was refused, naming the settings changed since.
    static func refusal(_ changed: [String]) -> String {
        "\(changed.joined(separator: ", ")) \(changed.count == 1 ? "was" : "were") \(SettingWords.changedByAnotherProgram) since; not undone"
    }
}
