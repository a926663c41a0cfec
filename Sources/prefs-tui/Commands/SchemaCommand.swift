import ArgumentParser
import PrefsModel

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the schema as JSON, in the format --schema reads.")

    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            Output.print(try options.loadSchema().jsonValue.prettyText)
        }
    }
}
