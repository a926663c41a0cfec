// Another program's change of one setting, as the editor takes it (issue 43).
//
//   editor-outside-change SCHEMA            opens the editor on the suite's values, presses ↓
//   editor-outside-change SCHEMA KEY INT    the same, with KEY set to INT by another writer first
//
// The editor works on the suite's values in memory. The change is a commit to that store by a
// writer that is not the editor's, which the editor hears as it hears another program, and takes
// before the next key. run.sh counts, with callgrind, only the instructions spent inside the
// editor's event loop (`EditorController.send`): the two runs differ by the change alone, and the
// store's own work (the commit, a file's parse in a real program) is left out.
import Foundation
import PrefsEditor
import PrefsModel

let arguments = CommandLine.arguments
guard arguments.count == 2 || arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: editor-outside-change SCHEMA [KEY INT]\n".utf8))
    exit(64)
}
let schema = try PreferenceSchema(jsonData: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
let suite = SuiteStore(suiteName: schema.suiteName, watchForChanges: false)
let store = InMemoryStore(suite.storedValues())
let harness = try PreferencesEditor.Harness(PreferencesEditor(Preferences(store: store, schema: schema)))
if arguments.count == 4 {
    guard let value = Int(arguments[3]) else {
        FileHandle.standardError.write(Data("editor-outside-change: \(arguments[3]) is not a whole number\n".utf8))
        exit(64)
    }
    let changed = try store.commit([arguments[2]: .int(value)], by: nil)
    guard changed.count == 1 else {
        FileHandle.standardError.write(Data("editor-outside-change: \(arguments[2]) already holds \(value)\n".utf8))
        exit(65)
    }
}
harness.press(.down)
print(harness.screen)
