import ArgumentParser
import PrefsModel

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Remove stored values so settings read their defaults again.",
        discussion: "Only the schema's keys are touched; other values in the suite stay.")

    @Argument(help: "The keys to reset.") var keys: [String] = []
    @Option(help: "Reset every setting of this section.") var section: String?
    @Flag(help: "Reset every setting of the schema.") var all = false
    @OptionGroup var options: SuiteOptions

    func validate() throws {
        let chosen = (keys.isEmpty ? 0 : 1) + (section == nil ? 0 : 1) + (all ? 1 : 0)
        if chosen != 1 { throw ValidationError("give keys, --section NAME or --all (exactly one of them)") }
    }

    func run() throws {
        try reportingFailures {
            let prefs = try options.open()
            if all {
                try prefs.resetAll()
            } else if let section {
                guard prefs.schema.sections.contains(where: { $0.name == section }) else {
                    throw CommandFailure("unknown section \"\(section)\"; sections: \(prefs.schema.sections.map(\.name).joined(separator: ", "))", status: ExitStatus.usage)
                }
                try prefs.reset(section: section)
            } else {
                try prefs.reset(keys: keys.map { try prefs.schema.requireKey(named: $0) })
            }
            prefs.reportStoreWarnings()
        }
    }
}
