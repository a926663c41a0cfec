import ArgumentParser
import PrefsModel

struct SchemaCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case prefs
        case jsonSchema = "json-schema"
    }

    static let configuration = CommandConfiguration(
        commandName: "schema", _superCommandName: PrefsTUI.name,
        abstract: "Print the schema as JSON, in the format --schema reads, or as JSON Schema.",
        discussion: """
            For a suite without a schema (--suite without --schema), prints the schema inferred \
            from its file, a start for a real schema file. Keys in the file that the schema does \
            not describe are not part of it. With --format json-schema, prints a JSON Schema \
            (2020-12) of what `export` writes, for editors, validators and form generators.
            """)

    @Option(help: "prefs (the format --schema reads) or json-schema (JSON Schema 2020-12 of an export).")
    var format: Format = .prefs
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let schema = try options.declaredSchema() ?? options.open().schema
            switch format {
            case .prefs: Output.print(schema.jsonValue.prettyText)
            case .jsonSchema: Output.print(schema.jsonSchema.prettyText)
            }
        }
    }
}
