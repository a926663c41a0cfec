import PrefsModel
import PrefsTestSupport

extension TmuxSession {
    /// What is stored in the demo suite now, read as a fresh process would.
    var stored: [String: PlistValue] {
        SuiteStore(suiteName: "com.example.weather", directory: directory.path, watchForChanges: false).storedValues()
    }
}
