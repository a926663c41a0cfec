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
            setting does not take is kept under its old name, never lost. A schema with a version \
            (a program's ordered migration steps) runs the steps after the version the suite \
            records, then records its own; a suite a newer version migrated is left alone. \
            --dry-run prints the steps and writes nothing. Any write (set, the editor) carries \
            out the same steps first. A step that fails exits 65 after the steps before it are saved.
            """)

    @Flag(help: "Print the steps; write nothing.") var dryRun = false
    @OptionGroup var options: SuiteOptions

    func run() throws {
        try reportingFailures {
            let prefs = try options.open()
            let outcome = dryRun ? prefs.plannedMigration() : try prefs.migrateAndReport()
            for step in outcome.steps { Output.print(step.description) }
            if outcome.steps.isEmpty { Diagnostics.print("nothing to migrate") }
            if dryRun && outcome.steps.contains(where: \.changesSuite) {
                Diagnostics.print("dry run: nothing was written")
            }
            prefs.reportStoreWarnings()
            if let failure = outcome.failure { throw failure }
        }
    }
}
