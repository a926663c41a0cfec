import ArgumentParser
import Foundation
import PrefsModel

/// `schema`: print a suite's schema (the default), or install, uninstall and list the schemas
/// programs install so that every tool finds their settings by suite name.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", _superCommandName: PrefsTUI.name,
        abstract: "Print a suite's schema, or install, uninstall and list installed schemas.",
        discussion: """
            An installed schema (<suite>.json in $XDG_DATA_HOME/prefs-tui/schemas, for one user, \
            or in prefs-tui/schemas under each $XDG_DATA_DIRS folder, for everyone) describes its \
            suite for every command and the editor, without --schema.
            """,
        subcommands: [SchemaPrintCommand.self, SchemaInstallCommand.self, SchemaUninstallCommand.self, SchemaListCommand.self],
        defaultSubcommand: SchemaPrintCommand.self)
}

struct SchemaPrintCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case prefs
        case jsonSchema = "json-schema"
    }

    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print the schema as JSON, in the format --schema reads, or as JSON Schema (the default).",
        discussion: """
            For a suite without a schema (--suite without --schema or an installed one), prints \
            the schema inferred from its file, a start for a real schema file. Keys in the file \
            that the schema does not describe are not part of it. With --format json-schema, \
            prints a JSON Schema (2020-12) of what `export` writes, for editors, validators and \
            form generators.
            """)

    @Option(help: "prefs (the format --schema reads) or json-schema (JSON Schema 2020-12 of an export).")
    var format: Format = .prefs
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let schema = try options.declaredSchema() ?? options.open(mustExist: true).schema
            switch format {
            case .prefs: Output.print(schema.jsonValue.prettyText)
            case .jsonSchema: Output.print(schema.jsonSchema.prettyText)
            }
        }
    }
}

struct SchemaInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install a schema file for its suite, checked first, replaced whole or not at all.",
        discussion: """
            Installs FILE as <suite>.json (the suite the file names) in \
            $XDG_DATA_HOME/prefs-tui/schemas, or with --system in the first $XDG_DATA_DIRS folder's \
            prefs-tui/schemas (default /usr/local/share/prefs-tui/schemas; usually needs root).
            """)

    @Argument(help: ArgumentHelp("The schema file (JSON, as `prefs-tui schema` prints one).", valueName: "file"),
              completion: .file(extensions: ["json"]))
    var file: String
    @Flag(help: "Install for every user of the machine.")
    var system = false

    func run() throws {
        try reportingFailures {
            let schema = try SuiteSelection(suite: nil, schema: file).declaredSchema()!
            let folder = system ? InstalledSchemas.systemFolders()[0] : InstalledSchemas.userFolder()
            let path = try schema.install(into: folder)
            Output.print("installed the schema of \(schema.suiteName) as \(path)")
        }
    }
}

struct SchemaUninstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Remove a suite's installed schema (the user's, or with --system everyone's).")

    @Argument(help: ArgumentHelp("The suite whose schema to remove.", valueName: "suite"), completion: Completions.suites)
    var suite: String
    @Flag(help: "Remove the schema installed for every user (from the first $XDG_DATA_DIRS folder that has one).")
    var system = false

    func run() throws {
        try reportingFailures {
            if let problem = SuiteLocation.problem(withSuiteName: suite) {
                throw CommandFailure("invalid suite name \(suite.debugDescription): \(problem)", status: ExitStatus.usage)
            }
            let folders = system ? InstalledSchemas.systemFolders() : [InstalledSchemas.userFolder()]
            let paths = folders.map { ($0 as NSString).appendingPathComponent(suite + ".json") }
            // Whatever is there by that name, a link to nothing or a FIFO too: what every other
            // command now names as the suite's (broken) schema is what this removes.
            guard let path = paths.first(where: { path in
                var status = stat()
                return lstat(path, &status) == 0
            }) else {
                throw CommandFailure("no schema of \(suite.quotedForMessage) is installed in \(folders.joined(separator: ", "))",
                                     status: ExitStatus.noInput)
            }
            guard unlink(path) == 0 else {
                throw CommandFailure("cannot remove \(path.quotedForMessage): \(String(cString: strerror(errno)))", status: ExitStatus.ioError)
            }
            // Its compiled form goes with it: left, it would be stale, and read by nothing.
            unlink(CompiledSchema.path(besideSchemaAt: path))
            Output.print("removed \(path)")
        }
    }
}

struct SchemaListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the installed schemas: suite, title, version and folder, one a line.")

    func run() throws {
        try reportingFailures {
            let entries = InstalledSchemas.all()
            var table = TextTable(header: ["SUITE", "TITLE", "VERSION", "FOLDER"])
            for entry in entries {
                let schema = SuiteSelection.installedSchemaOrWarning(at: entry.path)
                table.addRow([entry.suiteName, schema?.title ?? "(cannot be read)", schema.map { String($0.version) } ?? "-", entry.folder])
            }
            table.print()
        }
    }
}
