import Foundation
import PrefsDemo
import PrefsModel

/// Which suite a command works on, and with which schema: what `--suite` and `--schema` say,
/// apart from the argument parser, so a command can run without it (`get`'s quick start).
struct SuiteSelection: Equatable {
    var suite: String?
    var schema: String?

    /// The schema that describes the suite: the file given with `--schema`, else the demo when
    /// no other suite is named, else the suite's installed schema (``InstalledSchemas``: a
    /// program's own, found by its suite's name); nil for another suite with none, whose schema
    /// is inferred from its file (applying the demo to another program's suite would show and
    /// write the demo's keys in it). An installed schema that cannot be read is an error naming
    /// its file, as a `--schema` file's is: nothing falls back silently.
    func declaredSchema() throws -> PreferenceSchema? {
        if let schema {
            return try Self.schema(from: InputFile.contents(of: schema, kind: "a schema file", prefix: "cannot read schema"), path: schema)
        }
        guard let path = installedSchemaPath else {
            return suite == nil || suite == WeatherSettings.suiteName ? WeatherSettings.schema : nil
        }
        return try Self.installedSchema(at: path)
    }

    /// An installed schema file, found rather than given: read from its compiled form's whole
    /// where that is there and usable (``CompiledSchemaReader/wholeSchema()``), the same schema
    /// without scanning the JSON; else from the JSON, of which only a regular file is read
    /// (``InputFile``), any failure exit 65, naming the file. The compiled form is then made
    /// where it is missing or stale (``CompiledSchema``), recording the file as it was before
    /// this reading: changed meanwhile, nothing is made.
    static func installedSchema(at path: String) throws -> PreferenceSchema {
        do {
            return try CompiledSchemaReader(schemaAt: path).wholeSchema()
        } catch {
            insteadOfCompiledForm(error, schemaAt: path)
        }
        let source = CompiledSchema.SourceFacts(ofFileAt: path)
        let schema = try schema(from: InputFile.contents(of: path, kind: "a schema file", prefix: "cannot read schema", regularOnly: true),
                                path: path)
        CompiledSchema.refresh(for: schema, schemaAt: path, madeFrom: source)
        return schema
    }

    /// The installed schema file of the suite named with `--suite`, when no `--schema` is given
    /// (the demo's suite keeps the built-in demo).
    var installedSchemaPath: String? {
        guard schema == nil, let suite, suite != WeatherSettings.suiteName else { return nil }
        return InstalledSchemas.path(ofSuite: suite)
    }

    /// An installed schema for a listing of many (`suites`, `schema list`): nil when it cannot
    /// be read, said on standard error naming the file, while the other suites are listed.
    static func installedSchemaOrWarning(at path: String) -> PreferenceSchema? {
        do {
            return try installedSchema(at: path)
        } catch let failure as CommandFailure {
            Diagnostics.print("warning: \(failure.message)")
            return nil
        } catch {
            Diagnostics.print("warning: cannot read schema \(path.quotedForMessage): \(error)")
            return nil
        }
    }

    /// The bytes of the `--schema` file.
    private func schemaFileContents() throws -> Data {
        try InputFile.contents(of: schema ?? "", kind: "a schema file", prefix: "cannot read schema")
    }

    private static func schema(from data: Data, path: String) throws -> PreferenceSchema {
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
    ///
    /// `mustExist`: a suite with no file, no schema (given, installed or the demo) and no site
    /// file is most likely a misspelled name: it is an error, exit 66, naming the nearest suites
    /// there are (`get`, `list`, `export`, `watch` and the editor; `set` and `import` create one).
    ///
    /// `focus`: the one setting the command works on (`get KEY`, `set KEY`). With an installed
    /// schema's compiled form, the schema then holds that setting and those it needs
    /// (``CompiledSchemaReader``), not every setting: the command costs what the key costs.
    func open(watchForChanges: Bool = false, reportsLockWaits: Bool = true, readsOnce: Bool = false,
              mustExist: Bool = false, focus: Focus? = nil) throws -> Preferences {
        let (store, site, schema) = try storeAndSchema(watchForChanges: watchForChanges, reportsLockWaits: reportsLockWaits,
                                                       readsOnce: readsOnce, focus: focus)
        if mustExist, schema.isInferred, schema.keys.isEmpty, !store.hasFile {
            throw Self.noSuchSuite(store.suiteName)
        }
        // A suite a newer program migrated, read with an older schema: said, naming both.
        if !schema.isInferred, schema.version > 0, case .int(let recorded)? = store.storedValue(forKey: PreferenceSchema.versionKey),
           recorded > schema.version {
            let from = installedSchemaPath.map { " (\($0.controlCharactersEscaped))" } ?? ""
            Diagnostics.print("warning: \(store.suiteName) is at version \(recorded) of its settings, newer than its schema's version "
                + "\(schema.version)\(from); install the newer program's schema to describe it")
        }
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
        // The project file found from the working folder, watched only by a command that
        // follows changes (the editor, watch): a one-shot command reads it once.
        let project = schema.projectFile.flatMap { ProjectLocation.workingFolder.path(for: $0) }
            .map { ProjectFile(path: $0, schema: schema, watchForChanges: watchForChanges) }
        let prefs = Preferences(store: store, schema: schema, site: site, overrides: [:], project: project,
                                onWriteError: { Diagnostics.print("warning: \($0.description(maxValueLength: 200))") }, isView: false)
        // A project file found here whose values do not apply: one line, with the command
        // that trusts it where trusting would help.
        if let project = prefs.projectLayer, !project.isTrusted || project.problem != nil {
            Diagnostics.print("note: \(project)")
        }
        // Names in an applied project file that are no setting (a typo): each said once.
        for unknown in prefs.siteLayers.project?.unknown ?? [] {
            Diagnostics.print("warning: \(SettingWords.projectFile(prefs.siteLayers.project?.path ?? "")): \(unknown)".controlCharactersEscaped)
        }
        return prefs
    }

    /// The schema `open` would use, without warnings on standard error (for shell completion).
    func schemaWithoutDiagnostics() throws -> PreferenceSchema {
        try storeAndSchema(watchForChanges: false, readsOnce: true).schema
    }

    private func storeAndSchema(watchForChanges: Bool, reportsLockWaits: Bool = false, readsOnce: Bool = false, focus: Focus? = nil) throws
        -> (store: SuiteStore, site: SiteDefaults?, schema: PreferenceSchema) {
        // Under a file-size limit (`ulimit -f`), writing past it sends SIGXFSZ, which by default
        // kills the program half-way through a write. Ignored, the write fails with EFBIG
        // instead, and the store reports it naming the path, with the old suite untouched.
        signal(SIGXFSZ, SIG_IGN)
        var options = SuiteStore.Options()
        if reportsLockWaits { options.onLockWait = { note in Diagnostics.print(note) } }
        options.keepsFileBytes = !readsOnce
        // Only the editor lives on after its writes; a command that writes once and ends frees
        // the replaced file by ending, and a thread to free it sooner would cost more.
        options.freesReplacedFilesLater = watchForChanges
        let (declared, opened) = try focus.flatMap { try compiledPart(focusedOn: $0, options: options, watchForChanges: watchForChanges) }
            ?? declaredSchemaAndSuite(options: options, watchForChanges: watchForChanges)
        let (store, site) = try opened ?? Self.openSuite(suite ?? declared?.suiteName ?? WeatherSettings.suiteName,
                                                         options: options, watchForChanges: watchForChanges)
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
        return (store, shownSite, declared?.addingOtherKeys(from: stored) ?? PreferenceSchema(inferredFrom: stored, suiteName: store.suiteName))
    }

    /// The store and the site's defaults and locks of a suite; the name checked first.
    private static func openSuite(_ suiteName: String, options: SuiteStore.Options, watchForChanges: Bool) throws
        -> (store: SuiteStore, site: SiteDefaults) {
        if let problem = SuiteLocation.problem(withSuiteName: suiteName) {
            // debugDescription quotes the name and escapes control characters, so the message
            // stays on one line and shows what was actually given.
            throw CommandFailure("invalid suite name \(suiteName.debugDescription): \(problem)", status: ExitStatus.usage)
        }
        let store = SuiteStore(suiteName: suiteName, watchForChanges: watchForChanges, options: options)
        // The site's defaults and locks ($XDG_CONFIG_DIRS), watched only where changes are shown.
        return (store, SiteDefaults(suiteName: suiteName, watchForChanges: watchForChanges))
    }

    /// Below this size a schema is read faster than a thread starts (a 31 KB schema of 100
    /// settings: starting one cost 0.6 ms of CPU in a 3 ms `render`), and the suite is opened
    /// after it instead.
    static let schemaBytesWorthAThread = 256 * 1024

    /// The declared schema and, beside a large one, the suite: opened on a second thread while
    /// this one reads the schema (at 10,000 settings reading the suite was an eighth of the first
    /// frame's instructions, and the two share nothing). The second thread takes the suite's
    /// name from `--suite`, or from the file's `"suite"` (found by stepping over the settings,
    /// which takes a tenth of reading them). Nil for the suite when there is no schema file or
    /// a small one, when the name is invalid (the caller then reports it, after any fault of the
    /// schema, as always), or when the schema as read names another suite: the caller opens it.
    private func declaredSchemaAndSuite(options: SuiteStore.Options, watchForChanges: Bool) throws
        -> (declared: PreferenceSchema?, opened: (store: SuiteStore, site: SiteDefaults)?) {
        guard let path = schema else { return (try declaredSchema(), nil) }
        let data = try schemaFileContents()
        guard data.count >= Self.schemaBytesWorthAThread else { return (try Self.schema(from: data, path: path), nil) }
        let given = suite
        // A second thread that has not begun by the time the schema is read, or could not be
        // made, leaves the suite to this thread: nothing waits for a thread that may never start.
        let opening = SideWork { () -> (name: String, store: SuiteStore, site: SiteDefaults)? in
            guard let name = given ?? PreferenceSchema.suiteName(declaredIn: data), SuiteLocation.problem(withSuiteName: name) == nil,
                  let suite = try? Self.openSuite(name, options: options, watchForChanges: watchForChanges) else { return nil }
            return (name, suite.store, suite.site)
        }
        let declared: PreferenceSchema
        do {
            declared = try Self.schema(from: data, path: path)
        } catch {
            // A schema that cannot be read is reported at once: the suite opened for it is
            // dropped unseen (waiting could take as long as its file is being rewritten).
            opening.drop()
            throw error
        }
        guard let suite = opening.result(), suite.name == given ?? declared.suiteName else { return (declared, nil) }
        return (declared, (suite.store, suite.site))
    }

    /// The one setting a command works on, and whether it writes.
    struct Focus {
        var key: String
        /// A write carries out a pending migration of every value stored (old names, a
        /// conversion, retired names), so it needs the settings of every name the suite holds; a
        /// read needs only its setting's.
        var writes: Bool
    }

    /// Past this many names to look up, the whole schema is read: each is a few `pread`s, and
    /// a suite that stores thousands of values is read whole by the command anyway.
    static let compiledLookupLimit = 256

    /// The part of the installed schema a command on one setting needs, from its compiled form,
    /// with the suite opened for it: the setting, those its condition and rules read, the
    /// names the site's locks list (which must be known to be said as settings or typos), and
    /// for a write every name the suite's files hold, so that migrations on write and the other
    /// keys come out as with the whole schema. Nil (the whole JSON is read) when the form is
    /// missing, stale or damaged (said, naming why), when the schema does not know the setting
    /// (its suggestions come from the whole), or when a project file is found here (which may
    /// name any setting).
    private func compiledPart(focusedOn focus: Focus, options: SuiteStore.Options, watchForChanges: Bool) throws
        -> (declared: PreferenceSchema?, opened: (store: SuiteStore, site: SiteDefaults)?)? {
        guard let path = installedSchemaPath, let suite else { return nil }
        let part: PreferenceSchema?
        let opened: (store: SuiteStore, site: SiteDefaults)
        do {
            let reader = try CompiledSchemaReader(schemaAt: path)
            opened = try Self.openSuite(suite, options: options, watchForChanges: watchForChanges)
            var names: Set<String> = [focus.key]
            for folder in opened.site.layers.folders {
                names.formUnion(folder.locked)
                if focus.writes { names.formUnion(folder.values.keys) }
            }
            if focus.writes { names.formUnion(opened.store.storedValues().keys) }
            guard names.count <= Self.compiledLookupLimit else { return (try declaredSchema(), opened) }
            part = try reader.schema(covering: names, required: focus.key)
        } catch let unusable as CompiledSchemaReader.Unusable {
            Self.insteadOfCompiledForm(unusable, schemaAt: path)
            return nil
        }
        guard let part, !(part.projectFile.map { ProjectLocation.workingFolder.path(for: $0) != nil } ?? false) else {
            return (try declaredSchema(), opened)
        }
        return (part, opened)
    }

    /// What is done when an installed schema's compiled form cannot be used and its JSON is
    /// read instead: said (unless there simply is none, or it is in an earlier version's
    /// format, which is no fault), and the form removed, so that the JSON's reading makes it
    /// anew where it may.
    private static func insteadOfCompiledForm(_ unusable: CompiledSchemaReader.Unusable, schemaAt path: String) {
        guard !unusable.isMissing, !unusable.isOtherFormat else { return }
        Diagnostics.print("note: the compiled schema \(unusable.description.controlCharactersEscaped); read \(path.controlCharactersEscaped) instead")
        CompiledSchema.remove(besideSchemaAt: path)
    }

    /// Whether `prefs` is a suite that is nowhere yet (no file, no schema, no site file): a
    /// write then creates it, and ``sayCreated(_:)`` says so once (it may be a misspelling).
    static func isNowhere(_ prefs: Preferences) -> Bool {
        prefs.schema.isInferred && (prefs.site?.layers.folders.allSatisfy { $0.values.isEmpty && $0.locked.isEmpty } ?? true)
            && !((prefs.store as? SuiteStore)?.hasFile ?? true)
    }

    /// Says that a write created a suite that was nowhere, when it did.
    static func sayCreated(_ prefs: Preferences, wasNowhere: Bool) {
        guard wasNowhere, (prefs.store as? SuiteStore)?.hasFile == true else { return }
        Diagnostics.print("note: created the suite \(prefs.store.location.controlCharactersEscaped) "
            + "(no suite of that name was there; `prefs-tui suites` lists the ones there are)")
    }

    /// The error for a suite that is nowhere: its name, and the nearest names there are.
    static func noSuchSuite(_ name: String) -> CommandFailure {
        let near = EditDistance.ranked(name, among: KnownSuites.names()).prefix(3).map(\.name)
        let hint = near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?"
        return CommandFailure("no settings named \(name.quotedForMessage): no suite file in \(SuiteLocation.defaultDirectory().controlCharactersEscaped), "
            + "no installed schema and no site defaults\(hint)", status: ExitStatus.noInput)
    }
}
