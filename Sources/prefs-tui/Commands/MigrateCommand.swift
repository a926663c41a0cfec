import ArgumentParser
import PrefsModel

struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", _superCommandName: PrefsTUI.name,
        abstract: "Move values stored under settings' old names to their new ones, and remove retired settings.",
        discussion: """
            The schema names a setting's earlier names ("renamedFrom") and the settings it \
            dropped ("retired"). migrate prints each step, one a line (OLD, an arrow, NEW: VALUE; \
            NAME: VALUE removed (retired); NAME: VALUE kept (why)), and carries them out in one \
            write, decided on the file as it is then, under the suite's lock. A value the renamed \
            setting does not take is kept under its old name, never lost. --dry-run prints the \
            steps and writes nothing. Any write (set, the editor) carries out the same steps first.
            """)

    @Flag(help: "Print the steps; write nothing.") var dryRun = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let prefs = try options.open()
            let steps = dryRun ? prefs.migrationPlan() : try prefs.migrate()
            for step in steps { Output.print(step.description) }
            if steps.isEmpty { Diagnostics.print("nothing to migrate") }
            if dryRun && steps.contains(where: { if case .keep = $0.action { return false }; return true }) {
                Diagnostics.print("dry run: nothing was written")
            }
            prefs.reportStoreWarnings()
        }
    }
}
