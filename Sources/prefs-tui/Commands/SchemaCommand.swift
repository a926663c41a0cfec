import ArgumentParser
import PrefsModel

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", _superCommandName: PrefsTUI.name,
        abstract: "Print the schema as JSON, in the format --schema reads.",
        discussion: """
            For a suite without a schema (--suite without --schema), prints the schema inferred \
            from its file, a start for a real schema file. Keys in the file that the schema does \
            not describe are not part of it.
            """)

    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let schema = try options.declaredSchema() ?? options.open().schema
            Output.print(schema.jsonValue.prettyText)
        }
    }
}
