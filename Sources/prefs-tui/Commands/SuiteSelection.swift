import Foundation
import PrefsDemo
import PrefsModel

/// Which suite a command works on, and with which schema: what `--suite` and `--schema` say,
/// apart from the argument parser, so a command can run without it (`get`'s quick start).
struct SuiteSelection: Equatable {
    var suite: String?
    var schema: String?

    /// The schema that describes the suite: the file given with `--schema`, or the demo when no
    /// other suite is named; nil for another suite without `--schema`, whose schema is inferred
    /// from its file (applying the demo to another program's suite would show and write the
    /// demo's keys in it).
    func declaredSchema() throws -> PreferenceSchema? {
        guard let path = schema else {
            return suite == nil || suite == WeatherSettings.suiteName ? WeatherSettings.schema : nil
        }
        let data = try InputFile.contents(of: path, kind: "a schema file", prefix: "cannot read schema")
        do {
            return try PreferenceSchema(jsonData: data)
        } catch let error as PreferenceError {
            throw CommandFailure("schema \(path.controlCharactersEscaped): \(error)", status: ExitStatus.dataError)
        }
    }

    /// Opens the suite. With a declared schema, the stored keys it does not describe are added
    /// in a last section ("Other keys in this file"); without one, the schema is inferred from
    /// the file. A suite file that cannot be read is reported on standard error; reads then show
    /// defaults, and the file is left alone until a write preserves it. A write that waits for
    /// another process's lock says so on standard error after a second, naming the holder,
    /// unless `reportsLockWaits` is false (the editor, whose screen a line would garble: it shows
    /// the failure, which names the holder too, as a status message).
    /// `readsOnce`: the command looks at the suite once (`list`, `get`, `export` read it;
    /// `import` reads it and writes once), so the store need not keep the file's bytes for a
    /// later comparison.
    func open(watchForChanges: Bool = false, reportsLockWaits: Bool = true, readsOnce: Bool = false) throws -> Preferences {
        let (store, site, schema) = try storeAndSchema(watchForChanges: watchForChanges, reportsLockWaits: reportsLockWaits,
                                                       readsOnce: readsOnce)
        if let problem = store.loadProblem { Diagnostics.print("warning: \(problem)") }
        let layers = site?.layers ?? .none
        for problem in layers.problems { Diagnostics.print("warning: \(problem)") }
        // A locked name that is no setting of a declared schema is most likely a typo.
        if !schema.isInferred {
            for folder in layers.folders {
                for name in folder.locked.sorted() where schema.setting(storedUnder: name) == nil && folder.values[name] == nil {
                    let near = schema.suggestions(for: name)
                    let hint = near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?"
                    Diagnostics.print("warning: the locks file \(folder.locksPath.controlCharactersEscaped) locks \(name.quotedForMessage), which is no setting of \(schema.suiteName)\(hint)")
                }
            }
        }
        // A write's own failure is thrown; what the subscript setter or a write's migration
        // reports on the side (a failed step, a damaged record of the version) is a warning in
        // the program's own voice.
        return Preferences(store: store, schema: schema, site: site,
                           onWriteError: { Diagnostics.print("warning: \($0.description(maxValueLength: 200))") })
    }

    /// The schema `open` would use, without warnings on standard error (for shell completion).
    func schemaWithoutDiagnostics() throws -> PreferenceSchema {
        try storeAndSchema(watchForChanges: false, readsOnce: true).schema
    }

    private func storeAndSchema(watchForChanges: Bool, reportsLockWaits: Bool = false, readsOnce: Bool = false) throws
        -> (store: SuiteStore, site: SiteDefaults?, schema: PreferenceSchema) {
        let declared = try declaredSchema()
        let suiteName = suite ?? declared?.suiteName ?? WeatherSettings.suiteName
        if let problem = SuiteLocation.problem(withSuiteName: suiteName) {
            // debugDescription quotes the name and escapes control characters, so the message
            // stays on one line and shows what was actually given.
            throw CommandFailure("invalid suite name \(suiteName.debugDescription): \(problem)", status: ExitStatus.usage)
        }
        // Under a file-size limit (`ulimit -f`), writing past it sends SIGXFSZ, which by default
        // kills the program half-way through a write. Ignored, the write fails with EFBIG
        // instead, and the store reports it naming the path, with the old suite untouched.
        signal(SIGXFSZ, SIG_IGN)
        var options = SuiteStore.Options()
        if reportsLockWaits { options.onLockWait = { note in Diagnostics.print(note) } }
        options.keepsFileBytes = !readsOnce
        let store = SuiteStore(suiteName: suiteName, watchForChanges: watchForChanges, options: options)
        // The site's defaults and locks ($XDG_CONFIG_DIRS), watched only where changes are shown.
        let site = SiteDefaults(suiteName: suiteName, watchForChanges: watchForChanges)
        let shownSite = site.folders.isEmpty ? nil : site
        // Keys the site sets are the suite's keys too (typed by the user's value where both have one).
        // (The user's dictionary is copied only when a site file adds a key: for a large suite
        // the copy was a fifth of `list`'s memory.)
        var stored = store.storedValues()
        let layers = shownSite?.layers ?? .none
        var typedBySite = Set<String>()
        for (index, folder) in layers.folders.enumerated() {
            for (name, value) in folder.values {
                // A locked key reads the site's value (from the lock's folder down), so that value,
                // not the user's, gives an inferred key its type.
                let locked = layers.lockingFolder(ofStored: name, in: declared).map { $0 <= index } ?? false
                if stored[name] == nil || (locked && !typedBySite.contains(name)) {
                    stored[name] = value
                    typedBySite.insert(name)
                }
            }
        }
        return (store, shownSite, declared?.addingOtherKeys(from: stored) ?? PreferenceSchema(inferredFrom: stored, suiteName: suiteName))
    }
}
